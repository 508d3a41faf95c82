import { describe, expect, it } from "vitest";
import type { DesiredResource } from "../../src/model/desired-resource.js";
import { planKind } from "../../src/plan/kind-plan.js";
import { kindPullRequestReasons } from "../../src/plan/pull-request-reasons.js";
import { WIDGET } from "./toy-kind.js";

const widget = (name: string, colors: string[]): DesiredResource =>
  ({
    kind: "Widget",
    name,
    spec: { name, colors },
    location: { file: "widgets.yaml", line: 1, column: 1 },
  }) as unknown as DesiredResource;

/** The reasons of the one update planKind plans for `head` against a live widget, the base's document given or not. */
function reasonsOf(head: DesiredResource, liveColors: string[], base: DesiredResource | undefined) {
  const [update] = planKind(WIDGET, [head], [{ id: "wdg_1", name: head.name, colors: liveColors }], { prune: false }).actions;
  return kindPullRequestReasons(WIDGET, update!, head, base).reasons;
}

describe("another kind's update in a pull-request plan says whether the pull request or live drift makes it (pure)", () => {
  it("the pull request's change, drift, or both at once in one field", () => {
    expect(reasonsOf(widget("Gear", ["red", "blue"]), ["red"], widget("Gear", ["red"]))).toEqual(["pull-request"]);
    expect(reasonsOf(widget("Gear", ["red"]), ["white"], widget("Gear", ["red"]))).toEqual(["drift"]);
    expect(reasonsOf(widget("Gear", ["red", "blue"]), ["white"], widget("Gear", ["red"]))).toEqual(["pull-request", "drift"]);
  });

  it("values are compared as the kind compares them: a set reordered at the base is no change of the pull request", () => {
    expect(reasonsOf(widget("Gear", ["red", "blue"]), ["red"], widget("Gear", ["blue", "red"]))).toEqual(["drift"]);
  });

  it("a document the base lacks is the pull request's entirely", () => {
    expect(reasonsOf(widget("Gear", ["red"]), ["white"], undefined)).toEqual(["pull-request"]);
  });
});
