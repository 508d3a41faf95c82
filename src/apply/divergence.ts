import type { Transformation } from "../model/transformation.js";
import { INPUT_FIELDS } from "../model/transformation.js";
import type { PlanAction } from "../plan/types.js";
import { comparableFields, normaliseLive, type FieldName } from "../plan/normalise.js";
import { beforeCut } from "../secrets/redact-cuts.js";

/** A field the server did not take: what was planned, and what a read after the write shows. */
export interface Divergence {
  index: number;
  name: string;
  id: string;
  field: string;
  /** Normalised values; undefined = absent (cleared). */
  planned?: unknown;
  actual?: unknown;
}

/** What a write should have left: an object, and the fields of it that are known (the others cannot be compared). */
export interface Expected {
  object: Record<string, unknown>;
  known: ReadonlySet<FieldName>;
}

const EVERY_FIELD: ReadonlySet<FieldName> = new Set(INPUT_FIELDS);

/**
 * The object a write should leave: `before` (the object as read under the lock, which the plan was
 * checked against) with the body laid over it, a `null` clearing its field. A create starts from
 * nothing, so every field is known: its body is the desired input, each unset array sent as `[]`.
 * An update knows the fields it sent and every field `before` carried: those it did not send must
 * be as they were. Without `before`, only the fields sent are known.
 */
export function expectedAfter(action: PlanAction, before: Transformation | undefined): Expected {
  const body: object = action.body ?? {};
  if (action.kind === "create") return { object: overlay({}, body), known: EVERY_FIELD };
  const known = new Set<FieldName>(Object.keys(body) as FieldName[]);
  if (before) for (const field of comparableFields(before)) known.add(field);
  return { object: overlay(before ?? {}, body), known };
}

function overlay(base: object, body: object): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [field, value] of Object.entries(body)) {
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

/**
 * The fields whose normal form (the planner's: order of sets, empty vs absent) differs between what
 * the write should have left and the object read back: every field the reply carries that is known.
 * Write-only fields and what the list omits (`returned` of src/model/fields.ts: `never`,
 * `not in lists`) are compared only when the reply carries them.
 */
export function fieldDivergences(expected: Expected, got: Transformation): Array<{ field: string; planned?: unknown; actual?: unknown }> {
  const planned = normaliseLive(expected.object as unknown as Transformation);
  const actual = normaliseLive(got);
  const out: Array<{ field: string; planned?: unknown; actual?: unknown }> = [];
  for (const field of comparableFields(got)) {
    if (!expected.known.has(field)) continue;
    if (JSON.stringify(planned[field]) !== JSON.stringify(actual[field]))
      out.push({ field, planned: planned[field], actual: actual[field] });
  }
  return out;
}

/** `"Change" (tf_1) newEventName: planned (absent), the server has "Old"`, the hash key never shown. */
export function describeDivergence(d: Divergence): string {
  return `"${d.name}" (${d.id}) ${d.field}: planned ${show(d.planned)}, the server has ${show(d.actual)}`;
}

function show(value: unknown): string {
  if (value === undefined || value === null) return "(absent)";
  // Redacted before the cut: a secret cut at 117 characters would no longer be recognised.
  const text = beforeCut(JSON.stringify(value, hideKey));
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** A hash key is an HMAC secret: never shown, in text or JSON. */
function hideKey(key: string, value: unknown): unknown {
  return key === "key" && typeof value === "string" ? "(sensitive)" : value;
}

export function redactKeys<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, hideKey)) as T;
}
