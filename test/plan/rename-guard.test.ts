import { describe, expect, it } from "vitest";
import { computePlan, PlanError } from "../../src/plan/index.js";
import { doc, live, liveState, options, planError } from "./builders.js";

/** Renames and moves are guarded like creates: names may repeat in a workspace, so the plan must not make them repeat. */
describe("computePlan: a rename or move onto a taken (name, source)", () => {
  it("refuses a pinned rename onto the name another live object holds in that source, naming both ids", () => {
    const state = liveState([live("tfm_a", "A", { if: "event = 'B'" }), live("tfm_b", "B")]);
    const error = planError(() => computePlan([doc("B", {}, { id: "tfm_a" })], state, options()));
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]!.ids).toEqual(["tfm_a", "tfm_b"]);
    expect(error.issues[0]!.where).toBe("transformations/main.yaml:1:1");
    expect(error.message).toMatch(/renames tfm_a from "A" to "B", but tfm_b already holds "B" in source src_a/);
  });

  it("refuses moving a pinned object into a source that holds its name, even outside the managed scope", () => {
    const state = liveState([live("tfm_a", "A"), live("tfm_x", "A", { sourceId: "src_app" })]);
    const error = planError(() =>
      computePlan([doc("A", { sourceId: "src_app" }, { id: "tfm_a" })], state, options({ scopeSources: ["src_a"] })),
    );
    expect(error.issues[0]!.ids).toEqual(["tfm_a", "tfm_x"]);
    expect(error.message).toMatch(/moves tfm_a from source src_a to src_app, but tfm_x already holds "A" in source src_app/);
  });

  it("allows the rename when the holder is deleted by the same plan (deletes run first)", () => {
    const state = liveState([live("tfm_a", "A", { if: "event = 'B'" }), live("tfm_b", "B")]);
    const plan = computePlan([doc("B", {}, { id: "tfm_a" })], state, options({ prune: "all" }));
    expect(plan.actions.map((a) => `${a.kind} ${a.id}`)).toEqual(["delete tfm_b", "update tfm_a"]);
  });

  it("refuses a swap (A to B while B goes to A) and a chain: apply runs updates at once, so either could leave two of a name", () => {
    const swap = liveState([live("tfm_a", "A", { if: "event = 'x'" }), live("tfm_b", "B", { if: "event = 'x'" })]);
    const error = planError(() =>
      computePlan(
        [doc("B", { if: "event = 'x'" }, { id: "tfm_a" }), doc("A", { if: "event = 'x'" }, { id: "tfm_b", line: 7 })],
        swap,
        options(),
      ),
    );
    expect(error.issues.map((i) => i.ids)).toEqual([
      ["tfm_b", "tfm_a"],
      ["tfm_a", "tfm_b"],
    ]);
    expect(error.message).toMatch(/tfm_b already holds "B" in source src_a \(this plan renames it too/);
    const chain = liveState([live("tfm_a", "A", { if: "event = 'x'" }), live("tfm_b", "B", { if: "event = 'x'" })]);
    expect(() =>
      computePlan([doc("B", { if: "event = 'x'" }, { id: "tfm_a" }), doc("C", { if: "event = 'x'" }, { id: "tfm_b" })], chain, options()),
    ).toThrow(PlanError);
  });

  it("a rename onto a name that is free, or held in another source, is a plain update", () => {
    const state = liveState([live("tfm_a", "A", { if: "event = 'B'" }), live("tfm_b", "B", { sourceId: "src_other" })]);
    const plan = computePlan([doc("B", {}, { id: "tfm_a" })], state, options());
    expect(plan.actions.map((a) => `${a.kind} ${a.id} ${a.name}`)).toEqual(["update tfm_a B"]);
  });

  it("an update that keeps its name and source is never refused, even where the name repeats", () => {
    const state = liveState([live("tfm_a", "Dup"), live("tfm_b", "Dup")]);
    const plan = computePlan([doc("Dup", { enabled: false }, { id: "tfm_a" })], state, options());
    expect(plan.actions.map((a) => `${a.kind} ${a.id}`)).toEqual(["update tfm_a"]);
  });
});
