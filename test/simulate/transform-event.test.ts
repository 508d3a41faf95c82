import { describe, expect, it } from "vitest";
import { transformEvent } from "../../src/simulate/transform-event.js";
import type { JsonValue, SimTransformation } from "../../src/simulate/types.js";
import { fakeEngine } from "./fake-engine.js";

const engine = fakeEngine();

function t(fields: Partial<SimTransformation>): SimTransformation {
  return { name: "T", sourceId: "web", enabled: true, if: "all", ...fields };
}
function run(fields: Partial<SimTransformation>, event: JsonValue): JsonValue | null {
  return transformEvent(t(fields), event, engine).event;
}
const track = (properties: JsonValue, extra: Record<string, JsonValue> = {}): JsonValue => ({
  type: "track",
  event: "Order Completed",
  properties,
  ...extra,
});

describe("step 1: if", () => {
  it("an if that does not match leaves the event as it is and does not apply", () => {
    const event = track({ total: 1 });
    const result = transformEvent(t({ if: "event = 'Other'", drop: true, newEventName: "X" }), event, engine);
    expect(result).toEqual({ applied: false, dropped: false, event, touched: [], missed: [] });
    expect(result.event).toBe(event);
  });
  it("an if that matches applies even when nothing changes", () => {
    expect(transformEvent(t({ if: "event = 'Order Completed'" }), track({}), engine)).toMatchObject({ applied: true, dropped: false });
  });
});

describe("step 2: drop", () => {
  it("drops the event and runs nothing else", () => {
    const result = transformEvent(
      t({ drop: true, newEventName: "X", propertyValueTransformations: [{ propertyPaths: ["properties.a"], propertyValue: "v" }] }),
      track({}),
      engine,
    );
    expect(result).toEqual({ applied: true, dropped: true, event: null, touched: [], missed: [] });
  });
  it("drop: false changes nothing", () => {
    expect(run({ drop: false }, track({ a: 1 }))).toEqual(track({ a: 1 }));
  });
  it("drops any JSON value, not only objects", () => {
    expect(transformEvent(t({ drop: true }), [1, 2], engine).dropped).toBe(true);
  });
});

describe("step 3: newEventName", () => {
  it("renames a track event", () => {
    const result = transformEvent(t({ newEventName: "Order Placed" }), track({}), engine);
    expect(result.event).toEqual({ type: "track", event: "Order Placed", properties: {} });
    expect(result.touched).toEqual(["event"]);
  });
  it.each(["page", "screen", "identify", "group", "alias"])("leaves a %s event's name alone", (type) => {
    expect(run({ newEventName: "X" }, { type, event: "E" })).toEqual({ type, event: "E" });
  });
  it("sets event on a track event that has none", () => {
    expect(run({ newEventName: "X" }, { type: "track" })).toEqual({ type: "track", event: "X" });
  });
  it("leaves an event without a string type alone", () => {
    expect(run({ newEventName: "X" }, { type: ["track"], event: "E" })).toEqual({ type: ["track"], event: "E" });
  });
});

describe("step 4: propertyRenames", () => {
  const rename = (oldName: string, newName: string): Partial<SimTransformation> => ({ propertyRenames: [{ oldName, newName }] });
  it("renames a top-level property and reports both paths", () => {
    const result = transformEvent(t(rename("total", "revenue")), track({ total: 10, keep: 1 }), engine);
    expect(result.event).toEqual(track({ keep: 1, revenue: 10 }));
    expect(result.touched).toEqual(["properties.total", "properties.revenue"]);
  });
  it("a missing oldName does nothing", () => {
    const result = transformEvent(t(rename("total", "revenue")), track({ other: 1 }), engine);
    expect(result.event).toEqual(track({ other: 1 }));
    expect(result.touched).toEqual([]);
  });
  it("an existing newName is overwritten", () => {
    expect(run(rename("a", "b"), track({ a: 1, b: 2 }))).toEqual(track({ b: 1 }));
  });
  it("moves a value into and out of nested objects, creating parents", () => {
    expect(run(rename("a", "x.y.z"), track({ a: [1] }))).toEqual(track({ x: { y: { z: [1] } } }));
    expect(run(rename("x.y", "b"), track({ x: { y: null, w: 1 } }))).toEqual(track({ x: { w: 1 }, b: null }));
  });
  it("accepts four levels and ignores a fifth", () => {
    const deep = track({ a: { b: { c: { d: 1, e: { f: 2 } } } } });
    expect(run(rename("a.b.c.d", "top"), deep)).toEqual(track({ a: { b: { c: { e: { f: 2 } } } }, top: 1 }));
    expect(run(rename("a.b.c.e.f", "top"), deep)).toEqual(deep);
  });
  it("\\. is a literal dot in a key", () => {
    expect(run(rename("ingredients\\.salad", "salad"), track({ "ingredients.salad": "yum", ingredients: { salad: "no" } }))).toEqual(
      track({ ingredients: { salad: "no" }, salad: "yum" }),
    );
    expect(run(rename("a", "b\\.c"), track({ a: 1 }))).toEqual(track({ "b.c": 1 }));
  });
  it("unicode keys", () => {
    expect(run(rename("prix€", "価格.🎉"), track({ "prix€": 3 }))).toEqual(track({ 価格: { "🎉": 3 } }));
  });
  it("a path through a list or a scalar does nothing", () => {
    expect(run(rename("items.0", "first"), track({ items: ["a"] }))).toEqual(track({ items: ["a"] }));
    expect(run(rename("a", "s.t"), track({ a: 1, s: "str" }))).toEqual(track({ a: 1, s: "str" }));
  });
  it("properties that are not an object, or missing, are left alone", () => {
    expect(run(rename("a", "b"), track("nope"))).toEqual(track("nope"));
    expect(run(rename("a", "b"), { type: "track" })).toEqual({ type: "track" });
    expect(run(rename("a", "b"), track(null))).toEqual(track(null));
  });
  it.each(["page", "screen"])("renames inside properties of a %s event", (type) => {
    expect(run(rename("a", "b"), { type, properties: { a: 1 } })).toEqual({ type, properties: { b: 1 } });
  });
  it("renames inside traits and context.traits of an identify event", () => {
    const event = { type: "identify", traits: { a: 1 }, context: { traits: { a: 2 } }, properties: { a: 3 } };
    const result = transformEvent(t(rename("a", "b")), event, engine);
    expect(result.event).toEqual({ type: "identify", traits: { b: 1 }, context: { traits: { b: 2 } }, properties: { a: 3 } });
    expect(result.touched).toEqual(["traits.a", "traits.b", "context.traits.a", "context.traits.b"]);
  });
  it("renames inside traits only of a group event", () => {
    const event = { type: "group", traits: { a: 1 }, context: { traits: { a: 2 } } };
    expect(run(rename("a", "b"), event)).toEqual({ type: "group", traits: { b: 1 }, context: { traits: { a: 2 } } });
  });
  it("does not rename in a track event's traits, nor in an alias event", () => {
    expect(run(rename("a", "b"), { type: "track", traits: { a: 1 } })).toEqual({ type: "track", traits: { a: 1 } });
    expect(run(rename("a", "b"), { type: "alias", properties: { a: 1 } })).toEqual({ type: "alias", properties: { a: 1 } });
  });
  it("renames run in list order, each seeing the previous one", () => {
    const renames = [
      { oldName: "a", newName: "b" },
      { oldName: "b", newName: "c" },
    ];
    expect(run({ propertyRenames: renames }, track({ a: 1 }))).toEqual(track({ c: 1 }));
  });
  it("renaming a key to itself changes nothing", () => {
    expect(transformEvent(t(rename("a", "a")), track({ a: 1 }), engine).touched).toEqual([]);
  });
  it("a key named __proto__ is data", () => {
    const props = JSON.parse('{"__proto__": {"x": 1}}') as JsonValue;
    const out = run(rename("__proto__.x", "constructor"), track(props)) as { properties: Record<string, JsonValue> };
    expect(Object.getPrototypeOf(out.properties)).toBe(Object.prototype);
    expect(JSON.stringify(out.properties)).toBe('{"__proto__":{},"constructor":1}');
  });
});

describe("step 5: propertyValueTransformations", () => {
  const set = (propertyPaths: string[], propertyValue = "v"): Partial<SimTransformation> => ({
    propertyValueTransformations: [{ propertyPaths, propertyValue }],
  });
  it("sets paths under properties and context to the string, creating parents", () => {
    const result = transformEvent(t(set(["properties.a.b", "context.app.name"])), { type: "track" }, engine);
    expect(result.event).toEqual({ type: "track", properties: { a: { b: "v" } }, context: { app: { name: "v" } } });
    expect(result.touched).toEqual(["properties.a.b", "context.app.name"]);
  });
  it("overwrites any existing value and replaces a null parent", () => {
    expect(run(set(["properties.a", "properties.n.x"]), track({ a: { deep: 1 }, n: null }))).toEqual(track({ a: "v", n: { x: "v" } }));
  });
  it("a scalar or list parent blocks the set", () => {
    expect(run(set(["properties.s.x", "properties.l.x"]), track({ s: "str", l: [1] }))).toEqual(track({ s: "str", l: [1] }));
  });
  it("paths not rooted at properties. or context. are ignored", () => {
    expect(run(set(["traits.a", "userId", "properties", "event"]), { type: "identify", traits: {} })).toEqual({
      type: "identify",
      traits: {},
    });
  });
  it("applies to every event type and escapes dots", () => {
    expect(run(set(["properties.a\\.b"]), { type: "identify" })).toEqual({ type: "identify", properties: { "a.b": "v" } });
  });
  it("later value sets see earlier renames", () => {
    const fields = { propertyRenames: [{ oldName: "a", newName: "b" }], ...set(["properties.a"]) };
    expect(run(fields, track({ a: 1 }))).toEqual(track({ b: 1, a: "v" }));
  });
});
