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
  it("a Transformation's action carries none, another kind's names it, and both stay valid; an empty one is refused", () => {
    const plan = golden();
    const own = plan.actions.filter((action) => !("resource" in action));
    const others = plan.actions.filter((action) => "resource" in action);
    expect(own.length).toBeGreaterThan(0);
    // The examples' one Destination Filter (examples/transformations/ads-filters.yaml) is created after every Transformation.
    expect(others.map((action) => action.resource)).toEqual(["DestinationFilter"]);
    expect(plan.actions.slice(-others.length)).toEqual(others);
    expect(planValidator(plan)).toBe(true);
    for (const action of own) action.resource = "Widget";
    expect(planValidator(plan)).toBe(true);
    own[0]!.resource = "";
    expect(planValidator(plan)).toBe(false);
  });
});
