/**
 * Type checks for what the API returns, one per field of `TransformationV1` (src/model/transformation.ts).
 * A check returns undefined when the value fits, or the first misfit found: where it is (relative
 * to the value checked), what was expected and what came. Building no path until something is
 * wrong keeps a 10,000-object list cheap to check.
 */
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

/** Every field of the resource; null counts as absent for the optional ones (the API may send either). */
const TRANSFORMATION_REQUIRED: Fields = { id: nonEmptyString, name: string, sourceId: string, enabled: boolean, if: string };
const TRANSFORMATION_OPTIONAL: Fields = {
  workspaceId: string,
  destinationMetadataId: string,
  destinationId: string,
  drop: boolean,
  newEventName: string,
  propertyDrops: strings,
  propertyRenames: arrayOf(record("an object", { oldName: string, newName: string }), "{oldName, newName} objects"),
  propertyValueTransformations: arrayOf(
    record("an object", { propertyPaths: strings, propertyValue: string }),
    "{propertyPaths, propertyValue} objects",
  ),
  fqlDefinedProperties: arrayOf(record("an object", { fql: string, propertyName: string }), "{fql, propertyName} objects"),
  allowProperties: strings,
  hashPropertiesConfiguration: record("an object", { algorithm: string, paths: strings }, { key: string, encoding: string }),
};

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

/** The first misfit of an audit event as replied. */
export function auditEventMisfit(value: unknown): Misfit | undefined {
  if (!isRecord(value)) return misfit("an object", value);
  return checkFields(value, AUDIT_EVENT, {});
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
