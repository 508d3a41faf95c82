import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIELDS, FIELD_NAMES, fieldsWhere, type FieldName } from "../../src/model/fields.js";
import { CLEARING_VALUES, INPUT_FIELDS, WRITE_ONLY_FIELDS } from "../../src/model/transformation.js";
import { renderFieldTable, TABLE_DOC, TABLE_END, TABLE_START, withTable } from "../../scripts/field-table.js";
import { SIMULATOR_STEPS } from "../../src/simulate/simulator-steps.js";

const root = join(import.meta.dirname, "../..");
const read = (path: string): string => readFileSync(join(root, path), "utf8");
const schema = (path: string): Record<string, unknown> => JSON.parse(read(path)) as Record<string, unknown>;
type Json = Record<string, unknown>;
const at = (value: unknown, ...keys: string[]): Json => keys.reduce((node, key) => (node as Json)[key], value) as Json;
const sorted = (names: Iterable<string>): string[] => [...names].sort();

const REQUIRED = fieldsWhere((facts) => facts.required);
const NULL_CLEARED = fieldsWhere((facts) => facts.clearedWith === null);
const FALSE_CLEARED = fieldsWhere((facts) => facts.clearedWith === false);
const WRITE_ONLY = fieldsWhere((facts) => facts.returned === "never");

/** Whether a property's schema admits `null` (`oneOf`/`anyOf` with `{type: "null"}`). */
function admitsNull(property: Json): boolean {
  return [...((property.oneOf as Json[]) ?? []), ...((property.anyOf as Json[]) ?? [])].some((option) => option.type === "null");
}

describe("the field registry (src/model/fields.ts)", () => {
  it("is where the lists of fields come from", () => {
    expect(INPUT_FIELDS).toEqual(FIELD_NAMES);
    expect(sorted(WRITE_ONLY_FIELDS)).toEqual(sorted(WRITE_ONLY));
    expect(sorted(Object.keys(CLEARING_VALUES))).toEqual(sorted(fieldsWhere((facts) => !facts.required)));
  });

  it("gives every field two different example values", () => {
    for (const field of FIELD_NAMES) expect(FIELDS[field].examples[0], field).not.toEqual(FIELDS[field].examples[1]);
  });

  it(`matches the field table of ${TABLE_DOC} (run \`npm run schemas\` after editing the registry)`, () => {
    const doc = read(TABLE_DOC);
    expect(doc).toContain(TABLE_START);
    expect(doc).toContain(TABLE_END);
    expect(doc).toBe(withTable(doc, renderFieldTable()));
  });

  it("the table check can fail: a table with one row changed is told apart", () => {
    const doc = read(TABLE_DOC);
    const edited = withTable(doc, renderFieldTable().replace("`[]`", "`null`"));
    expect(edited).not.toBe(withTable(edited, renderFieldTable()));
  });
});

describe("the schemas agree with the registry", () => {
  it("a document (transformation.schema.json) has every field, and requires exactly the required ones", () => {
    const document = schema("schemas/transformation.schema.json");
    const perEnvironment = ["overrides", "only", "except"];
    expect(sorted(Object.keys(at(document, "properties")))).toEqual(
      sorted([...FIELD_NAMES, "apiVersion", "kind", "id", "protect", "lint", "ignore", ...perEnvironment]),
    );
    expect(sorted(document.required as string[])).toEqual(sorted([...REQUIRED, "apiVersion", "kind"]));
    // An environment's override may set every field but name (and protect), each by the document's own schema.
    const override = at(document, "properties", "overrides", "additionalProperties", "properties");
    expect(sorted(Object.keys(override))).toEqual(sorted([...FIELD_NAMES.filter((field) => field !== "name"), "protect"]));
    for (const field of FIELD_NAMES.filter((f) => f !== "name")) {
      const own = at(document, "properties", field);
      // An optional field may be unset in one environment: null.
      expect(override[field]).toEqual(REQUIRED.includes(field) ? own : { oneOf: [own, { type: "null" }] });
    }
  });

  it("the emulator's create body (schemas/api/) has every field and requires the required ones; its update body admits null exactly where null clears", () => {
    const create = schema("schemas/api/create-transformation.schema.json");
    const update = schema("schemas/api/update-transformation.schema.json");
    expect(sorted(Object.keys(at(create, "properties")))).toEqual(sorted(FIELD_NAMES));
    expect(sorted(create.required as string[])).toEqual(sorted(REQUIRED));
    expect(sorted(Object.keys(at(update, "properties")))).toEqual(sorted(FIELD_NAMES));
    expect(FIELD_NAMES.filter((field) => admitsNull(at(update, "properties", field)))).toEqual(NULL_CLEARED);
  });

  it("a plan's body (plan.schema.json) has every field, admits null exactly where null clears; a create body requires the required ones", () => {
    const plan = schema("schemas/plan.schema.json");
    const body = at(plan, "$defs", "body", "properties");
    expect(sorted(Object.keys(body))).toEqual(sorted(FIELD_NAMES));
    expect(FIELD_NAMES.filter((field) => admitsNull(at(body, field)))).toEqual(NULL_CLEARED);
    const createBody = at(plan, "$defs", "createAction", "properties", "body");
    expect(sorted((createBody.allOf as Json[])[1]!.required as string[])).toEqual(sorted(REQUIRED));
    expect(sorted(at(plan, "$defs", "writeOnlyFields", "items").enum as string[])).toEqual(sorted(WRITE_ONLY));
  });

  it("a field's definition (defs.schema.json) says write-only exactly when no reply carries it", () => {
    const defs = at(schema("schemas/defs.schema.json"), "$defs");
    for (const field of FIELD_NAMES)
      expect(String(at(defs, field).description).includes("Write-only"), field).toBe(WRITE_ONLY.includes(field));
  });
});

/** The field names a piece of prose lists. */
function namedIn(text: string): FieldName[] {
  return FIELD_NAMES.filter((field) => new RegExp(`\\b${field}\\b`).test(text));
}

/** Where docs and schema descriptions list fields by a fact, and the fields the registry says they must list. */
const PROSE: ReadonlyArray<{ file: string; says: RegExp; fields: readonly FieldName[] }> = [
  { file: "README.md", says: /arrays are sent as `\[\]`, (.*?) as `null`/, fields: NULL_CLEARED },
  { file: "README.md", says: /as `null`, (.*?) as `false`/, fields: FALSE_CLEARED },
  { file: "README.md", says: /table of `docs\/desired-state.md`\)\. (.*?) are never returned/, fields: WRITE_ONLY },
  { file: "docs/emulator.md", says: /arrays with `\[\]`; (.*?) with `null`/, fields: NULL_CLEARED },
  { file: "docs/emulator.md", says: /with `null`; (.*?) with `false`/, fields: FALSE_CLEARED },
  { file: "docs/emulator.md", says: /- Write-only: (.*?) are stored/, fields: WRITE_ONLY },
  { file: "docs/emulator.md", says: /`clear`: `null` clears (.*?) \(see Field semantics\)/, fields: NULL_CLEARED },
  { file: "docs/plan-promises.md", says: /## Write-only fields have state (.*?) are never returned/, fields: WRITE_ONLY },
  { file: "docs/gitops.md", says: /Write-only fields \((.*?)\) are never returned/, fields: WRITE_ONLY },
  { file: "schemas/plan.schema.json", says: /null \(([^)]*)\) or false/, fields: NULL_CLEARED },
  { file: "schemas/plan.schema.json", says: /or false \(([^)]*)\)/, fields: FALSE_CLEARED },
  { file: "schemas/plan.schema.json", says: /What write-only fields \(([^;]*);/, fields: WRITE_ONLY },
  { file: "schemas/api/update-transformation.schema.json", says: /arrays with \[\], (.*?) with null/, fields: NULL_CLEARED },
  { file: "schemas/api/update-transformation.schema.json", says: /with null, (.*?) with false/, fields: FALSE_CLEARED },
];

describe("the prose that lists fields by a fact agrees with the registry", () => {
  it.each(PROSE.map((p) => [p.file, p.says.source, p] as const))("%s: %s", (file, _says, { says, fields }) => {
    const text = read(file).replace(/\s+/g, " ");
    const found = says.exec(text);
    expect(found, `${file} no longer says ${says.source}: update this check with the prose`).not.toBeNull();
    expect(sorted(namedIn(found![1]!))).toEqual(sorted(fields));
  });

  it("every simulator step the registry names is a function of SIMULATOR_STEPS, and every one of them is named", () => {
    const named = FIELD_NAMES.map((field) => FIELDS[field].simulated.step).filter((step) => step !== null);
    for (const step of named) expect(SIMULATOR_STEPS[step], step).toBeTypeOf("function");
    expect([...new Set(named)].sort()).toEqual(Object.keys(SIMULATOR_STEPS).sort());
  });

  it("docs/simulator.md numbers the steps as the registry does", () => {
    const doc = read("docs/simulator.md");
    for (const field of FIELD_NAMES) {
      const step = /^step (\d+):/.exec(FIELDS[field].simulated.does)?.[1];
      if (step !== undefined) expect(doc, field).toMatch(new RegExp(`^${step}\\. \\*\\*\`${field}\\b`, "m"));
    }
  });
});
