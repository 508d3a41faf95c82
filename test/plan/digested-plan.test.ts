import { describe, expect, it } from "vitest";
import { canonicalJson, computeDigestedPlan, computePlan, digestedPlan, planDigest } from "../../src/plan/index.js";
import { renderJson } from "../../src/report/render-json.js";
import { doc, live, liveState, options } from "./builders.js";

/** A plan with every kind of action: an update (a location, changes, a patch), a create and a delete. */
function mixedPlan() {
  return computeDigestedPlan(
    [doc("Changed", { if: "event = 'b'", enabled: false }), doc("New")],
    liveState([live("id1", "Changed", { if: "event = 'a'" }), live("id2", "Gone")]),
    options({ prune: "all" }),
  );
}

/** Whether every object in `value` lists its keys in canonical order (what canonicalJson would sort them into). */
function keysInOrder(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(keysInOrder);
  if (value === null || typeof value !== "object") return true;
  const keys = Object.keys(value);
  return keys.every((key, i) => i === 0 || keys[i - 1]! < key) && Object.values(value).every(keysInOrder);
}

describe("digestedPlan: the plan's canonical form and its digest, made once", () => {
  it("gives the digest planDigest gives, over the text it returns", () => {
    const { plan, text } = mixedPlan();
    const { digest: _digest, ...rest } = plan;
    expect(text).toBe(canonicalJson(rest));
    expect(plan.digest).toBe(planDigest(plan));
    expect(computePlan([doc("New")], liveState([]), options()).digest).toBe(
      planDigest(computePlan([doc("New")], liveState([]), options())),
    );
  });

  it("keeps the plan in canonical form, its digest among the keys in order: its JSON is the plan as it is, indented", () => {
    const { plan } = mixedPlan();
    expect(plan.actions.map((a) => a.kind)).toEqual(["delete", "update", "create"]);
    expect(keysInOrder(plan)).toBe(true);
    expect(Object.keys(plan)).toContain("digest");
    expect(renderJson(plan)).toBe(`${JSON.stringify(plan, null, 2)}\n`);
  });

  it("makes the digest again, leaving out a stale one and members left undefined", () => {
    const made = JSON.parse('{"b":1,"a":[2],"digest":"sha256:stale","z":null}') as Record<string, unknown>;
    const { plan, text } = digestedPlan({ ...made, c: undefined });
    expect(Object.keys(plan)).toEqual(["a", "b", "digest", "z"]);
    expect(plan.digest).toBe(planDigest(made));
    expect(text).toBe('{"a":[2],"b":1,"z":null}');
  });
});
