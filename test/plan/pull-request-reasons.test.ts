import { describe, expect, it } from "vitest";
import { computePlan, type UpdateAction } from "../../src/plan/index.js";
import type { DesiredResource } from "../../src/model/desired-resource.js";
import type { Transformation } from "../../src/model/transformation.js";
import { doc, live, liveState, options } from "./builders.js";

const PR = { base: "b".repeat(40), head: "h".repeat(40), files: [], transformations: [] };

/** A pull-request plan: `base` holds the documents at the PR's base, `head` those of the PR. */
function prPlan(head: DesiredResource[], base: DesiredResource[], liveObjects: Transformation[], extra = {}) {
  const plan = computePlan(head, liveState(liveObjects), options({ pullRequest: PR, pullRequestBase: base, ...extra }));
  return Object.fromEntries(plan.actions.filter((a): a is UpdateAction => a.kind === "update").map((a) => [a.name, a.reasons]));
}

describe("pull-request plans: an update says whether the pull request or live drift makes it", () => {
  it("a field the pull request changes is the pull request's change, not drift", () => {
    const reasons = prPlan([doc("A", { if: "event = 'A2'" })], [doc("A")], [live("id1", "A")]);
    expect(reasons).toEqual({ A: ["pull-request"] });
  });

  it("a live value that moved away from the base document is drift, whether or not the PR touches the document", () => {
    const reasons = prPlan(
      [doc("B"), doc("C", { if: "event = 'C2'" })],
      [doc("B"), doc("C")],
      [live("id1", "B", { enabled: false }), live("id2", "C", { enabled: false })],
    );
    expect(reasons).toEqual({ B: ["drift"], C: ["pull-request", "drift"] });
  });

  it("both at once in one field: the PR changes it and live had moved from the base too", () => {
    const reasons = prPlan([doc("D", { if: "event = 'D2'" })], [doc("D")], [live("id1", "D", { if: "event = 'by hand'" })]);
    expect(reasons).toEqual({ D: ["pull-request", "drift"] });
  });

  it("a rename the pull request makes is a rename of the pull request", () => {
    const reasons = prPlan(
      [doc("New", {}, { id: "id1" })],
      [doc("Old", { if: "event = 'New'" }, { id: "id1" })],
      [live("id1", "Old", { if: "event = 'New'" })],
    );
    expect(reasons).toEqual({ New: ["rename", "pull-request"] });
  });

  it("a document the pull request adds (adopting a live object, or no base at all) is the pull request's", () => {
    const reasons = prPlan([doc("E", { enabled: false })], [], [live("id1", "E")]);
    expect(reasons).toEqual({ E: ["pull-request"] });
  });

  it("a write-only change the PR makes is the PR's; the record's own difference is not drift (the API never shows it)", () => {
    const basis = { source: "applied" as const, commit: "b".repeat(40), documents: [doc("W"), doc("R", { drop: true })] };
    const reasons = prPlan([doc("W", { drop: true }), doc("R")], [doc("W"), doc("R")], [live("id1", "W"), live("id2", "R")], {
      writeOnlyBasis: basis,
    });
    expect(reasons).toEqual({ W: ["pull-request", "write-only-changed"], R: ["write-only-changed"] });
  });

  it("a plan without --base keeps today's reasons", () => {
    const plan = computePlan([doc("A", { if: "event = 'A2'" })], liveState([live("id1", "A")]), options());
    expect((plan.actions[0] as UpdateAction).reasons).toEqual(["drift"]);
  });
});
