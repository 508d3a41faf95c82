import type { LiveApi } from "../live/live-api.js";
import type { Plan, PlanAction } from "../plan/types.js";
import { LIST_OMITTED_FIELDS, type DocumentInput, type DocumentUpdate, type Transformation } from "../model/transformation.js";
import type { ActionOutcome, ApplyResult } from "./types.js";
import { ApiError } from "../errors.js";
import { mapConcurrent } from "../map-concurrent.js";
import { listAll } from "../live/read-live-state.js";
import { LIST_PAGE_SIZE } from "../live/http-live-api.js";
import { toActionError } from "./run-action.js";
import { resolveBodySecrets } from "../plan/secrets.js";
import { expectedAfter, fieldDivergences, type Divergence, type Expected } from "./divergence.js";

export { describeDivergence, expectedAfter, fieldDivergences, redactKeys, type Divergence, type Expected } from "./divergence.js";

/** One object named in a verification: where it is in the plan, and which live object. */
export interface VerifiedObject {
  index: number;
  name: string;
  id: string;
}

export interface Verification {
  /** Objects read back (written ones compared, deleted ones confirmed gone). */
  checked: number;
  diverged: Divergence[];
  /** Objects whose DELETE was answered with success that a read after the writes still finds. */
  notDeleted: VerifiedObject[];
  /** Objects that could not be read back (the read failed): not known to have converged. */
  unreadable: Array<VerifiedObject & { message: string }>;
}

export interface VerifyOptions {
  /** Reads in flight at once (default 4). */
  concurrency?: number;
  /**
   * Live objects as read under the lock before the writes (what the plan was checked against): an
   * update is compared with this object plus its body on every field, not only on those it sent.
   */
  before?: readonly Transformation[];
  /**
   * Where the writes read hash keys (`key: { fromEnv: VAR }`): the body compared is the one sent,
   * its key the variable's value, not the reference a document holds.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Whether a verification found nothing wrong (none, for an interrupted apply, counts as converged). */
export function isConverged(v: Verification | undefined): boolean {
  return v === undefined || (v.diverged.length === 0 && v.notDeleted.length === 0 && v.unreadable.length === 0);
}

interface WrittenCheck {
  outcome: ActionOutcome & { id: string };
  expected: Expected;
  /** The list omits fqlDefinedProperties: checking them takes a `get`. */
  needsGet: boolean;
}

/**
 * After the writes, the server's replies are not taken on trust: a server can answer 200 and not
 * take a field, clear one it was not sent, or answer a DELETE with success and keep the object.
 * Each object created or updated is read again and compared with what the write should have left
 * (divergence.ts) on every field the read carries; each object deleted is read again and must be
 * gone (a `get` answering 404, or absent from a complete list). Adopted objects were not written,
 * so they are not checked. The reads are one `get` each, or, when that is cheaper, one complete
 * list (ceil(N/200) calls) plus a `get` of each object whose FQL-defined properties must be seen.
 */
export async function verifyApplied(plan: Plan, result: ApplyResult, api: LiveApi, options: VerifyOptions = {}): Promise<Verification> {
  const before = new Map((options.before ?? []).map((t) => [t.id, t]));
  // Another kind's writes are read back by its own apply (kind-apply.ts).
  const written = result.actions
    .filter((a) => plan.actions[a.index]?.resource === undefined)
    .filter(hasId)
    .filter((a) => a.outcome === "created" || a.outcome === "updated")
    .map((outcome) => writtenCheck(plan, outcome, before, options.env));
  const deleted = result.actions
    .filter((a) => plan.actions[a.index]?.resource === undefined)
    .filter(hasId)
    .filter((a) => a.outcome === "deleted");
  const listed = await listWhenCheaper(plan, written.filter((w) => !w.needsGet).length + deleted.length, api);
  const verification: Verification = { checked: 0, diverged: [], notDeleted: [], unreadable: [] };
  const concurrency = options.concurrency ?? 4;
  await mapConcurrent(written, concurrency, async ({ outcome, expected, needsGet }) => {
    const got = await readBack(outcome, needsGet ? undefined : listed, api, verification);
    if (got === undefined) return;
    verification.checked += 1;
    for (const d of fieldDivergences(expected, got)) verification.diverged.push({ ...named(outcome), ...d });
  });
  await mapConcurrent(deleted, concurrency, async (outcome) => {
    const gone = listed ? !listed.has(outcome.id) : await isGone(outcome, api, verification);
    if (gone === undefined) return;
    verification.checked += 1;
    if (!gone) verification.notDeleted.push(named(outcome));
  });
  const byPlace = (a: { index: number }, b: { index: number }): number => a.index - b.index;
  for (const list of [verification.diverged, verification.notDeleted, verification.unreadable]) list.sort(byPlace);
  return verification;
}

function hasId(outcome: ActionOutcome): outcome is ActionOutcome & { id: string } {
  return outcome.id !== undefined;
}

function named(outcome: ActionOutcome & { id: string }): VerifiedObject {
  return { index: outcome.index, name: outcome.name, id: outcome.id };
}

function writtenCheck(
  plan: Plan,
  outcome: ActionOutcome & { id: string },
  before: Map<string, Transformation>,
  env: VerifyOptions["env"],
): WrittenCheck {
  const planned = plan.actions[outcome.index];
  if (planned === undefined) return { outcome, expected: { object: {}, known: new Set() }, needsGet: false };
  const action = env !== undefined ? asSent(planned, env) : planned;
  const old = action.kind === "update" ? before.get(outcome.id) : undefined;
  const body: WrittenBody = action.kind === "delete" ? {} : action.body;
  return { outcome, expected: expectedAfter(action, old), needsGet: needsGet(action.kind, body, old) };
}

/** The action with the body the write sent (run-action.ts resolves a hash key's `fromEnv` the same way). */
function asSent(action: PlanAction, env: NonNullable<VerifyOptions["env"]>): PlanAction {
  if (action.kind === "create") return { ...action, body: resolveBodySecrets(action.body, env, action.name) as DocumentInput };
  if (action.kind === "update") return { ...action, body: resolveBodySecrets(action.body, env, action.name) as DocumentUpdate };
  return action;
}

/** The fields of a sent body that the list omits (a body may hold `null` to clear them). */
type WrittenBody = { readonly [F in (typeof LIST_OMITTED_FIELDS)[number]]?: unknown };

/**
 * Whether checking a write needs a `get`: the list omits some fields (FQL-defined properties;
 * LIST_OMITTED_FIELDS). A create whose body sets one must show it; an update must show it when it
 * sent it (clearing included), or when the object had it before (a server may drop fields it was not sent).
 */
function needsGet(kind: PlanAction["kind"], body: WrittenBody, old: Transformation | undefined): boolean {
  return LIST_OMITTED_FIELDS.some((field) =>
    kind === "create" ? holdsValue(body[field]) : body[field] !== undefined || holdsValue(old?.[field]),
  );
}

/** Set to something: neither absent, null nor an empty list. */
function holdsValue(value: unknown): boolean {
  return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
}

/** The object from the list, else from a `get`; undefined (and noted as unreadable) when the read fails. */
async function readBack(
  outcome: ActionOutcome & { id: string },
  listed: Map<string, Transformation> | undefined,
  api: LiveApi,
  v: Verification,
): Promise<Transformation | undefined> {
  try {
    return listed?.get(outcome.id) ?? (await api.get(outcome.id));
  } catch (error) {
    v.unreadable.push({ ...named(outcome), message: toActionError(error).message });
    return undefined;
  }
}

/** True when a `get` answers 404, false when it finds the object; undefined (noted as unreadable) when it fails otherwise. */
async function isGone(outcome: ActionOutcome & { id: string }, api: LiveApi, v: Verification): Promise<boolean | undefined> {
  try {
    await api.get(outcome.id);
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return true;
    v.unreadable.push({ ...named(outcome), message: toActionError(error).message });
    return undefined;
  }
}

/** Every object by id from one complete list (listComplete's checks), when that takes fewer calls than `gets` gets. */
async function listWhenCheaper(plan: Plan, gets: number, api: LiveApi): Promise<Map<string, Transformation> | undefined> {
  const pages = Math.ceil((Object.keys(plan.fingerprints).length + plan.summary.create) / LIST_PAGE_SIZE) + 1;
  if (gets <= pages) return undefined;
  try {
    return new Map((await listAll(api)).map((t) => [t.id, t]));
  } catch {
    return undefined; // the gets then tell, object by object, what could not be read
  }
}
