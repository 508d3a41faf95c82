import { describe, expect, it } from "vitest";
import { runChain } from "../../src/simulate/transform-chain.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import type { JsonValue } from "../../src/fql/json-value.js";
import { cloneJson, jsonEqual, nestsDeeperThan } from "../../src/simulate/json.js";
import type { SimTransformation } from "../../src/simulate/types.js";

/** An object nested `depth` levels under key `a`, ending in 1. */
function nested(depth: number): JsonValue {
  let inner: JsonValue = 1;
  for (let i = 0; i < depth; i++) inner = { a: inner };
  return inner;
}

const copyAll: SimTransformation = {
  name: "copy",
  sourceId: "s",
  if: "all",
  enabled: true,
  fqlDefinedProperties: [{ fql: "properties.a", propertyName: "properties.copy" }],
} as SimTransformation;

describe("the engine on hostile nesting", () => {
  it("copies an FQL-defined object nested 200,000 levels deep instead of overflowing the stack", () => {
    const event: JsonValue = { type: "track", event: "X", properties: { a: nested(200_000) } };
    const result = runChain([copyAll], event, { sourceId: "s", engine: createFqlEngine() });
    expect(result.matched).toEqual(["copy"]);
    const props = (result.event as { properties: { a: JsonValue; copy: JsonValue } }).properties;
    // A copy, not the same object: a later step writing into it must not change the input.
    expect(props.copy === props.a).toBe(false);
    expect(jsonEqual(props.copy, props.a)).toBe(true);
  });

  it("cloneJson keeps __proto__ as a plain key and copies lists", () => {
    const input = JSON.parse('{"__proto__":{"polluted":true},"list":[1,{"x":[2]}]}') as JsonValue;
    const copy = cloneJson(input) as Record<string, JsonValue>;
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy.list).toEqual([1, { x: [2] }]);
    expect(copy.list).not.toBe((input as Record<string, JsonValue>).list);
    expect(jsonEqual(copy, input)).toBe(true);
  });
});

describe("nestsDeeperThan", () => {
  it("counts lists and objects as levels, scalars not, and stops at the bound", () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: "x" }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: {} }] }, 3)).toBe(true);
    expect(nestsDeeperThan(nested(1_000_000), 64)).toBe(true);
  });
});
