import type { LiveApi } from "../live/live-api.js";
import type { Plan } from "../plan/types.js";
import type { Transformation } from "../model/transformation.js";
import { fieldsOf, type ApplyResult } from "./types.js";
import { comparableFields, normaliseLive, type FieldName } from "../plan/normalise.js";
import { mapConcurrent } from "../map-concurrent.js";
import { listAll } from "../live/read-live-state.js";
import { LIST_PAGE_SIZE } from "../live/http-live-api.js";
import { toActionError } from "./run-action.js";
import { beforeCut } from "../redact-cuts.js";

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

export interface Verification {
  /** Objects read back. */
  checked: number;
  diverged: Divergence[];
  /** Objects that could not be read back (the read failed): not known to have converged. */
  unreadable: Array<{ index: number; name: string; id: string; message: string }>;
}

/**
 * After the writes: each object created or updated is read again and compared field by field with
 * what was sent. A server can answer 200 and still not take a field (one that ignores `null` on
 * PATCH keeps the old value), and only a read shows it. Write-only fields the reply does not carry
 * cannot be compared and are skipped. Adopted objects were not written, so they are not checked.
 * The reads are one `get` each, or, when that is cheaper, the list (ceil(N/200) calls) plus a `get`
 * of each object whose body set `fqlDefinedProperties` (the list omits them).
 */
export async function verifyApplied(plan: Plan, result: ApplyResult, api: LiveApi, concurrency = 4): Promise<Verification> {
  const written = result.actions.filter((a) => (a.outcome === "created" || a.outcome === "updated") && a.id !== undefined);
  const bodyOf = (index: number): Record<string, unknown> => {
    const action = plan.actions[index];
    return ((action ? fieldsOf(action).body : undefined) ?? {}) as Record<string, unknown>;
  };
  const listed = await listWhenCheaper(plan, written.filter((o) => !needsGet(plan, o.index, bodyOf(o.index))).length, api);
  const verification: Verification = { checked: 0, diverged: [], unreadable: [] };
  await mapConcurrent(written, concurrency, async (outcome) => {
    const id = outcome.id as string;
    const body = bodyOf(outcome.index);
    let got: Transformation;
    try {
      got = (needsGet(plan, outcome.index, body) ? undefined : listed?.get(id)) ?? (await api.get(id));
    } catch (error) {
      verification.unreadable.push({ index: outcome.index, name: outcome.name, id, message: toActionError(error).message });
      return;
    }
    verification.checked += 1;
    for (const d of fieldDivergences(body, got)) verification.diverged.push({ index: outcome.index, name: outcome.name, id, ...d });
  });
  const byPlace = (a: { index: number }, b: { index: number }): number => a.index - b.index;
  verification.diverged.sort(byPlace);
  verification.unreadable.sort(byPlace);
  return verification;
}

/**
 * Whether checking `body` needs a `get`: it sets FQL-defined properties, which the list omits. A
 * create sends `[]` for every array it does not set, and a new object has none to keep, so only
 * a create's non-empty list, or any update's (clearing one must be seen), needs the get.
 */
function needsGet(plan: Plan, index: number, body: Record<string, unknown>): boolean {
  const fql = body.fqlDefinedProperties;
  if (!Array.isArray(fql)) return false;
  return fql.length > 0 || plan.actions[index]?.kind === "update";
}

/** Every object by id from one full list, when that takes fewer calls than a `get` of each of `gets` objects. */
async function listWhenCheaper(plan: Plan, gets: number, api: LiveApi): Promise<Map<string, Transformation> | undefined> {
  const pages = Math.ceil((Object.keys(plan.fingerprints).length + plan.summary.create) / LIST_PAGE_SIZE) + 1;
  if (gets <= pages) return undefined;
  try {
    return new Map((await listAll(api)).map((t) => [t.id, t]));
  } catch {
    return undefined; // the gets then tell, object by object, what could not be read
  }
}

/** The fields of `body` (as sent) whose normal form differs from the object read back. */
export function fieldDivergences(body: Record<string, unknown>, got: Transformation): Array<{ field: string; planned?: unknown; actual?: unknown }> {
  // What the object would be had the server taken every field: the reply with the body laid over
  // it, a `null` clearing its field. Both sides then go through the planner's normal form.
  const merged: Record<string, unknown> = { ...got };
  for (const [field, value] of Object.entries(body)) {
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  const expected = normaliseLive(merged as unknown as Transformation);
  const actual = normaliseLive(got);
  const readable = new Set<FieldName>(comparableFields(got));
  const out: Array<{ field: string; planned?: unknown; actual?: unknown }> = [];
  for (const field of Object.keys(body) as FieldName[]) {
    if (!readable.has(field)) continue;
    if (JSON.stringify(expected[field]) !== JSON.stringify(actual[field])) out.push({ field, planned: expected[field], actual: actual[field] });
  }
  return out;
}

/** `"Change" (tf_1) newEventName: planned (absent), the server has "Old"`, the hash key never shown. */
export function describeDivergence(d: Divergence): string {
  return `"${d.name}" (${d.id}) ${d.field}: planned ${show(d.planned)}, the server has ${show(d.actual)}`;
}

function show(value: unknown): string {
  if (value === undefined || value === null) return "(absent)";
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
