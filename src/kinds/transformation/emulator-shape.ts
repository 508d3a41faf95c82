import type { PropertyValueTransformation, Transformation, TransformationUpdate } from "../../model/transformation.js";
import { isNullCleared } from "../../model/transformation.js";
import { FIELDS, FIELD_NAMES, fieldsWhere, type FieldName } from "../../model/fields.js";

/** Fields cleared with `false` (src/model/fields.ts): stored as absent, like every unset field. */
const FALSE_CLEARED = fieldsWhere((facts) => facts.clearedWith === false);

/**
 * The stored form: a deep copy with `propertyPaths` sorted (the real service returns them sorted),
 * a field at its clearing value (`false`, `null`) removed, so "unset" is always an absent key.
 */
export function normalizeStored(input: Record<string, unknown>): Transformation {
  const t = structuredClone(input) as Record<string, unknown>;
  for (const key of Object.keys(t)) {
    if (t[key] === null || t[key] === undefined) delete t[key];
  }
  for (const field of FALSE_CLEARED) if (t[field] === false) delete t[field];
  if (Array.isArray(t.propertyValueTransformations)) {
    t.propertyValueTransformations = (t.propertyValueTransformations as PropertyValueTransformation[]).map((pvt) => ({
      propertyPaths: [...pvt.propertyPaths].sort(),
      propertyValue: pvt.propertyValue,
    }));
  }
  return t as unknown as Transformation;
}

/**
 * PATCH semantics: an absent key leaves the value; a sent value (arrays included) replaces it; a
 * field's clearing value (`clearedWith` of src/model/fields.ts: `null`, `false` or `[]`) clears it.
 */
export function applyPatch(current: Transformation, patch: TransformationUpdate): Transformation {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null && isNullCleared(key)) delete next[key];
    else next[key] = value;
  }
  return normalizeStored(next);
}

/**
 * The order of the real API's keys (the SPEC36 examples): the server's own fields among the input
 * fields. Input fields the registry adds later follow, in its order.
 */
const KNOWN_ORDER = [
  "id",
  "workspaceId",
  "name",
  "enabled",
  "sourceId",
  "destinationMetadataId",
  "destinationId",
  "if",
  "newEventName",
  "propertyDrops",
  "propertyRenames",
  "propertyValueTransformations",
  "fqlDefinedProperties",
  "allowProperties",
] as const satisfies ReadonlyArray<keyof Transformation>;
const REPLY_ORDER: ReadonlyArray<keyof Transformation> = [
  ...KNOWN_ORDER,
  ...FIELD_NAMES.filter((field) => !(KNOWN_ORDER as readonly string[]).includes(field)),
];

/** Whether a reply of this view carries the key: the registry's `returned` for input fields; the server's own always. */
function carries(key: keyof Transformation, view: "single" | "list"): boolean {
  if (!Object.hasOwn(FIELDS, key)) return true;
  const returned = FIELDS[key as FieldName].returned;
  return returned === "always" || (returned === "not in lists" && view === "single");
}

/** Lists (`propertyDrops` and the registry's list fields) are `[]` when none; other unset values are omitted. */
function isList(key: keyof Transformation): boolean {
  return key === "propertyDrops" || (Object.hasOwn(FIELDS, key) && FIELDS[key as FieldName].compare !== "scalar");
}

/**
 * The API view of a stored transformation, derived from the registry (src/model/fields.ts): write-
 * only fields are never returned; `fqlDefinedProperties` is omitted from list elements and present
 * in create/get/update (as in the SPEC36 examples); lists are `[]` when none.
 */
export function toApiTransformation(t: Transformation, view: "single" | "list"): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of REPLY_ORDER) {
    if (!carries(key, view)) continue;
    const value = t[key] ?? (isList(key) ? [] : undefined);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
