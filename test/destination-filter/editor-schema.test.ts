import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { DESTINATION_FILTER } from "../../src/kinds/index.js";
import { readSchemaFile } from "../../src/version.js";
import { kindSchemaFiles } from "../../scripts/compile-schemas.js";

// schemas/destination-filter.schema.json, the editors' schema of a DestinationFilter document, written
// by `npm run schemas` from the descriptor (src/kinds/editor-schema.ts; test/schemas-generated.test.ts
// fails when it is stale): it has exactly the keys the descriptor reads, each documented, the API's
// limits validate checks, and the keys validate requires.
type Schema = { properties: Record<string, { description?: string; examples?: unknown[] }> };
const schema = JSON.parse(readSchemaFile("destination-filter.schema.json")) as Schema & Record<string, unknown>;
const valid = new Ajv2020({ strict: true }).compile(schema);
const doc = (extra: Record<string, unknown>) => ({
  apiVersion: "transync/v1",
  kind: "DestinationFilter",
  name: "Strip email",
  destination: "ads",
  if: "type = 'track'",
  actions: [{ type: "DROP_PROPERTIES", fields: { properties: ["email"] } }],
  ...extra,
});

describe("the DestinationFilter editor schema", () => {
  it("has the descriptor's document keys, the header and the per-environment keys, each with a description and examples", () => {
    expect(Object.keys(schema.properties).sort()).toEqual(
      ["apiVersion", "kind", "id", "protect", ...DESTINATION_FILTER.document!.keys, "overrides", "only", "except"].sort(),
    );
    for (const [key, field] of Object.entries(schema.properties)) {
      expect(field.description, key).toBeTruthy();
      expect(field.examples, key).toBeTruthy();
    }
  });

  it("is written from the descriptor by npm run schemas", () => {
    expect(kindSchemaFiles([DESTINATION_FILTER]).map((f) => f.file)).toEqual([join("schemas", "destination-filter.schema.json")]);
  });

  it("requires the keys validate reports missing, and only those", () => {
    expect(schema.required as string[]).toEqual(["apiVersion", "kind", ...DESTINATION_FILTER.document!.required]);
    const check = DESTINATION_FILTER.validation.check;
    for (const key of DESTINATION_FILTER.document!.required) {
      const full: Record<string, unknown> = doc({});
      const { [key]: _left, ...without } = full;
      expect(valid(without), key).toBe(false);
      expect(
        check(without).map((i) => i.path[0]),
        key,
      ).toContain(key);
    }
  });

  it("checks an environment's overrides as the document's own keys, and never the name", () => {
    expect(valid(doc({ overrides: { staging: { enabled: false, protect: true } }, only: ["staging", "prod"] }))).toBe(true);
    expect(valid(doc({ overrides: { staging: { name: "Other" } } }))).toBe(false);
    expect(valid(doc({ overrides: { staging: { actions: [{ type: "BOGUS" }] } } }))).toBe(false);
    expect(valid(doc({ overrides: { staging: { if: "x".repeat(3073) } } }))).toBe(false);
    expect(valid(doc({ id: { prod: "df_1" }, except: ["staging"] }))).toBe(true);
    expect(valid(doc({ only: [] }))).toBe(false);
  });

  it("refuses a descriptor whose document keys lack a value schema or a description, or require a key it does not have", () => {
    const document = DESTINATION_FILTER.document!;
    const { if: _if, ...values } = document.values;
    const without = (patch: object) => () => kindSchemaFiles([{ ...DESTINATION_FILTER, ...patch }]);
    expect(without({ document: { ...document, values } })).toThrow('kind DestinationFilter: document.values has no schema of "if"');
    expect(without({ document: { ...document, required: ["name", "colour"] } })).toThrow(
      'kind DestinationFilter: document.required names "colour", not one of its keys',
    );
    const { title: _title, ...fields } = DESTINATION_FILTER.editorSchema!.fields;
    expect(without({ editorSchema: { ...DESTINATION_FILTER.editorSchema!, fields } })).toThrow(
      'kind DestinationFilter: editorSchema.fields has no description of "title"',
    );
  });

  it("takes lint.ignore as validate does, and never per environment", () => {
    const ignore = [{ rule: "filter-interaction", reason: "the sample runs after the drop on purpose" }];
    expect(valid(doc({ lint: { ignore } }))).toBe(true);
    expect(valid(doc({ lint: { ignore: [{ rule: "filter-interaction" }] } }))).toBe(false);
    expect(valid(doc({ lint: { ignore, other: true } }))).toBe(false);
    expect(valid(doc({ overrides: { prod: { lint: { ignore } } } }))).toBe(false);
  });

  it("accepts a document and refuses the API's limits", () => {
    expect(valid(doc({}))).toBe(true);
    expect(valid(doc({ actions: Array.from({ length: 5 }, () => ({ type: "DROP" })) }))).toBe(false);
    expect(valid(doc({ actions: [{ type: "SAMPLE", percent: 2 }] }))).toBe(false);
    expect(valid(doc({ actions: [{ type: "DROP_PROPERTIES", fields: { "": ["user.email"] } }] }))).toBe(false);
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, ["a"]]));
    expect(valid(doc({ actions: [{ type: "ALLOW_PROPERTIES", fields: nine }] }))).toBe(false);
  });
});
