import { describe, expect, it } from "vitest";
import { computePlan, hasChanges, planDigest } from "../../src/plan/index.js";
import type { Transformation, TransformationInput } from "../../src/model/transformation.js";
import { doc, live, liveState, options } from "./builders.js";

function planOne(spec: Partial<TransformationInput>, liveFields: Partial<Transformation>, extra = {}) {
  return computePlan([doc("T", spec)], liveState([live("id1", "T", liveFields)]), options(extra));
}

describe("computePlan: normalisation", () => {
  it("plans no change for a freshly applied object whatever the server does to order, absent arrays and nulls", () => {
    const spec: Partial<TransformationInput> = {
      propertyRenames: [
        { oldName: "b", newName: "c" },
        { oldName: "a", newName: "b" },
      ],
      propertyValueTransformations: [{ propertyPaths: ["properties.x", "context.y"], propertyValue: "v" }],
      allowProperties: ["z", "a"],
    };
    const reply = live("id1", "T", {
      newEventName: null as unknown as string,
      propertyRenames: [
        { newName: "b", oldName: "a" },
        { oldName: "b", newName: "c" },
      ],
      propertyValueTransformations: [{ propertyValue: "v", propertyPaths: ["context.y", "properties.x"] }],
      allowProperties: ["a", "z"],
      propertyDrops: ["properties.secret"],
      destinationId: "dest_1",
    });
    const plan = computePlan([doc("T", spec)], liveState([reply]), options());
    expect(plan.actions).toEqual([]);
    expect(plan.unchanged).toEqual([{ id: "id1", name: "T", notRead: ["fqlDefinedProperties"] }]);
    expect(hasChanges(plan)).toBe(false);
  });

  it("treats absent, null and [] arrays, and absent, null and empty strings alike", () => {
    const plan = planOne(
      { propertyRenames: [], newEventName: undefined },
      { propertyRenames: undefined, allowProperties: null as unknown as string[], destinationMetadataId: "" },
    );
    expect(plan.actions).toEqual([]);
  });

  it("never plans a change for read-only fields", () => {
    const plan = planOne({}, { workspaceId: "other", propertyDrops: ["properties.a"], destinationId: "d9" });
    expect(plan.summary).toEqual({ create: 0, update: 0, delete: 0, unchanged: 1, unmanaged: 0 });
  });
});

describe("computePlan: every field", () => {
  const cases: Array<[string, Partial<TransformationInput>, Partial<Transformation>, Record<string, unknown>]> = [
    ["sourceId", { sourceId: "src_b" }, {}, { sourceId: "src_b" }],
    ["enabled", { enabled: false }, {}, { enabled: false }],
    ["if", { if: "type = 'identify'" }, {}, { if: "type = 'identify'" }],
    ["destinationMetadataId set", { destinationMetadataId: "meta1" }, {}, { destinationMetadataId: "meta1" }],
    ["destinationMetadataId cleared", {}, { destinationMetadataId: "meta1" }, { destinationMetadataId: null }],
    ["newEventName set", { newEventName: "New" }, { newEventName: "Old" }, { newEventName: "New" }],
    ["newEventName cleared", {}, { newEventName: "Old" }, { newEventName: null }],
    ["propertyRenames", { propertyRenames: [{ oldName: "a", newName: "b" }] }, {}, { propertyRenames: [{ oldName: "a", newName: "b" }] }],
    ["propertyRenames cleared", {}, { propertyRenames: [{ oldName: "a", newName: "b" }] }, { propertyRenames: [] }],
    [
      "propertyValueTransformations",
      { propertyValueTransformations: [{ propertyPaths: ["properties.a"], propertyValue: "1" }] },
      { propertyValueTransformations: [{ propertyPaths: ["properties.a"], propertyValue: "2" }] },
      { propertyValueTransformations: [{ propertyPaths: ["properties.a"], propertyValue: "1" }] },
    ],
    [
      "propertyValueTransformations cleared",
      {},
      { propertyValueTransformations: [{ propertyPaths: ["properties.a"], propertyValue: "2" }] },
      { propertyValueTransformations: [] },
    ],
    ["allowProperties", { allowProperties: ["a", "b"] }, { allowProperties: ["a"] }, { allowProperties: ["a", "b"] }],
    ["allowProperties cleared", {}, { allowProperties: ["a"] }, { allowProperties: [] }],
    [
      "fqlDefinedProperties (fetched with get)",
      { fqlDefinedProperties: [{ fql: "lowercase(properties.e)", propertyName: "properties.f" }] },
      { fqlDefinedProperties: [] },
      { fqlDefinedProperties: [{ fql: "lowercase(properties.e)", propertyName: "properties.f" }] },
    ],
    [
      "fqlDefinedProperties cleared",
      {},
      { fqlDefinedProperties: [{ fql: "x", propertyName: "properties.f" }] },
      { fqlDefinedProperties: [] },
    ],
    ["drop (live carries it)", { drop: true }, { drop: false }, { drop: true }],
    ["drop cleared (live carries it)", {}, { drop: true }, { drop: false }],
    [
      "hashPropertiesConfiguration (live carries it)",
      { hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.e"] } },
      { hashPropertiesConfiguration: { algorithm: "MD5", paths: ["properties.e"] } },
      { hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.e"] } },
    ],
    [
      "hashPropertiesConfiguration cleared (live carries it)",
      {},
      { hashPropertiesConfiguration: { algorithm: "MD5", paths: ["properties.e"] } },
      { hashPropertiesConfiguration: null },
    ],
  ];
  it.each(cases)("%s: an update whose body holds only that field", (_label, spec, liveFields, body) => {
    const plan = planOne(spec, liveFields);
    expect(plan.actions).toHaveLength(1);
    const [action] = plan.actions;
    expect(action).toMatchObject({ kind: "update", id: "id1", name: "T", reasons: ["drift"] });
    expect(action!.body).toEqual(body);
    expect(action!.changes.map((c) => c.field)).toEqual(Object.keys(body));
    expect(action!.patch.length).toBeGreaterThan(0);
  });

  it("compares set-like arrays as sets (hash paths too)", () => {
    const plan = planOne(
      { hashPropertiesConfiguration: { paths: ["properties.b", "properties.a"], algorithm: "SHA256" }, allowProperties: ["b", "a", "a"] },
      { hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.a", "properties.b"] }, allowProperties: ["a", "b"] },
    );
    expect(plan.actions).toEqual([]);
  });

  it("reports field changes with before and after and an RFC 6902 patch", () => {
    const plan = planOne({ enabled: false, newEventName: "New" }, {});
    const [action] = plan.actions;
    expect(action!.changes).toEqual([
      { field: "enabled", before: true, after: false },
      { field: "newEventName", after: "New" },
    ]);
    expect(action!.patch).toEqual(
      expect.arrayContaining([
        { op: "replace", path: "/enabled", value: false },
        { op: "add", path: "/newEventName", value: "New" },
      ]),
    );
  });
});

describe("computePlan: create", () => {
  it("creates with the full input, every array present", () => {
    const plan = computePlan([doc("New", { newEventName: "X", drop: true })], liveState([]), options());
    expect(plan.actions).toEqual([
      expect.objectContaining({
        kind: "create",
        name: "New",
        sourceId: "src_a",
        body: {
          name: "New",
          sourceId: "src_a",
          enabled: true,
          if: "event = 'New'",
          drop: true,
          newEventName: "X",
          propertyRenames: [],
          propertyValueTransformations: [],
          fqlDefinedProperties: [],
          allowProperties: [],
        },
      }),
    ]);
    expect(plan.actions[0]!.changes.map((c) => c.field)).toContain("drop");
    expect(plan.summary.create).toBe(1);
  });
});

describe("computePlan: fqlDefinedProperties read from the list", () => {
  it("does not diff them when the live object lacks the key, and warns when the document sets some", () => {
    const plan = planOne({ fqlDefinedProperties: [{ fql: "x", propertyName: "properties.y" }] }, {});
    expect(plan.actions).toEqual([]);
    expect(plan.warnings).toEqual([expect.objectContaining({ message: expect.stringContaining("could not be compared") })]);
  });

  it("never sends them when they were not read (hidden clearing): the update says they were not read", () => {
    const plan = planOne({ enabled: false }, {});
    expect(plan.actions[0]!.body).toEqual({ enabled: false });
    expect(plan.actions[0]).toMatchObject({ notRead: ["fqlDefinedProperties"] });
  });

  it("shows and sends the clearing of a hand-added property once the object was read in full", () => {
    const plan = planOne({ enabled: false }, { fqlDefinedProperties: [{ fql: "lowercase(properties.a)", propertyName: "properties.b" }] });
    expect(plan.actions[0]!.body).toEqual({ enabled: false, fqlDefinedProperties: [] });
    expect(plan.actions[0]!.changes.map((c) => c.field)).toEqual(["enabled", "fqlDefinedProperties"]);
    expect(plan.actions[0]).not.toHaveProperty("notRead");
  });
});

describe("computePlan: the whole plan", () => {
  it("returns the plan as it is saved, digest last over everything else (nothing patched on afterwards)", () => {
    const plan = computePlan(
      [doc("T", { enabled: false })],
      { ...liveState([live("id1", "T")]), apiCalls: 2 },
      options({ detailedIds: ["id1"], warnings: [{ message: "from the desired state" }] }),
    );
    expect(plan.digest).toBe(planDigest(plan));
    expect(plan.apiCalls).toBe(2);
    expect(plan.detailedIds).toEqual(["id1"]);
    expect(plan.warnings[0]).toEqual({ message: "from the desired state" });
    expect(planDigest({ ...plan, apiCalls: 3 })).not.toBe(plan.digest);
  });

  it("a delete has no body; an update always has one", () => {
    const plan = computePlan([doc("T", { enabled: false })], liveState([live("id1", "T"), live("id2", "Gone")]), options({ prune: "all" }));
    const [del, upd] = plan.actions;
    expect(del).toMatchObject({ kind: "delete", id: "id2" });
    expect(del).not.toHaveProperty("body");
    expect(upd).toMatchObject({ kind: "update", id: "id1", body: { enabled: false } });
  });
});
