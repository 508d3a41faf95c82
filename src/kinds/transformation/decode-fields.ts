/**
 * Type checks for what the API returns, one per field of `TransformationV1` (src/model/transformation.ts):
 * an input field's check is built from its JSON Schema in the field registry (`schema.value` of
 * src/model/fields.ts), so a new field is checked without a line here.
 * A check returns undefined when the value fits, or the first misfit found: where it is (relative
 * to the value checked), what was expected and what came. Building no path until something is
 * wrong keeps a 10,000-object list cheap to check.
 */
import { FIELDS, FIELD_NAMES, type FieldName } from "../../model/fields.js";
import { SHARED_DEFS, type Json, type JsonSchema } from "../../model/field-schemas.js";

export interface Misfit {
  /** `.propertyValueTransformations[2].propertyPaths[0]`, or "" for the value itself. */
  path: string;
  expected: string;
  value: unknown;
}

type Check = (value: unknown) => Misfit | undefined;
type Fields = Readonly<Record<string, Check>>;

const misfit = (expected: string, value: unknown): Misfit => ({ path: "", expected, value });
const under = (path: string, inner: Misfit): Misfit => ({ ...inner, path: `${path}${inner.path}` });

const string: Check = (v) => (typeof v === "string" ? undefined : misfit("a string", v));
const nonEmptyString: Check = (v) => (typeof v === "string" && v !== "" ? undefined : misfit("a non-empty string", v));
const boolean: Check = (v) => (typeof v === "boolean" ? undefined : misfit("true or false", v));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function arrayOf(item: Check, itemName: string): Check {
  return (v) => {
    if (!Array.isArray(v)) return misfit(`an array of ${itemName}`, v);
    for (let i = 0; i < v.length; i++) {
      const found = item(v[i]);
      if (found) return under(`[${i}]`, found);
    }
    return undefined;
  };
}

/** An object whose `required` fields fit and whose `optional` ones, when present and not null, fit; other keys are let through (fields the API may add). */
function record(name: string, required: Fields, optional: Fields = {}): Check {
  return (v) => {
    if (!isRecord(v)) return misfit(name, v);
    return checkFields(v, required, optional);
  };
}

function checkFields(v: Record<string, unknown>, required: Fields, optional: Fields): Misfit | undefined {
  for (const key in required) {
    const found = (required[key] as Check)(v[key]);
    if (found) return under(`.${key}`, found);
  }
  for (const key in optional) {
    const value = v[key];
    if (value === undefined || value === null) continue;
    const found = (optional[key] as Check)(value);
    if (found) return under(`.${key}`, found);
  }
  return undefined;
}

const strings = arrayOf(string, "strings");

/** The definition a `$ref` of the registry's schemas names (`#/$defs/NAME` of schemas/defs.schema.json). */
function referenced(ref: Json): JsonSchema {
  const name = String(ref).replace("#/$defs/", "");
  const found: JsonSchema | undefined = Object.hasOwn(FIELDS, name)
    ? FIELDS[name as FieldName].schema.value
    : (SHARED_DEFS as Record<string, JsonSchema>)[name];
  if (found === undefined) throw new Error(`a field's schema refers to ${String(ref)}, which neither FIELDS nor SHARED_DEFS defines`);
  return found;
}

const resolved = (schema: JsonSchema): JsonSchema => (schema.$ref === undefined ? schema : resolved(referenced(schema.$ref)));
const TYPE_CHECKS: Readonly<Record<string, Check>> = {
  string,
  boolean,
  number: (v) => (typeof v === "number" ? undefined : misfit("a number", v)),
};

/** What a list of values of `schema` is called: `strings`, `{oldName, newName} objects`. */
function pluralOf(schema: JsonSchema): string {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type === "object") return properties ? `{${Object.keys(properties).join(", ")}} objects` : "objects";
  return schema.type === "array" ? "arrays" : `${String(schema.type)}s`;
}

/**
 * The check of a value of `schema`, by type only: lengths, enums and unknown members are not checked,
 * as before (the API may send what transync would not write); an optional member may be null.
 */
function checkOf(given: JsonSchema): Check {
  const schema = resolved(given);
  if (schema.type === "array") {
    const items = resolved(schema.items as JsonSchema);
    return arrayOf(checkOf(items), pluralOf(items));
  }
  if (schema.type === "object") {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const needed = new Set((schema.required ?? []) as string[]);
    const members = (keep: boolean): Fields =>
      Object.fromEntries(
        Object.keys(properties)
          .filter((key) => needed.has(key) === keep)
          .map((key) => [key, checkOf(properties[key]!)]),
      );
    return record("an object", members(true), members(false));
  }
  const check = TYPE_CHECKS[String(schema.type === "integer" ? "number" : schema.type)];
  if (check === undefined) throw new Error(`no reply check for a value of JSON Schema type ${String(schema.type)}`);
  return check;
}

/** The check of every input field, from its schema in the registry. */
export const FIELD_CHECKS: Readonly<Record<FieldName, Check>> = Object.fromEntries(
  FIELD_NAMES.map((field) => [field, checkOf(FIELDS[field].schema.value)]),
) as Record<FieldName, Check>;

const fieldChecks = (required: boolean): Fields =>
  Object.fromEntries(FIELD_NAMES.filter((field) => FIELDS[field].required === required).map((field) => [field, FIELD_CHECKS[field]]));

/** Every field of the resource; null counts as absent for the optional ones (the API may send either). */
const TRANSFORMATION_REQUIRED: Fields = { id: nonEmptyString, ...fieldChecks(true) };
/** The server's own fields (READ_ONLY_FIELDS of src/model/transformation.ts but `id`), then the optional input fields. */
const TRANSFORMATION_OPTIONAL: Fields = { workspaceId: string, destinationId: string, propertyDrops: strings, ...fieldChecks(false) };

/** The first misfit of a transformation as replied, or undefined when every field has its type. */
export function transformationMisfit(value: unknown): Misfit | undefined {
  if (!isRecord(value)) return misfit("an object", value);
  return checkFields(value, TRANSFORMATION_REQUIRED, TRANSFORMATION_OPTIONAL);
}

const AUDIT_EVENT: Fields = {
  id: nonEmptyString,
  timestamp: string,
  type: string,
  actor: string,
  resourceId: string,
  resourceType: string,
  resourceName: string,
};

/** `actorEmail`: in the SDK's AuditEventV1 (TypeScript), not in the OpenAPI document; null counts as absent. */
const AUDIT_EVENT_OPTIONAL: Fields = { actorEmail: string };

/** The first misfit of an audit event as replied. */
export function auditEventMisfit(value: unknown): Misfit | undefined {
  if (!isRecord(value)) return misfit("an object", value);
  return checkFields(value, AUDIT_EVENT, AUDIT_EVENT_OPTIONAL);
}

const WORKSPACE_REQUIRED: Fields = { id: nonEmptyString };
const WORKSPACE_OPTIONAL: Fields = { slug: string, name: string };

/** The first misfit of `data.workspace` (`GET /`). */
export function workspaceMisfit(value: unknown): Misfit | undefined {
  if (!isRecord(value)) return misfit("an object", value);
  return checkFields(value, WORKSPACE_REQUIRED, WORKSPACE_OPTIONAL);
}

/** `an object`, `the number 1`, `null`: what came instead, short (a string is never quoted: it may be long, or a secret). */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "absent";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return value === "" ? "an empty string" : "a string";
  if (typeof value === "number" || typeof value === "boolean") return `the ${typeof value} ${String(value)}`;
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
