import { describe, expect, it } from "vitest";
import { computePlan } from "../../src/plan/index.js";
import type { Protection } from "../../src/model/desired-resource.js";
import { doc, live, liveState, options, planError } from "./builders.js";

const at = (line: number) => ({ file: "transync.yaml", line, col: 5 });
const byRef = (ref: string, line = 3): Protection => ({ id: ref, name: ref, where: at(line) });

/** The pure refusal (src/plan/protect.ts): plan, apply and reconcile all compute the plan here, so all refuse alike. */
describe("computePlan: protected objects", () => {
  it("refuses every delete of a protected object, by id or by name, whatever the prune mode, listing each", () => {
    const state = liveState([live("tfm_a", "A"), live("tfm_b", "Shared"), live("tfm_c", "Shared"), live("tfm_d", "D")]);
    for (const prune of ["all", "removed"] as const) {
      const error = planError(() =>
        computePlan(
          [],
          state,
          options({ prune, removed: { ids: [], names: ["A", "Shared", "D"] }, protections: [byRef("tfm_a"), byRef("Shared", 4)] }),
        ),
      );
      expect(error.issues.map((i) => i.ids)).toEqual([["tfm_a"], ["tfm_b"], ["tfm_c"]]);
      expect(error.issues.map((i) => i.where)).toEqual(["transync.yaml:3:5", "transync.yaml:4:5", "transync.yaml:4:5"]);
      expect(error.message).toMatch(/^cannot plan: 3 protected objects would be deleted or moved/);
    }
  });

  it("refuses a move to another source by either name of a renamed object, but not a rename or an edit in place", () => {
    const state = liveState([live("tfm_a", "A")]);
    const moved = planError(() =>
      computePlan([doc("B", { sourceId: "src_b" }, { id: "tfm_a" })], state, options({ protections: [byRef("A")] })),
    );
    expect(moved.message).toContain("would move it from source src_a to src_b");
    const renamed = computePlan([doc("B", { if: "event = 'x'" }, { id: "tfm_a" })], state, options({ protections: [byRef("tfm_a")] }));
    expect(renamed.actions.map((a) => a.kind)).toEqual(["update"]);
  });

  it("says where a protection read at a pull request's base is written, and that the head cannot lift it", () => {
    const state = liveState([live("tfm_a", "A")]);
    const base: Protection = { id: "tfm_a", where: { file: "transformations/a.yaml", line: 8, col: 10 }, atBase: "origin/main" };
    const error = planError(() => computePlan([], state, options({ prune: "all", protections: [base] })));
    expect(error.issues[0]!.where).toBe("transformations/a.yaml:8:10 (at the base origin/main)");
    expect(error.message).toContain("a pull request cannot unprotect and remove it in one step");
  });

  it("warns of a transync.yaml entry no live object answers to (a typo protects nothing), not of a document's", () => {
    const doc: Protection = { name: "New", where: { file: "transformations/a.yaml", line: 7, col: 10 } };
    const plan = computePlan(
      [],
      liveState([live("tfm_a", "A")]),
      options({ protections: [byRef("tfm_a"), byRef("A"), byRef("Legacy", 5), doc] }),
    );
    expect(plan.warnings).toEqual([
      {
        where: "transync.yaml:5:5",
        message: 'protect: "Legacy" is neither the id nor the name of any live object read: it protects nothing (a typo?).',
      },
    ]);
  });

  it("without protections, the same plan deletes", () => {
    const plan = computePlan([], liveState([live("tfm_a", "A")]), options({ prune: "all", protections: [] }));
    expect(plan.actions.map((a) => `${a.kind} ${a.id}`)).toEqual(["delete tfm_a"]);
  });
});
