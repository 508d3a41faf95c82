import { locationText, type DesiredResource, type SourceLocation } from "../model/desired-resource.js";
import type { KindField, KindObject, ResourceKind } from "../kinds/kind.js";
import { canonicalJson, canonicalSet, canonicalize, compareStrings, sameJson } from "./canonical.js";
import { sha256Hex } from "./digest.js";
import type { FieldChange, UpdateReason } from "./types.js";
import { PlanError, type PlanIssue } from "./plan-error.js";
import { setOwn } from "../own-keys.js";

/**
 * One change to an object of a kind other than Transformation, as the plan's actions are: `resource`
 * names the kind; `body` is what apply sends (create: every field the document sets; update: the
 * fields that change, a cleared one as its `clearedWith`); `fingerprint` the live object planned against.
 */
export interface KindPlanAction {
  resource: string;
  kind: "create" | "update" | "delete";
  name: string;
  id?: string;
  /** The value of the kind's scope field (its identity's `scope`), when it has one. */
  scope?: string;
  /** Where the object is, as reports say it (a kind on destination instances: `web → Amplitude prod`). */
  place?: string;
  body?: Record<string, unknown>;
  changes: FieldChange[];
  fingerprint?: string;
  location?: SourceLocation;
  /** An update's reasons, told apart in a pull-request plan (src/plan/pull-request-reasons.ts); absent: `drift`. */
  reasons?: UpdateReason[];
  /** A delete's: `all` (prune: all), `removed` (its document was removed by the pull request); absent: `all`. */
  pruneReason?: "all" | "removed";
}

/**
 * Documents a pull request removed, what `prune: removed` deletes: pinned ones by id, the others by
 * identity as a head document matches (its identity name's value and, for a kind with a scope, its
 * scope field's: a Destination Filter's title on its instance, src/pipeline/kind-plans.ts).
 */
export interface RemovedDocuments {
  ids: readonly string[];
  identities: ReadonlyArray<{ name: string; scope?: string }>;
}

export interface KindPlan {
  /** Deletes, then updates, then creates; each sorted by name, then id. */
  actions: KindPlanAction[];
  unchanged: Array<{ id: string; name: string }>;
  /** Live objects no document matches that the plan does not delete (no prune). */
  unmanaged: Array<{ id: string; name: string; scope?: string; place?: string }>;
  /** Fingerprint of every live object read, by id. */
  fingerprints: Record<string, string>;
}

/** `sha256:` and the hex SHA-256 of the canonical JSON of a live object (its id and the fields its replies carry), set-like lists sorted. */
export function kindFingerprint(kind: ResourceKind, live: KindObject): string {
  const view: Record<string, unknown> = { id: live.id };
  for (const [field, facts] of Object.entries(kind.fields)) if (facts.returned !== "never") view[field] = kindValue(facts, live[field]);
  return `sha256:${sha256Hex(canonicalJson(view))}`;
}

/**
 * Pure: the plan of one kind from its documents and its live objects. A document matches the live
 * object it pins (`id:`), else the one of its name (the descriptor's `identity`) in the same scope;
 * write-only fields (`returned: "never"`) are sent on create and never compared. A live object no
 * document matches is deleted with `prune` (all), or when `removed` names it (prune: removed). A
 * pinned document that would change a `fixed` field (one only a create sets), or whose pin names no
 * object read, is refused: PlanError, every such document listed.
 */
export function planKind(
  kind: ResourceKind,
  desired: readonly DesiredResource[],
  live: readonly KindObject[],
  options: { prune: boolean; removed?: RemovedDocuments },
): KindPlan {
  const plan: KindPlan = { actions: [], unchanged: [], unmanaged: [], fingerprints: {} };
  for (const object of live) setOwn(plan.fingerprints, object.id, kindFingerprint(kind, object));
  const matched = new Set<string>();
  const issues: PlanIssue[] = [];
  for (const doc of desired) {
    const spec = doc.spec as unknown as Record<string, unknown>;
    const object = live.find((o) => (doc.id !== undefined ? o.id === doc.id : sameIdentity(kind, o, spec) && !matched.has(o.id)));
    if (object === undefined && doc.id !== undefined) {
      issues.push(pinGone(kind, doc, doc.id));
      continue;
    }
    if (object === undefined) {
      plan.actions.push({
        resource: kind.name,
        kind: "create",
        name: doc.name,
        ...scopeOf(kind, spec),
        body: { ...spec },
        changes: created(kind, spec),
        location: doc.location,
      });
      continue;
    }
    matched.add(object.id);
    const move = fixedChange(kind, doc, object);
    if (move !== undefined) issues.push(move);
    const update = updated(kind, spec, object);
    if (update.changes.length === 0) plan.unchanged.push({ id: object.id, name: doc.name });
    else
      plan.actions.push({
        resource: kind.name,
        kind: "update",
        name: doc.name,
        id: object.id,
        ...scopeOf(kind, spec),
        ...update,
        fingerprint: plan.fingerprints[object.id]!,
        location: doc.location,
      });
  }
  if (issues.length > 0) throw new PlanError(issues);
  for (const object of live.filter((o) => !matched.has(o.id))) {
    const name = String(object[kind.identity.name]);
    const removed = options.removed !== undefined && wasRemoved(kind, object, options.removed);
    if (!options.prune && !removed) plan.unmanaged.push({ id: object.id, name, ...scopeOf(kind, object) });
    else
      plan.actions.push({
        resource: kind.name,
        kind: "delete",
        name,
        id: object.id,
        ...scopeOf(kind, object),
        changes: deleted(kind, object),
        fingerprint: plan.fingerprints[object.id]!,
        ...(options.prune ? {} : { pruneReason: "removed" as const }),
      });
  }
  plan.actions.sort(byOrder);
  return plan;
}

const ORDER = { delete: 0, update: 1, create: 2 } as const;
const byOrder = (a: KindPlanAction, b: KindPlanAction): number =>
  ORDER[a.kind] - ORDER[b.kind] || compareStrings(a.name, b.name) || compareStrings(a.id ?? "", b.id ?? "");

/**
 * The refusal of a document whose pin names no object read, as a Transformation's (src/plan/match.ts):
 * deleted outside transync, or (a nested kind, read on its documents' scopes) in another scope, where
 * it cannot move to.
 */
function pinGone(kind: ResourceKind, doc: DesiredResource, id: string): PlanIssue {
  const scope = kind.identity.scope;
  const where = scope === undefined ? "" : ` on ${scope} ${JSON.stringify((doc.spec as unknown as Record<string, unknown>)[scope])}`;
  return {
    where: locationText(doc.location),
    ids: [id],
    message:
      `${kind.name} ${JSON.stringify(doc.name)} pins id ${JSON.stringify(id)}, but there is no ${kind.labels.singular} with that id${where} ` +
      "(deleted outside transync, or elsewhere?). Remove the `id:` line to create it again, or correct the id (`transync import` writes the current ids).",
  };
}

/**
 * The refusal of a document that would change its object's `fixed` fields (a pinned Destination
 * Filter on another instance): the API's update takes none of them, so the object cannot move.
 */
function fixedChange(kind: ResourceKind, doc: DesiredResource, live: KindObject): PlanIssue | undefined {
  const spec = doc.spec as unknown as Record<string, unknown>;
  const moved = Object.entries(kind.fields)
    .filter(([field, facts]) => facts.fixed === true && !sameJson(kindValue(facts, live[field]), kindValue(facts, spec[field])))
    .map(([field]) => field);
  if (moved.length === 0) return undefined;
  const values = (of: Readonly<Record<string, unknown>>) => moved.map((field) => JSON.stringify(of[field]) ?? "nothing").join(", ");
  const on = moved.map((field) => `${field} ${JSON.stringify(live[field]) ?? "nothing"}`).join(", ");
  return {
    where: locationText(doc.location),
    ids: [live.id],
    message:
      `${kind.name} ${JSON.stringify(doc.name)} pins id ${JSON.stringify(live.id)}, which is on ${on}; its document gives ${values(spec)}. ` +
      `Only a create sets ${moved.join(", ")} (the API's update does not take ${moved.length === 1 ? "it" : "them"}), so the object cannot move: ` +
      "remove the `id:` line to create it anew there (prune deletes the old one), or give the value it has.",
  };
}

/** `{ scope }`: the value of the kind's scope field in a document or an object; nothing for a kind without one. */
function scopeOf(kind: ResourceKind, fields: Readonly<Record<string, unknown>>): { scope?: string } {
  const field = kind.identity.scope;
  return field === undefined || typeof fields[field] !== "string" ? {} : { scope: fields[field] };
}

function sameIdentity(kind: ResourceKind, live: KindObject, spec: Readonly<Record<string, unknown>>): boolean {
  const { name, scope } = kind.identity;
  return live[name] === spec[name] && (scope === undefined || live[scope] === spec[scope]);
}

/** Whether the pull request removed the object's document: its pin, else its identity (name, and scope for a kind with one). */
function wasRemoved(kind: ResourceKind, object: KindObject, removed: RemovedDocuments): boolean {
  const { name, scope } = kind.identity;
  return (
    removed.ids.includes(object.id) ||
    removed.identities.some((i) => i.name === object[name] && (scope === undefined || i.scope === object[scope]))
  );
}

/** A value as compared: absent at its clearing value, a set sorted, canonical key order. */
export function kindValue(facts: KindField, value: unknown): unknown {
  if (value === undefined || value === null || sameJson(value, facts.clearedWith)) return undefined;
  return facts.compare === "set" && Array.isArray(value) ? canonicalSet(value) : canonicalize(value);
}

function updated(
  kind: ResourceKind,
  spec: Readonly<Record<string, unknown>>,
  live: KindObject,
): { body: Record<string, unknown>; changes: FieldChange[] } {
  const body: Record<string, unknown> = {};
  const changes: FieldChange[] = [];
  for (const [field, facts] of Object.entries(kind.fields)) {
    if (facts.returned === "never") continue;
    const [before, after] = [kindValue(facts, live[field]), kindValue(facts, spec[field])];
    if (sameJson(before, after)) continue;
    body[field] = after === undefined ? facts.clearedWith : spec[field];
    changes.push({ field, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) });
  }
  return { body, changes };
}

function created(kind: ResourceKind, spec: Readonly<Record<string, unknown>>): FieldChange[] {
  return Object.keys(kind.fields).flatMap((field) => (spec[field] === undefined ? [] : [{ field, after: spec[field] }]));
}

function deleted(kind: ResourceKind, live: KindObject): FieldChange[] {
  return Object.keys(kind.fields).flatMap((field) => (live[field] === undefined ? [] : [{ field, before: live[field] }]));
}
