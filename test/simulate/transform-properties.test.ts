import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { transformEvent } from "../../src/simulate/transform-event.js";
import { runChain } from "../../src/simulate/transform-chain.js";
import { getIn, parsePath } from "../../src/fql/paths.js";
import type { JsonValue, SimTransformation } from "../../src/simulate/types.js";
import { fakeEngine } from "./fake-engine.js";

const key = fc.oneof(
  fc.constantFrom("properties", "traits", "context", "a", "b", "a.b", "__proto__", "constructor", "é"),
  fc.string({ maxLength: 4 }),
);
const path = fc.array(key, { minLength: 1, maxLength: 5 }).map((keys) => keys.map((k) => k.replace(/[\\.]/g, (c) => `\\${c}`)).join("."));
const typeField = fc.constantFrom("track", "page", "screen", "identify", "group", "alias", 7);
const eventArb: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.jsonValue() as fc.Arbitrary<JsonValue>,
  fc.record(
    {
      type: typeField,
      event: fc.constantFrom("E", "Other"),
      properties: fc.jsonValue({ maxDepth: 4 }),
      traits: fc.jsonValue({ maxDepth: 4 }),
      context: fc.jsonValue({ maxDepth: 4 }),
    },
    { requiredKeys: ["type"] },
  ) as fc.Arbitrary<JsonValue>,
);
const transformationArb: fc.Arbitrary<SimTransformation> = fc.record(
  {
    name: fc.string({ maxLength: 3 }),
    sourceId: fc.constant("web"),
    enabled: fc.boolean(),
    if: fc.constantFrom("all", "never", "event = 'E'", "type = 'track'"),
    drop: fc.option(fc.boolean(), { nil: undefined }),
    newEventName: fc.option(fc.string(), { nil: undefined }),
    propertyRenames: fc.array(fc.record({ oldName: path, newName: path }), { maxLength: 3 }),
    propertyValueTransformations: fc.array(fc.record({ propertyPaths: fc.array(path, { maxLength: 3 }), propertyValue: fc.string() }), {
      maxLength: 2,
    }),
    fqlDefinedProperties: fc.array(fc.record({ fql: fc.constantFrom("all", "event = 'E'"), propertyName: path }), { maxLength: 1 }),
    allowProperties: fc.array(key, { maxLength: 3 }),
    hashPropertiesConfiguration: fc.option(
      fc.record({
        algorithm: fc.constantFrom("md5", "SHA256"),
        paths: fc.array(path, { maxLength: 3 }),
        encoding: fc.constantFrom("HEX" as const, "BASE64URL" as const),
      }),
      { nil: undefined },
    ),
  },
  { requiredKeys: ["name", "sourceId", "enabled", "if"] },
);

const engine = fakeEngine();

describe("applying transformations: properties", () => {
  it("never throws on arbitrary JSON events and never mutates the input", () => {
    fc.assert(
      fc.property(fc.array(transformationArb, { maxLength: 4 }), eventArb, (ts, event) => {
        // JSON text catches any change, key order included (fast-check's objects may lack a prototype).
        const before = JSON.stringify(event);
        const result = runChain(ts, event, { sourceId: "web", engine });
        expect(JSON.stringify(event)).toBe(before);
        if (result.dropped) expect(result.event).toBeNull();
        // The output is plain JSON: it serialises (no undefined, no cycles).
        if (!result.dropped) expect(typeof JSON.stringify(result.event)).toBe("string");
      }),
      { numRuns: 400 },
    );
  });
  it("a transformation whose if does not match returns an event deep-equal to its input", () => {
    fc.assert(
      fc.property(transformationArb, eventArb, (t, event) => {
        const result = transformEvent({ ...t, if: "never" }, event, engine);
        expect(result).toStrictEqual({ applied: false, dropped: false, event, touched: [], missed: [] });
      }),
      { numRuns: 300 },
    );
  });
  it("every path a value set reports as touched holds the value; none touched means unchanged", () => {
    fc.assert(
      fc.property(fc.array(path, { maxLength: 3 }), fc.string(), (paths, value) => {
        const event: JsonValue = { type: "track", properties: { a: "x" } };
        const result = transformEvent(
          {
            name: "n",
            sourceId: "web",
            enabled: true,
            if: "all",
            propertyValueTransformations: [{ propertyPaths: paths, propertyValue: value }],
          },
          event,
          engine,
        );
        if (result.touched.length === 0) expect(result.event).toStrictEqual(event);
        for (const touched of result.touched) expect(getIn(result.event ?? null, parsePath(touched))).toBe(value);
      }),
      { numRuns: 200 },
    );
  });
});
