import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { FIELD_SCHEMA_WRITERS } from "../../scripts/field-schemas.js";
import { withFieldLists, withSchemaLists } from "../../scripts/field-prose.js";
import { jsonText } from "../../scripts/json-text.js";
import { FIELD_NAMES, fieldsWhere } from "../../src/model/fields.js";

type Node = Record<string, unknown>;
const NULL_CLEARED = fieldsWhere((facts) => facts.clearedWith === null);
const WRITE_ONLY = fieldsWhere((facts) => facts.returned === "never");

/** What a writer of scripts/field-schemas.ts makes of `schema`. */
function written(file: string, schema: Node): Node {
  const copy = structuredClone(schema);
  FIELD_SCHEMA_WRITERS[file]!(copy);
  return copy;
}

describe("the field parts of the schemas are written from the registry (scripts/field-schemas.ts)", () => {
  it("an update body without properties gets one per field, admitting null exactly where null clears", () => {
    const properties = written("schemas/api/update-transformation.schema.json", { type: "object" }).properties as Record<string, Node>;
    expect(Object.keys(properties)).toEqual(FIELD_NAMES);
    expect(FIELD_NAMES.filter((field) => "anyOf" in properties[field]!)).toEqual(NULL_CLEARED);
  });

  it("a document keeps its hand-written properties and requirements, and gains every field (a stale one is replaced)", () => {
    const schema = written("schemas/transformation.schema.json", {
      required: ["apiVersion", "drop"],
      properties: { apiVersion: { const: "transync/v1" }, drop: { type: "string" } },
    });
    expect(Object.keys(schema.properties as Node)).toEqual(["apiVersion", "drop", ...FIELD_NAMES.filter((f) => f !== "drop")]);
    expect((schema.properties as Node).drop).toEqual({ $ref: "defs.schema.json#/$defs/drop" });
    expect(schema.required).toEqual(["apiVersion", "name", "sourceId", "enabled", "if"]);
  });

  it("a field's definition says write-only exactly when no reply carries it; hand-written definitions stay", () => {
    const defs = written("schemas/defs.schema.json", { $defs: { slugRef: { type: "object" } } }).$defs as Record<string, Node>;
    expect(defs.slugRef).toEqual({ type: "object" });
    expect(FIELD_NAMES.filter((field) => String(defs[field]!.description).includes("Write-only"))).toEqual(WRITE_ONLY);
  });
});

describe("prose that lists fields is written from the registry (scripts/field-prose.ts)", () => {
  it("rewrites a stale list between markers, and leaves the rest", () => {
    const text = "Before <!-- fields write-only -->`name`<!-- /fields --> after.";
    expect(withFieldLists(text, "doc.md")).toBe(
      `Before <!-- fields write-only -->${WRITE_ONLY.map((f) => `\`${f}\``)
        .join(", ")
        .replace(/, ([^,]*)$/, " and $1")}<!-- /fields --> after.`,
    );
  });

  it("refuses a marker naming no known list, saying where", () => {
    expect(() => withFieldLists("<!-- fields returned -->x<!-- /fields -->", "docs/x.md")).toThrow(
      /docs\/x\.md: no list of fields called "returned"/,
    );
  });

  it("rewrites the sentence of a schema's description, and refuses a schema whose sentence is gone", () => {
    const schema = { properties: { compat: { description: "PATCH with null: clear (default) clears name; ignore leaves it" } } };
    const file = "schemas/api/emulator-config.schema.json";
    expect(JSON.stringify(withSchemaLists(file, schema))).toContain(`clears ${NULL_CLEARED.join(", ")}; ignore`);
    expect(() => withSchemaLists(file, { description: "reworded" })).toThrow(/emulator-config\.schema\.json: 0 descriptions say/);
  });
});

describe("generated JSON text (scripts/json-text.ts)", () => {
  it("holds the same value, and is the same when written again", async () => {
    const value = { a: [1, 2, "x".repeat(200)], b: { c: { d: "y".repeat(150) } }, e: [], f: {} };
    const path = join(import.meta.dirname, "..", "..", "schemas", "probe.schema.json");
    const text = await jsonText(value, path);
    expect(JSON.parse(text)).toEqual(value);
    expect(await jsonText(JSON.parse(text), path)).toBe(text);
    expect(
      text.split("\n").filter((line) => line.length > 140 && !line.includes("y".repeat(150)) && !line.includes("x".repeat(200))),
    ).toEqual([]);
  });
});
