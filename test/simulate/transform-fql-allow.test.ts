import { describe, expect, it } from "vitest";
import { transformEvent } from "../../src/simulate/transform-event.js";
import type { JsonValue, SimTransformation } from "../../src/simulate/types.js";
import { fakeEngine } from "./fake-engine.js";

function t(fields: Partial<SimTransformation>): SimTransformation {
  return { name: "T", sourceId: "web", enabled: true, if: "all", ...fields };
}
const get = (event: JsonValue, key: string): JsonValue =>
  typeof event === "object" && event !== null && !Array.isArray(event) ? (event[key] ?? null) : null;

describe("step 6: fqlDefinedProperties", () => {
  const engine = fakeEngine({
    "lowercase(properties.coupon)": (e) => {
      const c = get(get(e, "properties"), "coupon");
      return typeof c === "string" ? c.toLowerCase() : null;
    },
    "properties.v": (e) => get(get(e, "properties"), "v"),
    list: () => [1, { a: null }],
  });
  const fql = (fqlText: string, propertyName: string): Partial<SimTransformation> => ({
    fqlDefinedProperties: [{ fql: fqlText, propertyName }],
  });

  it("sets a full path to the FQL value", () => {
    const result = transformEvent(
      t(fql("lowercase(properties.coupon)", "properties.coupon_normalized")),
      { type: "track", properties: { coupon: "SAVE10" } },
      engine,
    );
    expect(result.event).toEqual({ type: "track", properties: { coupon: "SAVE10", coupon_normalized: "save10" } });
    expect(result.touched).toEqual(["properties.coupon_normalized"]);
  });
  it("may overwrite the property it reads", () => {
    expect(
      transformEvent(t(fql("lowercase(properties.coupon)", "properties.coupon")), { type: "track", properties: { coupon: "AB" } }, engine)
        .event,
    ).toEqual({
      type: "track",
      properties: { coupon: "ab" },
    });
  });
  it("a null or list value is written as it is, creating parents", () => {
    expect(transformEvent(t(fql("lowercase(properties.coupon)", "properties.a.b")), { type: "track" }, engine).event).toEqual({
      type: "track",
      properties: { a: { b: null } },
    });
    expect(transformEvent(t(fql("list", "context.x")), { type: "identify" }, engine).event).toEqual({
      type: "identify",
      context: { x: [1, { a: null }] },
    });
  });
  it("sees the event as it is after the value sets", () => {
    const fields = {
      propertyValueTransformations: [{ propertyPaths: ["properties.v"], propertyValue: "set" }],
      ...fql("properties.v", "properties.copy"),
    };
    expect(transformEvent(t(fields), { type: "track", properties: { v: "old" } }, engine).event).toEqual({
      type: "track",
      properties: { v: "set", copy: "set" },
    });
  });
  it("the FQL is not evaluated when the if does not match, or the event is dropped", () => {
    const throwing = fakeEngine({
      boom: () => {
        throw new Error("evaluated");
      },
    });
    expect(() => transformEvent(t({ if: "never", ...fql("boom", "properties.x") }), {}, throwing)).not.toThrow();
    expect(() => transformEvent(t({ drop: true, ...fql("boom", "properties.x") }), {}, throwing)).not.toThrow();
    expect(() => transformEvent(t(fql("boom", "properties.x")), {}, throwing)).toThrow("evaluated");
  });
});

describe("step 7: allowProperties", () => {
  const engine = fakeEngine();
  const allow = (...keys: string[]): Partial<SimTransformation> => ({ allowProperties: keys });
  it("removes every top-level key of properties not listed, and nothing else", () => {
    const event = { type: "track", event: "E", properties: { a: 1, b: { c: 2 }, d: null }, context: { x: 1 } };
    const result = transformEvent(t(allow("b", "zzz")), event, engine);
    expect(result.event).toEqual({ type: "track", event: "E", properties: { b: { c: 2 } }, context: { x: 1 } });
    expect(result.touched).toEqual(["properties.a", "properties.d"]);
  });
  it("keys are top-level names, not paths", () => {
    expect(transformEvent(t(allow("b.c")), { type: "page", properties: { b: { c: 1 }, "b.c": 2 } }, engine).event).toEqual({
      type: "page",
      properties: { "b.c": 2 },
    });
  });
  it.each(["identify", "group"])("applies to traits of %s, not to context.traits", (type) => {
    const event = { type, traits: { a: 1, é: 2 }, context: { traits: { a: 1, z: 2 } } };
    expect(transformEvent(t(allow("é")), event, engine).event).toEqual({ type, traits: { é: 2 }, context: { traits: { a: 1, z: 2 } } });
  });
  it("an empty list allows everything (the API sends [] for an unset list)", () => {
    const event = { type: "screen", properties: { a: 1 } };
    expect(transformEvent(t(allow()), event, engine).event).toEqual(event);
  });
  it("properties that are not an object, and other event types, are left alone", () => {
    const events: JsonValue[] = [
      { type: "track", properties: [1, 2] },
      { type: "track" },
      { type: "alias", properties: { a: 1 } },
      { properties: { a: 1 } },
    ];
    for (const event of events) {
      expect(transformEvent(t(allow("x")), event, engine).event).toEqual(event);
    }
  });
  it("sees renamed names", () => {
    const fields = { propertyRenames: [{ oldName: "total", newName: "revenue" }], ...allow("revenue") };
    expect(transformEvent(t(fields), { type: "track", properties: { total: 3, other: 1 } }, engine).event).toEqual({
      type: "track",
      properties: { revenue: 3 },
    });
  });
});

describe("events that are not objects", () => {
  it.each([null, 1, "s", true, [{ type: "track" }]])("%j passes through a matching transformation unchanged", (event) => {
    const result = transformEvent(t({ newEventName: "X", allowProperties: ["a"] }), event, fakeEngine());
    expect(result).toEqual({ applied: true, dropped: false, event, touched: [], missed: [] });
  });
});
