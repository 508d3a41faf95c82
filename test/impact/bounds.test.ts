import { describe, expect, it } from "vitest";
import { selectedVolume, VOLUME_DAYS, type VolumeInputs, type VolumeSample } from "../../src/impact/volume.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import { row, week } from "./volume-fixtures.js";

/** A shop's web source: 1,227 Checkout Started a day among 44,000 events, and 297 Debug events in two names. */
const SHOP_ROWS = [
  row("Checkout Started", "track", week(1_227)),
  row("Order Completed", "track", week(41_203)),
  row("Debug Render", "track", week(200)),
  row("Debug ping", "track", week(97)),
  row("Debugger", "track", week(5)),
  row(undefined, "page", week(1_268)),
];

function inputs(samples: VolumeSample[] = []): VolumeInputs {
  return { volumes: new Map([["src_a", SHOP_ROWS]]), samples, engine: createFqlEngine(), days: VOLUME_DAYS };
}

const track = (event: string, properties: Record<string, string | number> = {}): VolumeSample => ({
  sourceId: "src_a",
  event: { type: "track", event, properties },
});

/** Samples that misrepresent the traffic: as many Checkout Started as Order Completed. */
const SAMPLES = [
  track("Checkout Started", { total: 42 }),
  track("Checkout Started", { total: 18, currency: "EUR" }),
  track("Order Completed", { total: 42 }),
  track("Order Completed", { total: 7 }),
];

describe("tests that read only `event` and `type` are exact, functions included", () => {
  it.each([
    ["match(event, 'Debug *')", 297],
    ["contains(event, 'Debug')", 302],
    ["event in ['Debug Render', 'Debug ping']", 297],
    ["!match(event, 'Debug *') and type = 'track'", 42_435],
    ["match(event, 'Debug *') or event = 'Checkout Started'", 1_524],
    ["length(event) > 15", 1_227],
    ["lowercase(event) = 'debugger'", 5],
    ["event = type", 0],
  ])("%s selects exactly %d events a day, whatever the samples", (fql, perDay) => {
    expect(selectedVolume(fql, "src_a", inputs(SAMPLES))).toEqual({ perDay, basis: "exact" });
    expect(selectedVolume(fql, "src_a", inputs())).toEqual({ perDay, basis: "exact" });
  });
});

describe("a page or screen row's name is the call's `name`, never an `event`", () => {
  it("match(event, …) counts no screen, whatever its name; name = … reads it as an estimate would", () => {
    const rows = [row("Debug Home", "screen", week(1_000)), row("Debug ping", "track", week(97))];
    const screens: VolumeInputs = { volumes: new Map([["src_a", rows]]), samples: [], engine: createFqlEngine(), days: VOLUME_DAYS };
    expect(selectedVolume("match(event, 'Debug *')", "src_a", screens)).toEqual({ perDay: 97, basis: "exact" });
    expect(selectedVolume("type = 'screen'", "src_a", screens)).toEqual({ perDay: 1_000, basis: "exact" });
  });
});

describe("an estimate is bounded by the plain selectors it is made of", () => {
  it("`event = 'Checkout Started' and …` is the share of Checkout Started samples times Checkout Started's volume", () => {
    // 1 of the 2 Checkout Started samples has no currency: half of 1,227, never the 1/4 of all 44,000.
    const figure = selectedVolume("event = 'Checkout Started' and properties.currency = null", "src_a", inputs(SAMPLES));
    expect(figure).toEqual({ perDay: 614, basis: "estimate" });
  });

  it("stays at most the smallest plain part of an `and`, wherever in the chain", () => {
    const fql = "properties.total > 10 and type = 'track' and (event = 'Checkout Started' or event = 'Debug ping')";
    const figure = selectedVolume(fql, "src_a", inputs(SAMPLES))!;
    expect(figure.basis).toBe("estimate");
    expect(figure.perDay).toBeLessThanOrEqual(1_227 + 97);
  });

  it("an `or` with a plain part: at least that part's events, at most the source's", () => {
    // Surely every Debug event; of the rest, the share of the samples that are not Debug with total > 40 (2 of 4).
    const figure = selectedVolume("match(event, 'Debug *') or properties.total > 40", "src_a", inputs(SAMPLES));
    const rest = 1_227 + 41_203 + 5 + 1_268;
    expect(figure).toEqual({ perDay: Math.round(297 + rest / 2), basis: "estimate" });
  });

  it("under `!`: the events the plain part leaves out are counted surely, the rest estimated", () => {
    // Every event but Checkout Started surely; of Checkout Started, the share with a currency (1 of 2).
    const figure = selectedVolume("!(event = 'Checkout Started' and properties.currency = null)", "src_a", inputs(SAMPLES));
    expect(figure).toEqual({ perDay: Math.round(41_203 + 302 + 1_268 + 1_227 / 2), basis: "estimate" });
  });

  it("is exact when the plain parts alone decide every row: a conjunct that selects no events selects none", () => {
    expect(selectedVolume("event = 'Order Complted' and properties.total > 100", "src_a", inputs(SAMPLES))).toEqual({
      perDay: 0,
      basis: "exact",
    });
    expect(selectedVolume("type = 'track' or type = 'page' or properties.total > 100", "src_a", inputs())).toEqual({
      perDay: 44_000,
      basis: "exact",
    });
  });

  it("is unknown when no sample is among the events the plain parts leave open, even with samples of the source", () => {
    const orders = SAMPLES.filter((sample) => (sample.event as { event: string }).event === "Order Completed");
    expect(selectedVolume("event = 'Checkout Started' and properties.currency = null", "src_a", inputs(orders))).toEqual({
      basis: "unknown",
    });
  });

  it("an `if` with no plain part is still the share of all the source's samples times its volume", () => {
    expect(selectedVolume("properties.total > 40", "src_a", inputs(SAMPLES))).toEqual({ perDay: 22_000, basis: "estimate" });
  });
});
