import { describe, expect, it } from "vitest";
import {
  actionOrdersDiffer,
  applyFilterActions,
  ordersMayDiffer,
  sampleFraction,
  type FilterAction,
} from "../../src/simulate/filter-actions.js";
import { runFilters, type SimFilter } from "../../src/simulate/filter-stage.js";
import { interactingFilters } from "../../src/kinds/destination-filter/interactions.js";
import { runPipeline } from "../../src/simulate/pipeline.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import type { JsonObject, SimTransformation } from "../../src/simulate/types.js";

const engine = createFqlEngine();
const filter = (name: string, fql: string, actions: FilterAction[], more: Partial<SimFilter> = {}): SimFilter => ({
  name,
  if: fql,
  actions,
  ...more,
});
const t = (name: string, fields: Partial<SimTransformation> = {}): SimTransformation => ({
  name,
  sourceId: "web",
  enabled: true,
  if: "all",
  ...fields,
});

describe("Segment's own examples", () => {
  it("the OpenAPI preview example: ALLOW_PROPERTIES { product: [event, requestedFrom] } keeps type, event and only product.requestedFrom", () => {
    // The Public API's OpenAPI document, previewDestinationFilter's request and reply examples.
    const payload = {
      type: "track",
      event: "Order Completed",
      product: { name: "Fake mustache", requestedFrom: "/products/123/checkout", referrer: "www.example.com" },
    };
    const f = filter("Preview", 'type = "track" AND event = "Order Completed"', [
      { type: "ALLOW_PROPERTIES", fields: { product: ["event", "requestedFrom"] } },
    ]);
    const result = runFilters([f], payload, { engine });
    expect(result.event).toEqual({ type: "track", event: "Order Completed", product: { requestedFrom: "/products/123/checkout" } });
    expect(result.changes).toEqual([{ filter: "Preview", paths: ["product.name", "product.referrer"] }]);
    expect(payload.product.name).toBe("Fake mustache");
  });

  // segmentio/segment-docs src/connections/destinations/destination-filters.md, "Only send events with userId".
  const onlyWithUserId = filter("Don't send event if userId is null", "length( userId ) < 1 or typeof( userId ) != 'string'", [
    { type: "DROP" },
  ]);
  it("the docs' 'Only send events with userId': events without a string userId are dropped", () => {
    const without: JsonObject[] = [
      { type: "track" },
      { type: "track", userId: "" },
      { type: "track", userId: 42 },
      { type: "track", userId: null },
    ];
    for (const event of without)
      expect(runFilters([onlyWithUserId], event, { engine }).stoppedBy).toEqual({ filter: onlyWithUserId.name, reason: "drop" });
    const kept = runFilters([onlyWithUserId], { type: "track", userId: "u1" }, { engine });
    expect(kept).toMatchObject({ dropped: false, event: { type: "track", userId: "u1" }, matched: [] });
  });

  it("the docs' 'Remove userId from payload': if all, DROP_PROPERTIES { '': [userId] }", () => {
    const removeUserId = filter("Don't send userId at all", "all", [{ type: "DROP_PROPERTIES", fields: { "": ["userId"] } }]);
    const result = runFilters([removeUserId], { type: "identify", userId: "u1", traits: { userId: "kept" } }, { engine });
    expect(result.event).toEqual({ type: "identify", traits: { userId: "kept" } });
    expect(result.changes).toEqual([{ filter: removeUserId.name, paths: ["userId"] }]);
  });
});

describe("runPipeline: source transformations, then the instance's filters, then destination-scoped transformations", () => {
  const renameAtoB = t("Rename A to B", { if: "event = 'A'", newEventName: "B" });
  const dropsEvent = (name: string) => filter(`Drop ${name}`, `event = '${name}'`, [{ type: "DROP" }]);

  it("filters see the event as source-scoped transformations left it: renaming A to B, a filter dropping B drops it", () => {
    const result = runPipeline(
      [renameAtoB],
      { type: "track", event: "A" },
      { sourceId: "web", destination: { filters: [dropsEvent("B")] }, engine },
    );
    expect(result).toMatchObject({ dropped: true, event: null, matched: ["Rename A to B"], filtersMatched: ["Drop B"] });
    expect(result.stoppedAt).toEqual({ stage: "filter", name: "Drop B", reason: "drop", description: 'dropped by filter "Drop B"' });
    expect(result.changes).toEqual([{ stage: "source transformation", name: "Rename A to B", paths: ["event"] }]);
  });

  it("... and a filter dropping A does not", () => {
    const result = runPipeline(
      [renameAtoB],
      { type: "track", event: "A" },
      { sourceId: "web", destination: { filters: [dropsEvent("A")] }, engine },
    );
    expect(result).toMatchObject({ dropped: false, event: { type: "track", event: "B" }, filtersMatched: [] });
    expect(result.stoppedAt).toBeUndefined();
  });

  it("destination-scoped transformations of the instance's type run after the filters, on the filters' output", () => {
    const ts = [
      renameAtoB,
      t("Amplitude: set seen", {
        destinationMetadataId: "amplitude",
        propertyValueTransformations: [{ propertyPaths: ["properties.seen"], propertyValue: "yes" }],
      }),
      t("Other type", { destinationMetadataId: "mixpanel", drop: true }),
    ];
    const strip = filter("Strip email", "all", [{ type: "DROP_PROPERTIES", fields: { properties: ["email"] } }]);
    const result = runPipeline(
      ts,
      { type: "track", event: "A", properties: { email: "a@b.c" } },
      {
        sourceId: "web",
        destination: { typeId: "amplitude", filters: [strip] },
        engine,
      },
    );
    expect(result.event).toEqual({ type: "track", event: "B", properties: { seen: "yes" } });
    expect(result.matched).toEqual(["Rename A to B", "Amplitude: set seen"]);
    expect(result.changes).toEqual([
      { stage: "source transformation", name: "Rename A to B", paths: ["event"] },
      { stage: "filter", name: "Strip email", paths: ["properties.email"] },
      { stage: "destination transformation", name: "Amplitude: set seen", paths: ["properties.seen"] },
    ]);
  });

  it("a drop by a transformation says which stage and which transformation stopped the event", () => {
    const ts = [t("Drop tests", { if: "event = 'Test'", drop: true })];
    const result = runPipeline(
      ts,
      { type: "track", event: "Test" },
      { sourceId: "web", destination: { filters: [dropsEvent("Test")] }, engine },
    );
    expect(result.stoppedAt).toEqual({
      stage: "source transformation",
      name: "Drop tests",
      reason: "drop",
      description: 'dropped by source transformation "Drop tests"',
    });
    expect(result.filtersMatched).toEqual([]);
  });

  it("disabled filters never run; filters run in the order given, each seeing the previous one's output", () => {
    const disabled = filter("Off", "all", [{ type: "DROP" }], { enabled: false });
    const strip = filter("Strip plan", "all", [{ type: "DROP_PROPERTIES", fields: { properties: ["plan"] } }]);
    const dropPro = filter("Drop pro", "properties.plan = 'pro'", [{ type: "DROP" }]);
    const result = runPipeline(
      [],
      { type: "track", properties: { plan: "pro" } },
      { sourceId: "web", destination: { filters: [disabled, strip, dropPro] }, engine },
    );
    expect(result).toMatchObject({ dropped: false, filtersMatched: ["Strip plan"], event: { type: "track", properties: {} } });
  });
});

describe("the filter stage's edge rules", () => {
  it("an if that fails at runtime drops the event (fail closed)", () => {
    const broken = filter("Broken", "event = ", [{ type: "DROP_PROPERTIES", fields: { "": ["email"] } }]);
    const result = runFilters([broken], { type: "track", email: "a@b.c" }, { engine });
    expect(result.dropped).toBe(true);
    expect(result.stoppedBy).toMatchObject({ filter: "Broken", reason: "if-failed" });
  });

  it("contains() on null is false, not an error: the filter does not match", () => {
    const f = filter("Internal", "contains(properties.email, '@segment.com')", [{ type: "DROP" }]);
    expect(runFilters([f], { type: "track", properties: {} }, { engine })).toMatchObject({ dropped: false, matched: [] });
    expect(runFilters([f], { type: "track", properties: { email: null } }, { engine })).toMatchObject({ dropped: false, matched: [] });
    expect(runFilters([f], { type: "track", properties: { email: "x@segment.com" } }, { engine }).dropped).toBe(true);
  });

  it("SAMPLE with path is deterministic per value: the documented hash decides, the same value always the same way", () => {
    const sample = filter("Half of users", "all", [{ type: "SAMPLE", percent: 0.5, path: "userId" }]);
    const users = Array.from({ length: 40 }, (_, i) => `user-${i}`);
    const kept = users.filter((userId) => !runFilters([sample], { type: "track", userId }, { engine }).dropped);
    expect(kept).toEqual(users.filter((u) => sampleFraction(u) < 0.5));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(users.length);
    const first = runFilters([sample], { type: "track", userId: kept[0]!, other: 1 }, { engine });
    expect(first).toMatchObject({ dropped: false, sampled: true, keepProbability: 1 });
    const out = users.find((u) => !kept.includes(u))!;
    expect(runFilters([sample], { type: "track", userId: out }, { engine })).toMatchObject({
      sampled: false,
      stoppedBy: { reason: "sample" },
    });
  });

  it("SAMPLE without path: the simulator does not pick, it reports the keep probability", () => {
    const tenth = filter("Tenth", "all", [{ type: "SAMPLE", percent: 0.1 }]);
    const half = filter("Half", "all", [{ type: "SAMPLE", percent: 0.5 }]);
    const result = runFilters([tenth, half], { type: "track" }, { engine });
    expect(result).toMatchObject({ dropped: false, keepProbability: 0.05, event: { type: "track" } });
    expect(result.sampled).toBeUndefined();
  });

  it("the preview's mode decides a SAMPLE without path by the payload's hash", () => {
    const payload: JsonObject = { type: "track", userId: "x" };
    const outcome = applyFilterActions([{ type: "SAMPLE", percent: 0.5 }], payload, { unpathedSample: "payload" });
    expect(outcome.event === null).toBe(sampleFraction(payload) >= 0.5);
  });

  it("the action order is an option; where the orders agree, no warning", () => {
    const actions: FilterAction[] = [
      { type: "ALLOW_PROPERTIES", fields: { properties: ["a", "b"] } },
      { type: "DROP_PROPERTIES", fields: { properties: ["b"] } },
    ];
    const payload: JsonObject = { type: "track", properties: { a: 1, b: 2, c: 3 } };
    for (const order of ["docs", "openapi"] as const)
      expect(applyFilterActions(actions, payload, { order }).event).toEqual({ type: "track", properties: { a: 1 } });
    expect(actionOrdersDiffer(actions, payload)).toBe(false);
    expect(runFilters([filter("F", "all", actions)], payload, { engine }).warnings).toEqual([]);
  });

  it("a filter's actions run once per event when the two orders provably agree (no second run for the check)", () => {
    const counting = (): { charged: number; charge(steps: number): void } => ({
      charged: 0,
      charge(steps) {
        this.charged += steps;
      },
    });
    const actions: FilterAction[] = [
      { type: "DROP_PROPERTIES", fields: { properties: ["b"] } },
      { type: "ALLOW_PROPERTIES", fields: { "": ["type", "properties"] } },
    ];
    const payload: JsonObject = { type: "track", userId: "u", properties: { a: 1, b: 2, c: { d: [1, 2, 3] } } };
    const run = counting();
    runFilters([filter("F", "all", actions)], payload, { engine: createFqlEngine(run) });
    const once = counting();
    createFqlEngine(once).matches("all", payload);
    applyFilterActions(actions, payload, { meter: once });
    expect(run.charged).toBe(once.charged);
  });

  it("ordersMayDiffer: only a pair of action types the orders place differently and that does not commute; every agreeing case agrees on events", () => {
    const types = ["DROP", "SAMPLE", "ALLOW_PROPERTIES", "DROP_PROPERTIES"] as const;
    const action = (type: (typeof types)[number]): FilterAction =>
      type === "SAMPLE"
        ? { type, percent: 0.5, path: "userId" }
        : type === "DROP"
          ? { type }
          : { type, fields: type === "ALLOW_PROPERTIES" ? { "": ["type", "properties"], properties: ["a"] } : { properties: ["a", "b"] } };
    const events: JsonObject[] = [
      { type: "track", userId: "u1", properties: { a: 1, b: 2 }, context: {} },
      { type: "track", userId: "u2", properties: { b: 2 } },
      { type: "identify", userId: "u3" },
    ];
    for (let mask = 1; mask < 16; mask++) {
      const actions = types.filter((_, i) => mask & (1 << i)).map(action);
      expect(ordersMayDiffer(actions)).toBe(false);
      for (const event of events) expect(actionOrdersDiffer(actions, event)).toBe(false);
    }
    // The check can fail: an order that samples after editing (a SAMPLE by path reading an edited event) does not commute.
    const orders = {
      docs: ["SAMPLE", "DROP", "DROP_PROPERTIES", "ALLOW_PROPERTIES"],
      late: ["DROP", "DROP_PROPERTIES", "SAMPLE", "ALLOW_PROPERTIES"],
    } as const;
    expect(ordersMayDiffer([action("SAMPLE"), action("DROP_PROPERTIES")], orders)).toBe(true);
    expect(ordersMayDiffer([action("SAMPLE"), action("ALLOW_PROPERTIES")], orders)).toBe(false);
  });

  it("property actions reach every object of a list (the docs: properties.products with price)", () => {
    const f = filter("No prices", "all", [{ type: "DROP_PROPERTIES", fields: { "properties.products": ["price"] } }]);
    const result = runFilters(
      [f],
      { type: "track", properties: { products: [{ sku: "a", price: 1 }, { sku: "b", price: 2 }, 3] } },
      { engine },
    );
    expect(result.event).toEqual({ type: "track", properties: { products: [{ sku: "a" }, { sku: "b" }, 3] } });
  });
});

describe("interactingFilters", () => {
  it("reports a filter whose if reads a path another filter of the instance drops or keeps", () => {
    const strip = filter("Strip email", "all", [{ type: "DROP_PROPERTIES", fields: { properties: ["email"] } }]);
    const internal = filter("Drop internal", "contains(properties.email, '@corp.com')", [{ type: "DROP" }]);
    const allow = filter("Only a", "all", [{ type: "ALLOW_PROPERTIES", fields: { context: ["ip"] } }]);
    const byLocale = filter("By locale", "context.locale = 'de'", [{ type: "DROP" }]);
    const unrelated = filter("By name", "event = 'X'", [{ type: "DROP" }]);
    expect(interactingFilters([strip, internal, allow, byLocale, unrelated])).toEqual([
      { changes: "Strip email", reads: "Drop internal", path: "properties.email", action: "DROP_PROPERTIES" },
      { changes: "Only a", reads: "By locale", path: "context.locale", action: "ALLOW_PROPERTIES" },
    ]);
    expect(interactingFilters([{ ...strip, enabled: false }, internal])).toEqual([]);
  });
});
