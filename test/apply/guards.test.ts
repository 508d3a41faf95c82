import { describe, expect, it } from "vitest";
import { checkGuards } from "../../src/apply/guards.js";
import { ConflictError, UsageError } from "../../src/errors.js";
import { createAction, deleteAction, makePlan, tf } from "./plan-builder.js";

const live = Array.from({ length: 12 }, (_, i) => tf(`tf_${i}`, `T${i}`));

describe("checkGuards", () => {
  it("refuses more deletes than the default of 10 and names the flag that raises it", () => {
    const plan = makePlan(live.slice(0, 11).map(deleteAction), live);
    expect(() => checkGuards(plan, { desiredCount: 1 })).toThrow(UsageError);
    expect(() => checkGuards(plan, { desiredCount: 1 })).toThrow(
      "refusing to apply: the plan deletes 11 transformations, more than --max-deletes allows (10). Review the deletes in the plan, then pass --max-deletes 11 to proceed.",
    );
  });

  it("allows exactly maxDeletes, and more once the flag is raised", () => {
    expect(() => checkGuards(makePlan(live.slice(0, 10).map(deleteAction), live), { desiredCount: 2 })).not.toThrow();
    expect(() => checkGuards(makePlan(live.slice(0, 12).map(deleteAction), live), { desiredCount: 2, maxDeletes: 12 })).not.toThrow();
    expect(() => checkGuards(makePlan(live.slice(0, 2).map(deleteAction), live), { desiredCount: 2, maxDeletes: 1 })).toThrow(
      /--max-deletes 2/,
    );
  });

  it("an empty folder of transformations refuses their deletes, not another kind's (read only when it has documents)", () => {
    const widgetDelete = { ...deleteAction(live[0]!), resource: "Widget", sourceId: "" };
    expect(() => checkGuards(makePlan([widgetDelete], live), { desiredCount: 0 })).not.toThrow();
    expect(() => checkGuards(makePlan([deleteAction(live[1]!), widgetDelete], live), { desiredCount: 0 })).toThrow(ConflictError);
  });

  it("refuses any delete when the desired folder is empty or missing, whatever --max-deletes says", () => {
    const plan = makePlan([deleteAction(live[0]!)], live);
    expect(() => checkGuards(plan, { desiredCount: 0, maxDeletes: 100, managedLiveCount: 12 })).toThrow(ConflictError);
    expect(() => checkGuards(plan, { desiredCount: 0, managedLiveCount: 12 })).toThrow(
      /the desired folder has no transformations \(empty or missing\), so apply will refuse this plan's 1 delete: a broken checkout must never wipe a workspace\..* 12 live transformations are in scope\./,
    );
  });

  it("lets an empty folder plan through when it deletes nothing", () => {
    expect(() => checkGuards(makePlan([createAction("New")]), { desiredCount: 0 })).not.toThrow();
    expect(() => checkGuards(makePlan([]), { desiredCount: 0 })).not.toThrow();
  });
});
