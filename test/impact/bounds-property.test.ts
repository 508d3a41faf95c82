import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DailyEventVolume } from "../../src/model/event-volume.js";
import { selectedVolume, VOLUME_DAYS, type VolumeInputs, type VolumeSample } from "../../src/impact/volume.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import { row } from "./volume-fixtures.js";

const NAMES = ["Checkout Started", "Order Completed", "Debug Render", "Debug ping", "Coupon Applied"];
const TYPES = ["track", "page", "identify", "TRACK"];

/** Plain selectors (they read only `event` and `type`), each with what it selects written as JavaScript: the oracle. */
const PLAIN: ReadonlyArray<[string, (name: string | undefined, type: string) => boolean]> = [
  ["event = 'Checkout Started'", (name) => name === "Checkout Started"],
  ["match(event, 'Debug *')", (name) => name?.startsWith("Debug ") === true],
  ["contains(event, 'Order')", (name) => name?.includes("Order") === true],
  ["event in ['Coupon Applied', 'Debug ping']", (name) => name === "Coupon Applied" || name === "Debug ping"],
  ["event != 'Order Completed'", (name) => name !== "Order Completed"],
  ["type = 'track'", (_, type) => type.toLowerCase() === "track"],
  ["!(type = 'page') and match(event, '*e*')", (name, type) => type !== "page" && name?.includes("e") === true],
];

/** Terms that read other fields: only samples can say what they select. */
const OTHER = [
  "properties.currency = null",
  "properties.total > 20",
  "!(properties.total > 5)",
  "integrations.Reddit\\ Conversions\\ Api.click_id = null",
  "contains(properties.coupon, 'SPRING')",
  "context.ip != null",
];

/** An expression over the other terms and plain selectors, with `and`, `or` and `!`. */
const otherExpr: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...OTHER),
    fc.constantFrom(...PLAIN.map(([fql]) => fql)),
    fc.tuple(tie("expr"), fc.constantFrom("and", "or"), tie("expr")).map(([a, op, b]) => `(${a}) ${op} (${b})`),
    tie("expr").map((a) => `!(${a})`),
  ),
})).expr;

const rowsArb: fc.Arbitrary<DailyEventVolume[]> = fc
  .uniqueArray(fc.tuple(fc.option(fc.constantFrom(...NAMES), { nil: undefined }), fc.constantFrom(...TYPES)), {
    selector: ([name, type]) => `${name ?? ""}|${type}`,
    maxLength: 12,
  })
  .chain((keys) =>
    fc
      .tuple(...keys.map(() => fc.array(fc.nat({ max: 50_000 }), { minLength: 7, maxLength: 7 })))
      .map((weeks) => keys.map(([name, type], i) => row(name, type, weeks[i]!))),
  );

const sampleArb: fc.Arbitrary<VolumeSample> = fc.record({
  sourceId: fc.constantFrom("src_a", "src_a", "src_b"),
  event: fc.record(
    {
      type: fc.constantFrom(...TYPES),
      event: fc.constantFrom(...NAMES),
      properties: fc.record(
        { currency: fc.constantFrom("EUR", "USD", null), total: fc.integer({ min: 0, max: 50 }), coupon: fc.constantFrom("SPRING10", "x") },
        { requiredKeys: [] },
      ),
      context: fc.record({ ip: fc.constantFrom("203.0.113.9") }, { requiredKeys: [] }),
    },
    { requiredKeys: ["type"] },
  ),
});

function inputs(rows: DailyEventVolume[], samples: VolumeSample[]): VolumeInputs {
  return { volumes: new Map([["src_a", rows]]), samples, engine: createFqlEngine(), days: VOLUME_DAYS };
}

const perDayOf = (rows: readonly DailyEventVolume[], keep: (r: DailyEventVolume) => boolean): number =>
  Math.round(rows.filter(keep).reduce((sum, r) => sum + r.perDay.reduce((a, b) => a + b, 0), 0) / VOLUME_DAYS);

describe("honest numbers, for random rows, samples and conditions", () => {
  it("a plain selector is exact: the events of the rows it selects, as the JavaScript oracle says", () => {
    fc.assert(
      fc.property(rowsArb, fc.array(sampleArb, { maxLength: 6 }), fc.constantFrom(...PLAIN), (rows, samples, [fql, oracle]) => {
        // Only a track call has an `event`; a page or screen row's name is its `name` (volume.ts, selectorEvent).
        const expected = perDayOf(rows, (r) => oracle(r.eventType.toLowerCase() === "track" ? r.eventName : undefined, r.eventType));
        expect(selectedVolume(fql, "src_a", inputs(rows, samples))).toEqual({ perDay: expected, basis: "exact" });
      }),
      { numRuns: 300 },
    );
  });

  it("a plain selector conjoined with other terms: the figure never exceeds the selector's exact figure", () => {
    fc.assert(
      fc.property(
        rowsArb,
        fc.array(sampleArb, { maxLength: 12 }),
        fc.constantFrom(...PLAIN.map(([fql]) => fql)),
        fc.array(otherExpr, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (rows, samples, plain, others, at) => {
          const terms = others.map((term) => `(${term})`);
          terms.splice(at % (terms.length + 1), 0, `(${plain})`);
          const exact = selectedVolume(plain, "src_a", inputs(rows, samples))!;
          const figure = selectedVolume(terms.join(" and "), "src_a", inputs(rows, samples))!;
          expect(exact.basis).toBe("exact");
          if (figure.perDay !== undefined) expect(figure.perDay).toBeLessThanOrEqual(exact.perDay!);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("an `or`: at least each plain operand's exact figure, at most their sum with the rest's bound, and never above the source", () => {
    fc.assert(
      fc.property(
        rowsArb,
        fc.array(sampleArb, { maxLength: 12 }),
        fc.constantFrom(...PLAIN.map(([fql]) => fql)),
        otherExpr,
        (rows, samples, plain, other) => {
          const exact = selectedVolume(plain, "src_a", inputs(rows, samples))!.perDay!;
          const total = perDayOf(rows, () => true);
          const figure = selectedVolume(`(${plain}) or (${other})`, "src_a", inputs(rows, samples))!;
          if (figure.perDay === undefined) return;
          expect(figure.perDay).toBeGreaterThanOrEqual(exact);
          expect(figure.perDay).toBeLessThanOrEqual(total);
        },
      ),
      { numRuns: 300 },
    );
  });
});
