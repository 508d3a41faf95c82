import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { DESTINATION_FILTER, DEFAULT_KIND } from "../../src/kinds/index.js";
import { kindSchemaFiles } from "../../scripts/compile-schemas.js";
import { WIDGET } from "./toy-kind.js";

// `npm run schemas` writes the editors' JSON Schema of a kind whose descriptor asks for one
// (`editorSchema`) from its field registry; the toy Widget asks in its own file (test/kinds/toy-kind.ts).
describe("a kind's editor schema from its descriptor (npm run schemas, the toy Widget)", () => {
  const files = kindSchemaFiles([DEFAULT_KIND, DESTINATION_FILTER, WIDGET]);

  it("is written for the kinds that ask only: schemas/<file>", () => {
    expect(files.map((f) => f.file)).toEqual([join("schemas", "destination-filter.schema.json"), join("schemas", "widget.schema.json")]);
  });

  it("has the header, the per-environment id and each registry field with its value schema and description; required as the registry says", async () => {
    const schema = JSON.parse(await files[1]!.text()) as Record<string, unknown> & { properties: Record<string, Record<string, unknown>> };
    expect(schema.$id).toBe("https://transync.dev/schemas/widget.schema.json");
    expect(Object.keys(schema.properties)).toEqual(["apiVersion", "kind", "id", "protect", "name", "colors"]);
    expect(schema.required).toEqual(["apiVersion", "kind", "name"]);
    expect(schema.properties.kind!.const).toBe("Widget");
    expect(schema.properties.colors).toMatchObject({ type: "array", items: { type: "string" } });
    for (const [key, property] of Object.entries(schema.properties)) expect(property.description, key).toBeTruthy();
    const valid = new Ajv2020({ strict: true }).compile(schema);
    const doc = { apiVersion: "transync/v1", kind: "Widget", name: "Gear" };
    expect(valid(doc)).toBe(true);
    expect(valid({ ...doc, colors: ["red"], id: { prod: "wdg_1" }, protect: true })).toBe(true);
    expect(valid({ ...doc, colors: [1] })).toBe(false);
    expect(valid({ ...doc, size: 3 })).toBe(false);
    expect(valid({ apiVersion: "transync/v1", kind: "Widget" })).toBe(false);
  });

  it("refuses a descriptor whose editorSchema leaves a field undescribed", () => {
    const undescribed = { ...WIDGET, editorSchema: { ...WIDGET.editorSchema!, fields: { name: "its name" } } };
    expect(() => kindSchemaFiles([undescribed])).toThrow('kind Widget: editorSchema.fields has no description of "colors"');
  });
});
