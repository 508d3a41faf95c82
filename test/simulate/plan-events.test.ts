import { describe, expect, it } from "vitest";
import { differingPaths, eventChanges, type ChangedTransformation, type SampleEvent } from "../../src/simulate/plan-events.js";
import { createFqlEngine } from "../../src/simulate/fql-engine.js";
import type { JsonValue, SimTransformation } from "../../src/simulate/types.js";

const engine = createFqlEngine();
function t(name: string, fields: Partial<SimTransformation> = {}): SimTransformation {
  return { name, sourceId: "web", enabled: true, if: "event = 'Order Completed'", ...fields };
}
function sample(n: number, event: JsonValue, fields: Partial<SampleEvent> = {}): SampleEvent {
  return { where: `events.jsonl:${n}`, sourceId: "web", event, ...fields };
}
const order = (total: number): JsonValue => ({ type: "track", event: "Order Completed", properties: { total } });
const update = (name: string, desiredName = name): ChangedTransformation => ({
  kind: "update",
  name: desiredName,
  id: `tfm_${name}`,
  live: { name, sourceId: "web" },
  desired: { name: desiredName, sourceId: "web" },
});

describe("eventChanges", () => {
  it("an update: the events whose output differs, before and after, the paths that differ, what applied on each side", () => {
    const live = [
      t("Rename", { newEventName: "Old" }),
      t("Keep", { if: "all", propertyValueTransformations: [{ propertyPaths: ["properties.k"], propertyValue: "v" }] }),
    ];
    const desired = [t("Rename", { newEventName: "New" }), live[1]!];
    const events = [sample(1, order(1)), sample(2, { type: "track", event: "Other" })];
    const report = eventChanges({ live, desired, changed: [update("Rename")], events, engine });
    expect(report.events).toBe(2);
    expect(report.failed).toBe(0);
    expect(report.changed).toBe(1);
    expect(report.examples).toEqual([
      {
        where: "events.jsonl:1",
        sourceId: "web",
        before: { type: "track", event: "Old", properties: { total: 1, k: "v" } },
        after: { type: "track", event: "New", properties: { total: 1, k: "v" } },
        paths: ["event"],
        pathCount: 1,
        appliedBefore: ["Keep", "Rename"],
        appliedAfter: ["Keep", "Rename"],
      },
    ]);
    expect(report.transformations).toEqual([{ kind: "update", name: "Rename", id: "tfm_Rename", matched: 1 }]);
  });

  it("an event two changed transformations touch is shown once, with the whole plan's before and after and what applied on each side", () => {
    // Enabling "Tag q" and deleting "Tag p": the event gains q and loses p. Listed under each
    // transformation, the same example read as "deleting Tag p adds q".
    const tag = (name: string, key: string, enabled: boolean) =>
      t(name, { enabled, propertyValueTransformations: [{ propertyPaths: [`properties.${key}`], propertyValue: "yes" }] });
    const live = [tag("Tag p", "p", true), tag("Tag q", "q", false)];
    const desired = [tag("Tag q", "q", true)];
    const changed: ChangedTransformation[] = [
      { kind: "delete", name: "Tag p", id: "tfm_p", live: { name: "Tag p", sourceId: "web" } },
      { kind: "update", name: "Tag q", id: "tfm_q", live: { name: "Tag q", sourceId: "web" }, desired: { name: "Tag q", sourceId: "web" } },
    ];
    const report = eventChanges({ live, desired, changed, events: [sample(1, order(1))], engine });
    expect(report.changed).toBe(1);
    expect(report.examples).toEqual([
      expect.objectContaining({
        where: "events.jsonl:1",
        before: { type: "track", event: "Order Completed", properties: { total: 1, p: "yes" } },
        after: { type: "track", event: "Order Completed", properties: { total: 1, q: "yes" } },
        appliedBefore: ["Tag p"],
        appliedAfter: ["Tag q"],
      }),
    ]);
    expect(report.transformations.map((r) => [r.name, r.matched])).toEqual([
      ["Tag p", 1],
      ["Tag q", 1],
    ]);
  });

  it("create, delete and dropped: null stands for a dropped event on either side", () => {
    const live = [t("Drop old", { drop: true })];
    const desired = [t("Drop debug", { if: "event = 'Debug'", drop: true })];
    const changed: ChangedTransformation[] = [
      { kind: "delete", name: "Drop old", id: "tfm_1", live: { name: "Drop old", sourceId: "web" } },
      { kind: "create", name: "Drop debug", desired: { name: "Drop debug", sourceId: "web" } },
    ];
    const events = [sample(1, order(5)), sample(2, { type: "track", event: "Debug" })];
    const report = eventChanges({ live, desired, changed, events, engine });
    expect(report.examples).toEqual([
      {
        where: "events.jsonl:1",
        sourceId: "web",
        before: null,
        after: order(5),
        paths: [],
        pathCount: 0,
        appliedBefore: ["Drop old"],
        appliedAfter: [],
      },
      {
        where: "events.jsonl:2",
        sourceId: "web",
        before: { type: "track", event: "Debug" },
        after: null,
        paths: [],
        pathCount: 0,
        appliedBefore: [],
        appliedAfter: ["Drop debug"],
      },
    ]);
  });

  it("at most N examples in all, the rest counted; a transformation counts the events it matches on either side", () => {
    const live = [t("Rename", { newEventName: "Old" })];
    const desired = [t("Rename", { newEventName: "New", if: "event = 'Order Completed' and properties.total > 2" })];
    const events = [1, 2, 3, 4, 5, 6, 7].map((n) => sample(n, order(n)));
    const report = eventChanges({ live, desired, changed: [update("Rename")], events, engine, maxExamples: 2 });
    expect(report.transformations[0]?.matched).toBe(7);
    expect(report.changed).toBe(7); // 1, 2: "Old" -> unrenamed; 3..7: "Old" -> "New"
    expect(report.examples.map((e) => e.where)).toEqual(["events.jsonl:1", "events.jsonl:2"]);
    const same = eventChanges({ live, desired: live, changed: [update("Rename")], events, engine });
    expect(same).toMatchObject({ changed: 0, examples: [], transformations: [{ matched: 7 }] });
  });

  it("a rename is found under both names; other sources' events and same-named objects elsewhere do not count", () => {
    const live = [
      t("Old name", { newEventName: "X" }),
      t("Old name", { sourceId: "ios", newEventName: "Y" }),
      t("Ios other", { sourceId: "ios", newEventName: "Z" }),
    ];
    const desired = [t("New name", { newEventName: "X2" }), live[1]!, t("Ios other", { sourceId: "ios", newEventName: "Z2" })];
    const events = [sample(1, order(1)), sample(2, order(2), { sourceId: "ios" })];
    const report = eventChanges({ live, desired, changed: [update("Old name", "New name")], events, engine });
    expect(report.transformations[0]).toMatchObject({ name: "New name", matched: 1 });
    expect(report.examples[0]).toMatchObject({ appliedBefore: ["Old name"], appliedAfter: ["New name"], after: { event: "X2" } });
  });

  it("destination-scoped transformations run only for events that name their destination", () => {
    const live: SimTransformation[] = [];
    const desired = [t("Dest", { destinationMetadataId: "dst_1", newEventName: "D" })];
    const changed: ChangedTransformation[] = [{ kind: "create", name: "Dest", desired: { name: "Dest", sourceId: "web" } }];
    const events = [sample(1, order(1)), sample(2, order(2), { destinationId: "dst_1" })];
    const report = eventChanges({ live, desired, changed, events, engine });
    expect(report.examples).toEqual([
      expect.objectContaining({ where: "events.jsonl:2", destinationId: "dst_1", after: { ...(order(2) as object), event: "D" } }),
    ]);
  });

  it("an event the engine cannot run is counted with the first reason, and the others still run", () => {
    const live = [t("Bad fql", { if: "event = = 'x'" })];
    const desired = [t("Fine", { newEventName: "Y" })];
    const changed: ChangedTransformation[] = [{ kind: "create", name: "Fine", desired: { name: "Fine", sourceId: "web" } }];
    const report = eventChanges({
      live,
      desired,
      changed,
      events: [sample(1, order(1)), sample(2, order(2), { sourceId: "ios" })],
      engine,
    });
    expect(report.failed).toBe(1);
    expect(report.firstFailure).toEqual({
      where: "events.jsonl:1",
      message: expect.stringContaining("FQL \"event = = 'x'\" does not parse"),
    });
  });

  it("never mutates the events or the transformations", () => {
    const live = [t("A", { propertyRenames: [{ oldName: "total", newName: "revenue" }] })];
    const desired = [t("A", { allowProperties: ["other"] })];
    const events = [sample(1, order(3))];
    const frozen = JSON.stringify([live, desired, events]);
    eventChanges({ live, desired, changed: [update("A")], events, engine });
    expect(JSON.stringify([live, desired, events])).toBe(frozen);
  });
});

describe("differingPaths", () => {
  it("lists object keys that differ, lists compared whole, in key order; the root is []", () => {
    expect(differingPaths({ a: 1, b: { c: [1, 2], d: "x" }, e: null }, { a: 1, b: { c: [2, 1], d: "x" }, f: 1, e: null })).toEqual({
      paths: [["b", "c"], ["f"]],
      count: 2,
    });
    expect(differingPaths({ a: null }, {})).toEqual({ paths: [["a"]], count: 1 });
    expect(differingPaths([1], [2])).toEqual({ paths: [[]], count: 1 });
  });
  it("counts past the limit, and survives deep nesting", () => {
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i]));
    expect(differingPaths(many, {}, 3)).toEqual({ paths: [["k0"], ["k1"], ["k2"]], count: 9 });
    let deepA: JsonValue = 1;
    let deepB: JsonValue = 2;
    for (let i = 0; i < 50_000; i++) {
      deepA = { x: deepA };
      deepB = { x: deepB };
    }
    const result = differingPaths(deepA, deepB);
    expect(result.count).toBe(1);
    expect(result.paths[0]).toHaveLength(50_000);
  });
});
