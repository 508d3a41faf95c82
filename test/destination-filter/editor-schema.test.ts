import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { DESTINATION_FILTER } from "../../src/kinds/index.js";
import { readSchemaFile } from "../../src/version.js";

// schemas/destination-filter.schema.json, the editors' schema of a DestinationFilter document: it has
// exactly the keys the descriptor reads, each documented, and the API's limits validate checks.
type Schema = { properties: Record<string, { description?: string; examples?: unknown[] }> };
const schema = JSON.parse(readSchemaFile("destination-filter.schema.json")) as Schema & Record<string, unknown>;
const valid = new Ajv2020({ strict: false }).compile(schema);
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

  it("accepts a document and refuses the API's limits", () => {
    expect(valid(doc({}))).toBe(true);
    expect(valid(doc({ actions: Array.from({ length: 5 }, () => ({ type: "DROP" })) }))).toBe(false);
    expect(valid(doc({ actions: [{ type: "SAMPLE", percent: 2 }] }))).toBe(false);
    expect(valid(doc({ actions: [{ type: "DROP_PROPERTIES", fields: { "": ["user.email"] } }] }))).toBe(false);
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, ["a"]]));
    expect(valid(doc({ actions: [{ type: "ALLOW_PROPERTIES", fields: nine }] }))).toBe(false);
  });
});
