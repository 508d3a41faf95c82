/**
 * The field parts of the schemas under schemas/, written from the field registry (src/model/fields.ts
 * and src/model/field-schemas.ts) by `npm run schemas`: each field's definition, the properties and
 * `required` lists of a document, of the emulator's create and update bodies and of a plan's body,
 * the list of write-only fields. Everything else in those files is hand-written and kept as it is.
 */
import { FIELDS, FIELD_NAMES, fieldsWhere, type AnyFieldFacts, type FieldName } from "../src/model/fields.js";
import { SHARED_DEFS, type JsonSchema } from "../src/model/field-schemas.js";
import { WRITE_ONLY_FIELDS } from "../src/model/transformation.js";

type Node = Record<string, unknown>;
/** A schema file's content, changed in place. */
type Rewrite = (schema: Node) => void;

const REQUIRED = fieldsWhere((facts) => facts.required);
const WRITE_ONLY_NOTE = " Write-only: the API accepts it but does not return it.";
/** How schemas/api/ refers to a definition (its files sit one folder down, so by full id). */
const API_DEFS = "https://transync.dev/schemas/defs.schema.json#/$defs/";
/** How schemas/ refers to one. */
const DEFS = "defs.schema.json#/$defs/";

const facts = (field: FieldName): AnyFieldFacts => FIELDS[field];
const nullCleared = (field: FieldName): boolean => facts(field).clearedWith === null;

function at(node: unknown, ...keys: string[]): Node {
  return keys.reduce<Node>((inner, key) => {
    const next = inner[key];
    if (next === null || typeof next !== "object") throw new Error(`schema has no ${keys.join(".")}`);
    return next as Node;
  }, node as Node);
}

/** `object` with the fields' members replaced by `members`, in place; other members keep their place, new fields go last. */
function merged(object: Node, members: Partial<Record<FieldName, unknown>>): Node {
  const result: Node = {};
  for (const key of Object.keys(object)) result[key] = Object.hasOwn(members, key) ? members[key as FieldName] : object[key];
  for (const [key, member] of Object.entries(members)) if (!Object.hasOwn(result, key)) result[key] = member;
  return result;
}

function perField(schemaOf: (field: FieldName) => unknown): Partial<Record<FieldName, unknown>> {
  return Object.fromEntries(FIELD_NAMES.map((field) => [field, schemaOf(field)]));
}

/** `required`: the hand-written names that are no field, then the required fields in the registry's order. */
function required(list: unknown): string[] {
  const others = ((list as string[] | undefined) ?? []).filter((name) => !(FIELD_NAMES as string[]).includes(name));
  return [...others, ...REQUIRED];
}

const orNull = (schema: unknown, combinator: "anyOf" | "oneOf"): unknown => ({ [combinator]: [schema, { type: "null" }] });

/** A field's definition in defs.schema.json: its value, said write-only when no reply carries it. */
function definition(field: FieldName): JsonSchema {
  const value = facts(field).schema.value;
  if (facts(field).returned !== "never") return value;
  return { ...value, description: `${value.description}${WRITE_ONLY_NOTE}` };
}

function planned(field: FieldName): unknown {
  const schema = facts(field).schema.planned;
  return schema === "the value" ? { $ref: `${DEFS}${field}` } : schema;
}

function documented(field: FieldName): unknown {
  const schema = facts(field).schema.document;
  return schema === "as planned" ? planned(field) : schema;
}

const writeDefs: Rewrite = (schema) => {
  schema.$defs = merged(at(schema, "$defs"), { ...perField(definition), ...SHARED_DEFS });
};

/** The fields an environment's `overrides` entry may set: every field of the registry but `name`, and `protect`. */
const OVERRIDABLE = FIELD_NAMES.filter((field) => field !== "name");

const writeDocument: Rewrite = (schema) => {
  schema.required = required(schema.required);
  schema.properties = merged(at(schema, "properties"), perField(documented));
  // An override is checked as the document's own field is: the same schema, from the same place
  // (when the hand-written part declares `overrides`).
  if (!Object.hasOwn(at(schema, "properties"), "overrides")) return;
  const override = at(schema, "properties", "overrides", "additionalProperties");
  // `null` in an override unsets an optional field in that environment (a destination scope prod lacks).
  const fields = Object.fromEntries(
    OVERRIDABLE.map((field) => [field, facts(field).required ? documented(field) : orNull(documented(field), "oneOf")]),
  );
  override.properties = { ...fields, protect: { $ref: "#/properties/protect" } };
};

const writeCreate: Rewrite = (schema) => {
  schema.required = required(schema.required);
  schema.properties = perField((field) => ({ $ref: `${API_DEFS}${field}` }));
};

const writeUpdate: Rewrite = (schema) => {
  schema.properties = perField((field) => {
    const value = { $ref: `${API_DEFS}${field}` };
    return nullCleared(field) ? orNull(value, "anyOf") : value;
  });
};

const writePlan: Rewrite = (schema) => {
  const body = at(schema, "$defs", "body");
  body.properties = perField((field) => (nullCleared(field) ? orNull(planned(field), "oneOf") : planned(field)));
  const createBody = at(schema, "$defs", "createAction", "properties", "body", "allOf", "1");
  createBody.required = required(createBody.required);
  at(schema, "$defs", "writeOnlyFields", "items").enum = WRITE_ONLY_FIELDS;
};

/** What `npm run schemas` rewrites in each schema file (paths from the repository's root). */
export const FIELD_SCHEMA_WRITERS: Readonly<Record<string, Rewrite>> = {
  "schemas/defs.schema.json": writeDefs,
  "schemas/transformation.schema.json": writeDocument,
  "schemas/api/create-transformation.schema.json": writeCreate,
  "schemas/api/update-transformation.schema.json": writeUpdate,
  "schemas/plan.schema.json": writePlan,
};
