import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { call, create, isErrorEnvelope } from "./http.js";

const pvt = (paths: string[], value = "v") => ({ propertyPaths: paths, propertyValue: value });

describe("emulator validation: 422 input-validation, one error per field, dotted paths", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => (emulator = await startTestEmulator()));
  afterAll(() => emulator.close());

  const fieldsOf = (body: { errors: Array<{ field?: string }> }) => body.errors.map((e) => e.field).sort();

  it("reports every missing required field on create", async () => {
    const res = await call(emulator, "POST", "/transformations", { body: {} });
    expect(res.status).toBe(422);
    expect(isErrorEnvelope(res)).toBe(true);
    expect(res.body.errors).toEqual(expect.arrayContaining([{ type: "input-validation", field: "name", message: '"name" is required' }]));
    expect(fieldsOf(res.body)).toEqual(["enabled", "if", "name", "sourceId"]);
  });

  it("rejects a body that is not an object", async () => {
    const res = await call(emulator, "POST", "/transformations", { body: [1, 2] });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toMatch(/JSON object/);
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["wrong type of enabled", { enabled: "yes" }, "enabled"],
    ["wrong type of name", { name: 5 }, "name"],
    ["empty if", { if: "" }, "if"],
    ["unknown field", { colour: "red" }, "colour"],
    ["output-only id on input", { id: "x" }, "id"],
    ["rename without newName", { propertyRenames: [{ oldName: "a" }] }, "propertyRenames.0.newName"],
    ["rename with an extra key", { propertyRenames: [{ oldName: "a", newName: "b", x: 1 }] }, "propertyRenames.0.x"],
    [
      "11 value transformations",
      { propertyValueTransformations: Array.from({ length: 11 }, (_, i) => pvt([`properties.p${i}`])) },
      "propertyValueTransformations",
    ],
    [
      "11 paths in one value transformation",
      { propertyValueTransformations: [pvt(Array.from({ length: 11 }, (_, i) => `properties.p${i}`))] },
      "propertyValueTransformations.0.propertyPaths",
    ],
    ["no paths", { propertyValueTransformations: [pvt([])] }, "propertyValueTransformations.0.propertyPaths"],
    [
      "path not rooted at properties./context.",
      { propertyValueTransformations: [pvt(["traits.a"])] },
      "propertyValueTransformations.0.propertyPaths.0",
    ],
    [
      "the same path twice",
      { propertyValueTransformations: [pvt(["properties.a"]), pvt(["properties.a"])] },
      "propertyValueTransformations.1.propertyPaths.0",
    ],
    [
      "a path that is also renamed",
      { propertyRenames: [{ oldName: "a", newName: "b" }], propertyValueTransformations: [pvt(["properties.a"])] },
      "propertyValueTransformations.0.propertyPaths.0",
    ],
    [
      "2 fql defined properties",
      {
        fqlDefinedProperties: [
          { fql: "a", propertyName: "properties.a" },
          { fql: "b", propertyName: "properties.b" },
        ],
      },
      "fqlDefinedProperties",
    ],
    ["fql property without fql", { fqlDefinedProperties: [{ propertyName: "properties.a" }] }, "fqlDefinedProperties.0.fql"],
    [
      "fql combined with renames",
      { fqlDefinedProperties: [{ fql: "a", propertyName: "properties.a" }], propertyRenames: [{ oldName: "x", newName: "y" }] },
      "fqlDefinedProperties",
    ],
    ["hash without algorithm", { hashPropertiesConfiguration: { paths: ["properties.a"] } }, "hashPropertiesConfiguration.algorithm"],
    [
      "hash with a bad encoding",
      { hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.a"], encoding: "BASE32" } },
      "hashPropertiesConfiguration.encoding",
    ],
    ["allowProperties of numbers", { allowProperties: [1] }, "allowProperties.0"],
    ["drop not a boolean", { drop: "true" }, "drop"],
    ["null on create", { newEventName: null }, "newEventName"],
  ];
  it.each(cases)("%s", async (_label, input, field) => {
    const res = await create(emulator, input);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatchObject({ type: "input-validation", field, message: expect.stringContaining(`"${field}"`) });
  });

  it("reports all errors of one request at once", async () => {
    const res = await create(emulator, {
      enabled: 1,
      extra: true,
      hashPropertiesConfiguration: { algorithm: "x", paths: ["p"], encoding: "NOPE" },
      propertyValueTransformations: [pvt(["bad"])],
    });
    expect(fieldsOf(res.body)).toEqual([
      "enabled",
      "extra",
      "hashPropertiesConfiguration.encoding",
      "propertyValueTransformations.0.propertyPaths.0",
    ]);
  });

  it("validates PATCH bodies and the merged result; unknown id is 404", async () => {
    const id = (await create(emulator, { propertyRenames: [{ oldName: "a", newName: "b" }] })).body.data.transformation.id as string;
    const conflict = await call(emulator, "PATCH", `/transformations/${id}`, {
      body: { propertyValueTransformations: [pvt(["properties.a"])] },
    });
    expect(conflict.status).toBe(422);
    expect(conflict.body.errors[0].field).toBe("propertyValueTransformations.0.propertyPaths.0");
    const bad = await call(emulator, "PATCH", `/transformations/${id}`, { body: { enabled: "no", sourceId: null } });
    expect(fieldsOf(bad.body)).toEqual(["enabled", "sourceId"]);
    expect((await call(emulator, "PATCH", "/transformations/missing", { body: { enabled: true } })).status).toBe(404);
  });

  it("pagination count outside 1..200 and bad cursors are 422", async () => {
    for (const q of [
      "pagination.count=201",
      "pagination[count]=0",
      "pagination.count=abc",
      "pagination.cursor=!!!",
      "pagination[cursor]=bm9wZQ==",
    ]) {
      const res = await call(emulator, "GET", `/transformations?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.errors[0].field).toMatch(/^pagination\.(count|cursor)$/);
    }
  });
});
