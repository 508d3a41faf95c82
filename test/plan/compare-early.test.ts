import { describe, expect, it } from "vitest";
import { compareListedEarly, computePlan } from "../../src/plan/index.js";
import type { DesiredResource } from "../../src/model/desired-resource.js";
import type { Transformation } from "../../src/model/transformation.js";
import { doc, live, liveState, options } from "./builders.js";

/**
 * plan compares each listed object with its document while the next list page is on the wire
 * (src/pipeline/build-plan.ts); computePlan must then find that comparison ready, and plan exactly
 * what it plans without it.
 */
describe("compareListedEarly: a pair compared as its page arrives is the pair computePlan plans", () => {
  const docs: DesiredResource[] = [
    doc("A", { if: "event = 'changed'" }),
    doc("B"),
    doc("Pinned", { if: "event = 'pinned'" }, { id: "id_p" }),
    doc("Twice", {}, { line: 1 }),
  ];
  const objects = (): Transformation[] => [
    live("id_a", "A"),
    live("id_b", "B"),
    live("id_p", "Renamed by hand"),
    live("id_t", "Twice"),
    live("id_x", "Unmanaged"),
  ];

  it("reuses the early comparison: the plan's update is the very action compared early, and the plan equals one computed cold", () => {
    const early = objects();
    const compare = compareListedEarly(docs, options());
    const outcomes = new Map(early.map((t) => [t.id, compare(t)]));
    const warm = computePlan(docs, liveState(early), options());
    const cold = computePlan(docs, liveState(objects()), options());
    expect(warm).toEqual(cold);
    const updateOfA = warm.actions.find((a) => a.name === "A");
    expect(updateOfA).toBeDefined();
    expect(updateOfA).toBe(outcomes.get("id_a")?.action);
    // A pin wins over a name, as in matchDocuments: the renamed object is compared with the pinning document.
    expect(warm.actions.find((a) => a.kind === "update" && a.id === "id_p")).toBe(outcomes.get("id_p")?.action);
    expect(outcomes.get("id_x")).toBeUndefined();
  });

  it("compares nothing where the name is ambiguous, and a plan whose matching differs from the early guess is still the cold one", () => {
    const twice = [...docs, doc("Twice", {}, { line: 9 })];
    const compare = compareListedEarly(twice, options());
    expect(compare(live("id_t", "Twice"))).toBeUndefined();
    // Out of scope: matchDocuments does not match by name there, whatever was compared early.
    const scoped = options({ scopeSources: ["src_other"] });
    const early = objects();
    for (const t of early) compareListedEarly(docs, scoped)(t);
    expect(
      computePlan(
        docs.filter((d) => d.id !== undefined),
        liveState(early),
        scoped,
      ),
    ).toEqual(
      computePlan(
        docs.filter((d) => d.id !== undefined),
        liveState(objects()),
        scoped,
      ),
    );
  });
});
