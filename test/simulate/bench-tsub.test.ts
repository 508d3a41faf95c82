import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { fullTransformations, makeEvents, sharedTransformations, SOURCE_ID } from "../../bench/simulate-workload.js";
import { runTsub, toTsubRule, toTsubRules } from "../../bench/tsub-rules.js";
import { runChain } from "../../src/simulate/transform-chain.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import type { JsonObject, JsonValue, SimTransformation } from "../../src/simulate/types.js";

// The short version of bench/simulate.ts: Segment's own engine (@segment/tsub) as a second opinion
// on the work both engines do (conditions, drop, allow lists, renames, event renames, value sets).
// Answers only: how fast each engine runs is bench/simulate.ts's figure (a timing ratio is no test on a busy machine).
const engine = createFqlEngine();
const events = makeEvents(1500, 7);
const shared = sharedTransformations();

function ours(ts: readonly SimTransformation[], event: JsonObject): JsonValue | null {
  return runChain(ts, event, { sourceId: SOURCE_ID, engine }).event;
}

describe("transync and @segment/tsub on the same events", () => {
  it("give the same output event (or drop) for every event, chaining 50 transformations", () => {
    const rules = toTsubRules(shared);
    const differing = events.filter((event) => !isDeepStrictEqual(ours(shared, event), runTsub(rules, structuredClone(event))));
    expect(differing.slice(0, 3)).toEqual([]);
  });

  it.each(sharedTransformations(6).map((t) => [t.name, t] as const))("agree on %s alone, which changes some events", (_, t) => {
    const rule = toTsubRule(t);
    let changed = 0;
    for (const event of events) {
      const output = ours([t], event);
      expect(runTsub([rule], structuredClone(event))).toEqual(output);
      if (!isDeepStrictEqual(output, event)) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });

  it("refuses to turn work tsub cannot do into rules, so the race never compares less", () => {
    const own = fullTransformations().filter((t) => t.fqlDefinedProperties !== undefined || t.hashPropertiesConfiguration !== undefined);
    expect(own.length).toBeGreaterThan(0);
    for (const t of own) expect(() => toTsubRule(t)).toThrow(/tsub cannot run/);
    expect(() => toTsubRule({ ...shared[0]!, if: "uppercase(event) = 'X'" })).toThrow(/no FQL function uppercase/);
  });
});
