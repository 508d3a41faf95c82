import type { PropertyValueTransformation, Transformation, TransformationUpdate } from "../model/transformation.js";
import { isNullCleared } from "../model/transformation.js";

/**
 * The stored form: a deep copy with `propertyPaths` sorted (the real service returns them sorted),
 * `drop: false` and null clearables removed, so "unset" is always an absent key.
 */
export function normalizeStored(input: Record<string, unknown>): Transformation {
  const t = structuredClone(input) as Record<string, unknown>;
  for (const key of Object.keys(t)) {
    if (t[key] === null || t[key] === undefined) delete t[key];
  }
  if (t.drop === false) delete t.drop;
  if (Array.isArray(t.propertyValueTransformations)) {
    t.propertyValueTransformations = (t.propertyValueTransformations as PropertyValueTransformation[]).map((pvt) => ({
      propertyPaths: [...pvt.propertyPaths].sort(),
      propertyValue: pvt.propertyValue,
    }));
  }
  return t as unknown as Transformation;
}

/**
 * PATCH semantics: an absent key leaves the value; a sent value (arrays included) replaces it;
 * `null` clears newEventName / destinationMetadataId / hashPropertiesConfiguration; `drop: false`
 * clears drop; `[]` clears an array.
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

/** Fields returned in this order; `drop` and `hashPropertiesConfiguration` are write-only and never returned. */
const SCALARS = ["id", "workspaceId", "name", "enabled", "sourceId", "destinationMetadataId", "destinationId", "if", "newEventName"] as const;

/**
 * The API view of a stored transformation. Arrays are `[]` when none; `fqlDefinedProperties` is
 * omitted from list elements and present in create/get/update (as in the SPEC36 examples).
 */
export function toApiTransformation(t: Transformation, view: "single" | "list"): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SCALARS) if (t[key] !== undefined) out[key] = t[key];
  out.propertyDrops = t.propertyDrops ?? [];
  out.propertyRenames = t.propertyRenames ?? [];
  out.propertyValueTransformations = t.propertyValueTransformations ?? [];
  if (view === "single") out.fqlDefinedProperties = t.fqlDefinedProperties ?? [];
  out.allowProperties = t.allowProperties ?? [];
  return out;
}

/** Stored objects are replaced, never mutated, on update: their list JSON can be kept per object. */
const listJsonCache = new WeakMap<Transformation, string>();

/** `JSON.stringify(toApiTransformation(t, "list"))`, computed once per stored version (list is the hot path). */
export function listItemJson(t: Transformation): string {
  let json = listJsonCache.get(t);
  if (json === undefined) {
    json = JSON.stringify(toApiTransformation(t, "list"));
    listJsonCache.set(t, json);
  }
  return json;
}
