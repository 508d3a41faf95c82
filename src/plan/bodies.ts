import type { DocumentInput, DocumentUpdate } from "../model/transformation.js";
import { CLEARING_VALUES, INPUT_FIELDS } from "../model/transformation.js";
import { fieldsWhere } from "../model/fields.js";
import type { FieldName } from "./normalise.js";

/** The list fields (cleared with `[]`): a create sends each of them, `[]` when none. */
const ARRAY_FIELDS: readonly FieldName[] = fieldsWhere((facts) => facts.compare !== "scalar");

/**
 * The value an update sends for one field: the document's value, or, when the document leaves it
 * unset, the value that clears it (CLEARING_VALUES, shared with the emulator).
 */
export function updateValue(spec: DocumentInput, field: FieldName): unknown {
  const value = (spec as unknown as Record<string, unknown>)[field];
  const unset = value === undefined || value === null || value === "";
  if (!unset) return value;
  return Object.hasOwn(CLEARING_VALUES, field) ? structuredClone(CLEARING_VALUES[field as keyof typeof CLEARING_VALUES]) : value;
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
