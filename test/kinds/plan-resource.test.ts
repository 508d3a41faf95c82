import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan as planValidator } from "../../src/report/plan-validator.generated.js";

/** A golden plan of today (test/golden-plans/), whose actions name no kind: every one is a Transformation. */
const golden = (): { actions: Array<Record<string, unknown>> } =>
  JSON.parse(readFileSync(join(import.meta.dirname, "../golden-plans/examples-staging.json"), "utf8")) as {
    actions: Array<Record<string, unknown>>;
  };

describe("a plan action's resource (schemas/plan.schema.json): the kind, only when it is not Transformation", () => {
  it("today's plans carry none and stay valid; an action may name its kind; an empty one is refused", () => {
    const plan = golden();
    expect(plan.actions.length).toBeGreaterThan(0);
    expect(plan.actions.every((action) => !("resource" in action))).toBe(true);
    expect(planValidator(plan)).toBe(true);
    for (const action of plan.actions) action.resource = "Widget";
    expect(planValidator(plan)).toBe(true);
    plan.actions[0]!.resource = "";
    expect(planValidator(plan)).toBe(false);
  });
});
