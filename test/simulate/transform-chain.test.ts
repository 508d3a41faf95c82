import { describe, expect, it } from "vitest";
import { runChain, compareCodePoints, orderTransformations } from "../../src/simulate/transform-chain.js";
import type { JsonValue, SimTransformation } from "../../src/simulate/types.js";
import { fakeEngine } from "./fake-engine.js";

const engine = fakeEngine();
function t(name: string, fields: Partial<SimTransformation> = {}): SimTransformation {
  return { name, sourceId: "web", enabled: true, if: "all", ...fields };
}
const setP = (path: string, value: string): Partial<SimTransformation> => ({
  propertyValueTransformations: [{ propertyPaths: [path], propertyValue: value }],
});
const order = { event: "Order Completed", type: "track", properties: { total: 10 } };

describe("runChain", () => {
  it("applies the source's transformations by name, each seeing the previous output", () => {
    const ts = [
      t("b: set revenue", { if: "event = 'Order Placed'", ...setP("properties.revenue", "b") }),
      t("a: rename", { if: "event = 'Order Completed'", newEventName: "Order Placed" }),
    ];
    const result = runChain(ts, order, { sourceId: "web", engine });
    expect(result).toEqual({
      dropped: false,
      event: { event: "Order Placed", type: "track", properties: { total: 10, revenue: "b" } },
      matched: ["a: rename", "b: set revenue"],
      warnings: [],
    });
  });
  it("other sources' and disabled transformations do not apply", () => {
    const ts = [t("a", { sourceId: "ios", drop: true }), t("b", { enabled: false, drop: true })];
    expect(runChain(ts, order, { sourceId: "web", engine })).toEqual({ dropped: false, event: order, matched: [], warnings: [] });
  });
  it("destination-scoped ones apply only when their destination is named, after the source-scoped ones", () => {
    const ts = [
      t("a dest", { destinationMetadataId: "d1", ...setP("properties.x", "dest") }),
      t("z source", setP("properties.x", "source")),
      t("b other dest", { destinationMetadataId: "d2", drop: true }),
    ];
    const none = runChain(ts, order, { sourceId: "web", engine });
    expect(none.matched).toEqual(["z source"]);
    const d1 = runChain(ts, order, { sourceId: "web", destinationId: "d1", engine });
    expect(d1.matched).toEqual(["z source", "a dest"]);
    expect(d1.event).toMatchObject({ properties: { x: "dest" } });
  });
  it("a drop stops the chain", () => {
    const ts = [t("a", { drop: true }), t("b", setP("properties.x", "y"))];
    expect(runChain(ts, order, { sourceId: "web", engine })).toEqual({ dropped: true, event: null, matched: ["a"], warnings: [] });
  });
  it("a later transformation matches on an earlier one's output", () => {
    const ts = [t("1", { newEventName: "Renamed" }), t("2", { if: "event = 'Renamed'", drop: true })];
    expect(runChain(ts, order, { sourceId: "web", engine }).dropped).toBe(true);
  });
  it("warns when two matching transformations touch the same path", () => {
    const ts = [t("A", setP("properties.x", "1")), t("B", setP("properties.x", "2")), t("C", setP("properties.y", "3"))];
    const result = runChain(ts, order, { sourceId: "web", engine });
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^"A" and "B" both change properties\.x: Segment does not document the order/);
  });
  it("warns when one path lies inside the other, naming both", () => {
    const ts = [t("A", setP("properties.x", "1")), t("B", { propertyRenames: [{ oldName: "x", newName: "y.z" }] })];
    const result = runChain(ts, order, { sourceId: "web", engine });
    expect(result.warnings).toEqual([expect.stringContaining('"A" and "B" both change properties.x')]);
  });
  it("does not warn for a transformation that did not match or changed nothing", () => {
    const ts = [
      t("A", setP("properties.x", "1")),
      t("B", { if: "never", ...setP("properties.x", "2") }),
      t("C", { propertyRenames: [{ oldName: "gone", newName: "x" }] }),
    ];
    expect(runChain(ts, order, { sourceId: "web", engine }).warnings).toEqual([]);
  });
  it("warns when a rename finds its old name gone because an earlier transformation moved it (the other order gives another result)", () => {
    const toRevenue = { propertyRenames: [{ oldName: "total", newName: "revenue" }] };
    const toAmount = { propertyRenames: [{ oldName: "total", newName: "amount" }] };
    const ts = [t("A", toRevenue), t("B", toAmount)];
    const result = runChain(ts, order, { sourceId: "web", engine });
    expect(result.event).toEqual({ ...order, properties: { revenue: 10 } });
    expect(result.warnings).toEqual([
      '"A" changes properties.total, and "B" renames properties.total, which is then missing: Segment does not document the order in which transformations apply to one event (simulated: source-scoped first, then by name)',
    ]);
    // Swapped names give the other result, which is why the warning is there.
    const swapped = runChain([t("B", toRevenue), t("A", toAmount)], order, { sourceId: "web", engine });
    expect(swapped.event).toEqual({ ...order, properties: { amount: 10 } });
  });
  it("does not warn across scopes: Segment documents source-scoped before destination-scoped", () => {
    // segment-docs src/protocols/transform/index.md: source-scoped transformations run before
    // destination filters, destination-scoped ones after; only the order within a group is undocumented.
    const ts = [t("A", setP("properties.x", "source")), t("B", { destinationMetadataId: "d1", ...setP("properties.x", "dest") })];
    const result = runChain(ts, order, { sourceId: "web", destinationId: "d1", engine });
    expect(result.event).toMatchObject({ properties: { x: "dest" } });
    expect(result.warnings).toEqual([]);
    const renamed = [
      t("A", { propertyRenames: [{ oldName: "total", newName: "revenue" }] }),
      t("B", { destinationMetadataId: "d1", propertyRenames: [{ oldName: "total", newName: "amount" }] }),
    ];
    expect(runChain(renamed, order, { sourceId: "web", destinationId: "d1", engine }).warnings).toEqual([]);
  });
  it("still warns within the destination-scoped group", () => {
    const ts = [
      t("A", { destinationMetadataId: "d1", ...setP("properties.x", "1") }),
      t("B", { destinationMetadataId: "d1", ...setP("properties.x", "2") }),
    ];
    const result = runChain(ts, order, { sourceId: "web", destinationId: "d1", engine });
    expect(result.warnings).toEqual([expect.stringMatching(/^"A" and "B" both change properties\.x: /)]);
  });
  it("a rename of a name no transformation touched, missing from the event, is not a warning", () => {
    const ts = [
      t("A", { propertyRenames: [{ oldName: "other", newName: "x" }] }),
      t("B", { propertyRenames: [{ oldName: "gone", newName: "y" }] }),
    ];
    expect(runChain(ts, order, { sourceId: "web", engine }).warnings).toEqual([]);
  });
  it("never mutates the input event", () => {
    const event = structuredClone(order) as JsonValue;
    runChain([t("a", { newEventName: "X", propertyRenames: [{ oldName: "total", newName: "t.u" }], allowProperties: ["t"] })], event, {
      sourceId: "web",
      engine,
    });
    expect(event).toEqual(order);
  });
});

describe("order", () => {
  it("sorts names by code point, not by UTF-16 unit or locale", () => {
    // U+FF5E (one unit, 0xFF5E) sorts before U+1F600 (surrogates 0xD83D...) by code point, after by unit.
    expect(compareCodePoints("\uFF5E", "😀")).toBeLessThan(0);
    expect("\uFF5E" < "😀").toBe(false);
    const names = orderTransformations([t("b"), t("😀"), t("\uFF5E"), t("B"), t("a"), t("ab")], { sourceId: "web" }).map((x) => x.name);
    expect(names).toEqual(["B", "a", "ab", "b", "\uFF5E", "😀"]);
  });
  it("an empty destinationMetadataId counts as source-scoped", () => {
    expect(orderTransformations([t("x", { destinationMetadataId: "" })], { sourceId: "web" }).map((x) => x.name)).toEqual(["x"]);
  });
});
