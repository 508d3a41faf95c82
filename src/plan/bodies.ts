import type { DocumentInput, DocumentUpdate } from "../model/transformation.js";
import { INPUT_FIELDS } from "../model/transformation.js";
import type { FieldName } from "./normalise.js";

const ARRAY_FIELDS: readonly FieldName[] = [
  "propertyRenames",
  "propertyValueTransformations",
  "fqlDefinedProperties",
  "allowProperties",
];
const NULL_CLEARED: readonly FieldName[] = ["newEventName", "destinationMetadataId", "hashPropertiesConfiguration"];

/**
 * The value an update sends for one field: the document's value, or, when the document leaves it
 * unset, the value that clears it (DocumentUpdate's convention: arrays `[]`; newEventName,
 * destinationMetadataId and hashPropertiesConfiguration `null`; drop `false`).
 */
export function updateValue(spec: DocumentInput, field: FieldName): unknown {
  const value = (spec as unknown as Record<string, unknown>)[field];
  const unset = value === undefined || value === null || value === "";
  if (!unset) return value;
  if (ARRAY_FIELDS.includes(field)) return [];
  if (NULL_CLEARED.includes(field)) return null;
  if (field === "drop") return false;
  return value;
}

/** An update body with exactly `fields`, in the stable field order. */
export function updateBody(spec: DocumentInput, fields: ReadonlySet<FieldName>): DocumentUpdate {
  const body: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) if (fields.has(field)) body[field] = updateValue(spec, field);
  return body as DocumentUpdate;
}

/**
 * The create body: the full desired input with every array present (`[]` when none), as the
 * Terraform provider sends it; optional scalars and write-only fields only when the document sets them.
 */
export function createBody(spec: DocumentInput): DocumentInput {
  const body: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) {
    const value = (spec as unknown as Record<string, unknown>)[field];
    if (ARRAY_FIELDS.includes(field)) body[field] = value ?? [];
    else if (value !== undefined && value !== null && value !== "") body[field] = value;
  }
  return body as unknown as DocumentInput;
}
