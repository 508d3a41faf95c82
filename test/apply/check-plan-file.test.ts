import { describe, expect, it } from "vitest";
import type { Plan, PlanAction } from "../../src/plan/types.js";
import { checkPlanFile } from "../../src/apply/check-plan-file.js";
import { planDigest } from "../../src/plan/digest.js";
import { ValidationError } from "../../src/errors.js";
import { createAction, deleteAction, makePlan, tf, updateAction } from "./plan-builder.js";

const a = tf("tf_a", "A");
const b = tf("tf_b", "B", { sourceId: "src_app" });

/** A plan as `plan --out` writes it: digest over everything else. */
function sealed(plan: Plan): Plan {
  return { ...plan, digest: planDigest(plan) };
}

function problems(plan: Plan): string[] {
  try {
    checkPlanFile(plan, "plan.json");
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const e = error as ValidationError;
    return [e.message, ...e.issues.map((i) => `${i.where ?? ""} ${i.message}`)];
  }
  return [];
}

describe("checkPlanFile", () => {
  it("accepts a plan as written", () => {
    expect(problems(sealed(makePlan([deleteAction(a), updateAction(b, { enabled: false }), createAction("C")], [a, b])))).toEqual([]);
  });

  it("refuses a plan edited after its digest, and one without a digest", () => {
    const plan = sealed(makePlan([createAction("C")]));
    expect(problems({ ...plan, workspaceId: "ws_2" })[0]).toBe(
      "plan.json was edited since it was written (its digest does not match its content); nothing was applied; run `transync plan --out FILE` again and apply that file unchanged.",
    );
    expect(problems({ ...plan, digest: undefined } as unknown as Plan)[0]).toMatch(/^plan\.json has no digest/);
  });

  it("lists every inconsistency at once: summary, prune mode, scope, an unread object, duplicates, a create with an id", () => {
    const plan = makePlan(
      [
        deleteAction(a),
        deleteAction(a),
        deleteAction(b),
        { ...updateAction(tf("tf_x", "X"), { enabled: false }) },
        { ...createAction("C"), id: "tf_c" } as unknown as PlanAction,
      ],
      [a, b],
      {
        options: { prune: "removed", resendWriteOnly: false, refresh: "list", scopeSources: ["src_web"] },
      },
    );
    plan.summary.delete = 0;
    const found = problems(sealed(plan));
    expect(found[0]).toMatch(/^plan\.json is not consistent \(\d+ problems\), so nothing was applied/);
    expect(found).toEqual(
      expect.arrayContaining([
        "/summary/delete the summary says 0, but the plan lists 3",
        `/actions/0 delete of "A": its prune reason "all" is not the plan's prune mode "removed"`,
        `/actions/2 delete of "B": source src_app is outside the plan's scope (src_web)`,
        `/actions/3 update of "X": object tf_x is not among the live objects the plan read`,
        `/actions/4 create of "C": a create has no id`,
        "/actions/1 object tf_a has more than one action",
      ]),
    );
  });

  it("an action on an id that is a property name (constructor, __proto__) the plan did not read is named as unread", () => {
    for (const id of ["constructor", "__proto__", "valueOf"]) {
      const unread = { ...updateAction(tf(id, "X"), { enabled: false }), fingerprint: undefined } as unknown as PlanAction;
      expect(problems(sealed(makePlan([unread], [a]))), id).toContain(
        `/actions/0 update of "X": object ${id} is not among the live objects the plan read`,
      );
    }
  });

  it("a delete in a plan that does not prune, or whose fingerprint differs from the one read", () => {
    const noPrune = makePlan([deleteAction(a)], [a], { options: { prune: false, resendWriteOnly: false, refresh: "list" } });
    expect(problems(sealed(noPrune))).toContain(
      `/actions/0 delete of "A": the plan does not prune (options.prune is false), so it deletes nothing`,
    );
    const other = makePlan([{ ...deleteAction(a), fingerprint: "sha256:other" } as PlanAction], [a]);
    expect(problems(sealed(other))).toContain(`/actions/0 delete of "A": its fingerprint differs from the one the plan read for tf_a`);
  });
  it("an update body must send what its changes show and no more; a redacted change stands for the body's value", () => {
    const extraKey = { ...updateAction(b, { if: "event = 'B2'" }), body: { if: "event = 'B2'", enabled: false } } as PlanAction;
    expect(problems(sealed(makePlan([extraKey], [b])))).toContain(
      `/actions/0 update of "B": its body sends enabled = false, which neither its changes nor writeOnlyResent list`,
    );
    const unsent = {
      ...updateAction(b, { if: "event = 'B2'" }),
      changes: [
        { field: "if", after: "event = 'B2'" },
        { field: "enabled", before: true, after: false },
      ],
    } as PlanAction;
    expect(problems(sealed(makePlan([unsent], [b])))).toContain(
      `/actions/0 update of "B": its changes list enabled, which its body does not send`,
    );
    const resent = {
      ...updateAction(b, { if: "event = 'B2'" }),
      body: { if: "event = 'B2'", drop: true },
      writeOnlyResent: ["drop"],
    } as PlanAction;
    expect(problems(sealed(makePlan([resent], [b])))).toEqual([]);
    const shownRedacted = {
      ...updateAction(b, { if: "event = 'sgp_secret'" }),
      changes: [{ field: "if", after: "event = '[redacted]'" }],
    } as PlanAction;
    expect(problems(sealed(makePlan([shownRedacted], [b])))).toEqual([]);
    const redactedElsewhere = {
      ...updateAction(b, { if: "event = 'sgp_secret'" }),
      changes: [{ field: "if", after: "type = '[redacted]'" }],
    } as PlanAction;
    expect(problems(sealed(makePlan([redactedElsewhere], [b])))).toContain(
      `/actions/0 update of "B": its body sends if = "event = 'sgp_secret'", but its changes show "type = '[redacted]'"`,
    );
  });

  it("a create body must equal its changes: no key beyond them, no other value, nothing listed and not sent", () => {
    const create = createAction("C", { newEventName: "C2" }) as PlanAction & { body: Record<string, unknown> };
    expect(problems(sealed(makePlan([create])))).toEqual([]);
    const more = { ...create, body: { ...create.body, drop: true } } as PlanAction;
    expect(problems(sealed(makePlan([more])))).toContain(
      `/actions/0 create of "C": its body sends drop = true, which its changes do not list`,
    );
    const other = { ...create, body: { ...create.body, newEventName: "Z" } } as PlanAction;
    expect(problems(sealed(makePlan([other])))).toContain(
      `/actions/0 create of "C": its body sends newEventName = "Z", but its changes show "C2"`,
    );
    const less = { ...create, body: { ...create.body, newEventName: undefined } } as PlanAction;
    expect(problems(sealed(makePlan([less])))).toContain(
      `/actions/0 create of "C": its changes list newEventName, which its body does not send`,
    );
  });
});
