import { describe, expect, it } from "vitest";
import { actionVolumes, selectedVolume, VOLUME_DAYS, type VolumeInputs, type VolumeSample } from "../../src/impact/volume.js";
import { computePlan } from "../../src/plan/index.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import { doc, live, liveState, options } from "../plan/builders.js";
import { row, WEB_ROWS, week } from "./volume-fixtures.js";

function inputs(samples: VolumeSample[] = [], rows = WEB_ROWS): VolumeInputs {
  return { volumes: new Map([["src_a", rows]]), samples, engine: createFqlEngine(), days: VOLUME_DAYS };
}

const track = (event: string, properties: Record<string, number> = {}): VolumeSample => ({
  sourceId: "src_a",
  event: { type: "track", event, properties },
});

describe("selectedVolume: exact for a plain selector, from the rows alone", () => {
  it.each([
    ["event = 'Order Completed'", 41_203],
    ["event in ['Order Completed', 'Product Viewed']", 42_203],
    ["event = 'Order Refunded'", 1],
    ["type = 'page'", 500],
    ["type = 'track' and !(event = 'Order Completed')", 1_001],
    // `!=` on an event without a name: the simulator's rule (a missing field is null, not equal to 'x').
    ["event != 'Order Completed'", 1_601],
    ["all", 42_804],
    ["", 42_804],
    ["event = 'Order Complted'", 0],
  ])("%s selects %d events a day", (fql, perDay) => {
    expect(selectedVolume(fql, "src_a", inputs())).toEqual({ perDay, basis: "exact" });
  });

  it("averages the window and rounds: 10 events in 7 days is 1 a day", () => {
    expect(selectedVolume("event = 'X'", "src_a", inputs([], [row("X", "track", [10, 0, 0, 0, 0, 0, 0])]))).toEqual({
      perDay: 1,
      basis: "exact",
    });
  });

  it("reads the API's upper-case event type as the lower-case `type` events carry", () => {
    expect(selectedVolume("type = 'track'", "src_a", inputs([], [row("X", "TRACK", week(3))]))).toEqual({ perDay: 3, basis: "exact" });
  });

  it("is exact whatever the samples say", () => {
    expect(selectedVolume("event = 'Product Viewed'", "src_a", inputs([track("Order Completed")]))).toEqual({
      perDay: 1_000,
      basis: "exact",
    });
  });

  it("says nothing of a source that was not read", () => {
    expect(selectedVolume("event = 'A'", "src_other", inputs())).toBeUndefined();
  });
});

describe("selectedVolume: an estimate from the source's samples, else unknown", () => {
  const samples = [
    track("Order Completed", { total: 500 }),
    track("Order Completed", { total: 20 }),
    track("Order Completed", { total: 5 }),
    track("Product Viewed"),
    { sourceId: "src_other", event: { type: "track", event: "Order Completed", properties: { total: 900 } } },
  ];

  it("is the share of the source's samples the `if` matches times the source's volume (other sources' samples left out)", () => {
    // 1 of src_a's 4 samples matches; src_a sends 42,804 events a day.
    expect(selectedVolume("properties.total > 100", "src_a", inputs(samples))).toEqual({
      perDay: Math.round(42_804 / 4),
      basis: "estimate",
    });
  });

  it("is unknown without samples of the source", () => {
    expect(selectedVolume("properties.total > 100", "src_a", inputs(samples.slice(4)))).toEqual({ basis: "unknown" });
  });

  it("is unknown for FQL that does not parse", () => {
    expect(selectedVolume("event = = 'x'", "src_a", inputs(samples))).toEqual({ basis: "unknown" });
  });
});

describe("actionVolumes: per create, update and delete", () => {
  const state = liveState([
    live("tfm_same", "same", { if: "event = 'Order Completed'" }),
    live("tfm_narrowed", "narrowed", { if: "type = 'track'" }),
    live("tfm_gone", "gone", { if: "event = 'Product Viewed'" }),
    live("tfm_rich", "rich", { if: "event = 'Order Completed'" }),
  ]);
  const plan = computePlan(
    [
      doc("new", { if: "event in ['Order Completed', 'Order Refunded']" }),
      doc("same", { if: "event = 'Order Completed'", enabled: false }, { id: "tfm_same" }),
      doc("narrowed", { if: "event = 'Product Viewed'" }, { id: "tfm_narrowed" }),
      doc("rich", { if: "properties.total > 100" }, { id: "tfm_rich" }),
    ],
    state,
    options({ prune: "all" }),
  );
  const byName = (name: string) =>
    actionVolumes(plan.actions, state.transformations, inputs())[plan.actions.findIndex((a) => a.name === name)];

  it("a create: the events its document's `if` selects", () => {
    expect(byName("new")).toEqual({ after: 41_204, basis: "exact", days: 7 });
  });

  it("a delete: the events the live object's `if` selects", () => {
    expect(byName("gone")).toEqual({ before: 1_000, basis: "exact", days: 7 });
  });

  it("an update that changes the `if`: before and after", () => {
    expect(byName("narrowed")).toEqual({ before: 42_204, after: 1_000, basis: "exact", days: 7 });
  });

  it("an update that keeps the `if`: the events it touches, once", () => {
    expect(byName("same")).toEqual({ after: 41_203, basis: "exact", days: 7 });
  });

  it("an update to an `if` that needs samples, without any: the known side kept, the basis the weakest", () => {
    expect(byName("rich")).toEqual({ before: 41_203, basis: "unknown", days: 7 });
  });

  it("nothing for an action whose source was not read", () => {
    const volumes = actionVolumes(plan.actions, state.transformations, { ...inputs(), volumes: new Map() });
    expect(volumes).toEqual(plan.actions.map(() => undefined));
  });
});
