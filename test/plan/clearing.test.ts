import { describe, expect, it } from "vitest";
import { CLEARING_VALUES, INPUT_FIELDS, type Transformation, type TransformationUpdate } from "../../src/model/transformation.js";
import { updateBody } from "../../src/plan/bodies.js";
import { applyPatch } from "../../src/kinds/transformation/emulator-shape.js";

const full: Transformation = {
  id: "tfm_1",
  name: "A",
  sourceId: "src",
  enabled: true,
  if: "event = 'A'",
  destinationMetadataId: "dmd",
  drop: true,
  newEventName: "B",
  propertyRenames: [{ oldName: "a", newName: "b" }],
  propertyValueTransformations: [{ propertyPaths: ["properties.a"], propertyValue: "x" }],
  fqlDefinedProperties: [{ fql: "lowercase(event)", propertyName: "properties.e" }],
  allowProperties: ["a"],
  hashPropertiesConfiguration: { algorithm: "HMAC-SHA256", key: "k", paths: ["properties.a"] },
};

describe("the clearing convention: one table, used by the planner and the emulator", () => {
  it("names the value that clears every optional input field", () => {
    const optional = INPUT_FIELDS.filter((f) => !["name", "sourceId", "enabled", "if"].includes(f));
    expect(Object.keys(CLEARING_VALUES).sort()).toEqual([...optional].sort());
  });

  it("an update body with a field left unset sends that value, and the emulator clears the field with it", () => {
    const spec = { name: "A", sourceId: "src", enabled: true, if: "event = 'A'" };
    for (const field of Object.keys(CLEARING_VALUES) as Array<keyof typeof CLEARING_VALUES>) {
      const body = updateBody(spec, new Set([field]));
      expect(body[field], field).toEqual(CLEARING_VALUES[field]);
      const after = applyPatch(full, body as TransformationUpdate) as unknown as Record<string, unknown>;
      expect(after[field] === undefined || (Array.isArray(after[field]) && (after[field] as unknown[]).length === 0), field).toBe(true);
    }
  });
});
