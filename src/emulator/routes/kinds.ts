/**
 * Room src/emulator/routes/: the emulator's HTTP routes: every kind's from its descriptor (this file), one file per other resource.
 * May import: src/emulator/, src/kinds/, src/model/, src/fql/ and src/simulate/ (the filter preview evaluates FQL as transync does).
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { KindObject, KindRoutes, ResourceKind } from "../../kinds/kind.js";
import { notFound } from "../http-error.js";
import { shorten } from "../envelope.js";
import { newId } from "../ids.js";
import { pageOf, readPageRequest } from "../pagination.js";
import type { EmulatorRuntime } from "../runtime.js";
import type { StoredKindObject } from "../kind-store.js";
import type { AuditOf } from "../store.js";
import { nullsPerCompat, written } from "../write-reply.js";
import {
  asRecord,
  checkBody,
  checkedObject,
  checkReferences,
  checkRoom,
  parentOf,
  prepareChecks,
  routeFacts,
  type ParentRef,
} from "../kind-checks.js";

type KindRequest = FastifyRequest<{ Params: Record<string, string> }>;

/** One kind as served: the runtime, its descriptor and the facts of its routes. */
interface Served {
  rt: EmulatorRuntime;
  kind: ResourceKind;
  facts: KindRoutes;
}

/**
 * The routes of every kind, from its descriptor: list, get, create, update, delete at its
 * `api.collection` (a nested one's `{parent}` from the path), its objects kept per workspace in the
 * descriptor's stored form by the store, so the `--data-file` journal keeps them. What differs
 * between kinds is the descriptor's `emulator.routes` facts (src/kinds/kind.ts, KindRoutes): the id's
 * path parameter, the feature the routes need, the body's check and the kind's rules (422), the
 * fields naming other objects (404/422), PATCH's nulls, the audit events.
 * Order of checks: the body (422), the parent and the object (404), the object a write would store
 * (422), the references (404/422) and room in the scope (422).
 */
export function kindRoutes(app: FastifyInstance, rt: EmulatorRuntime, kind: ResourceKind): void {
  const served: Served = { rt, kind, facts: routeFacts(kind) };
  prepareChecks(served.facts);
  const collection = kind.api.collection.replace(/\{(\w+)\}/g, ":$1");
  const one = `${collection}/:${served.facts.idParam ?? "id"}`;
  const feature = served.facts.feature;
  const config: FastifyContextConfig = feature !== undefined ? { feature } : {};
  app.get(collection, { config }, listHandler(served));
  app.get(one, { config }, async (request: KindRequest) => ({ data: itemOf(kind, findObject(served, request).stored.object) }));
  app.post(collection, { config }, createHandler(served));
  app.patch(one, { config }, updateHandler(served));
  app.delete(one, { config }, async (request: KindRequest, reply) => {
    const { stored } = findObject(served, request);
    const audit = auditOf(served, "deleted", stored.object, request);
    const record = rt.store.remove(request.workspace!.id, kind.name, stored.object, audit);
    return written(rt, request, reply, record, () => ({ status: "SUCCESS" }));
  });
}

/** A page of the kind's objects (a nested kind's: of the parent the path names), from per-object cached list JSON: list is the hot path. */
function listHandler({ rt, kind, facts }: Served) {
  const listJson = listJsonOf(kind);
  return async (request: KindRequest, reply: FastifyReply) => {
    const ws = request.workspace!;
    const parent = parentOf(kind, facts, ws, request.params);
    const objects = rt.store.objects(ws.id);
    const all = parent ? objects.where(kind.name, parent.field, parent.value) : objects.of(kind.name);
    const page = pageOf(all, readPageRequest(request.query as Record<string, unknown>), rt.compat.cursors);
    // The body as JSON.stringify would write it.
    void reply.type("application/json");
    const items = page.items.map((s) => listJson(s.object)).join(",");
    return `{"data":{${JSON.stringify(kind.api.listKey)}:[${items}],"pagination":${JSON.stringify(page.pagination)}}}`;
  };
}

function createHandler(served: Served) {
  const { rt, kind, facts } = served;
  return async (request: KindRequest, reply: FastifyReply) => {
    const ws = request.workspace!;
    const body = facts.body ? (request.body ?? {}) : request.body;
    checkBody(kind, facts, body, "create");
    const parent = parentOf(kind, facts, ws, request.params);
    const stamp = { id: `${kind.emulator.idPrefix}${newId()}`, workspaceId: ws.id, at: new Date().toISOString() };
    const input = parent ? { ...asRecord(body), [parent.field]: parent.value } : asRecord(body);
    const object = checkedObject(kind, facts, body, "create", () => ({ ...kind.emulator.stored(input, stamp), id: stamp.id }));
    checkReferences(kind, facts, { ws, body, mode: "create", parent });
    if (kind.api.perScope !== undefined) checkRoom(kind, siblings(served, ws.id, object).length, scopeOf(kind, object, ws.id), parent);
    const record = rt.store.put(ws.id, kind.name, object, undefined, auditOf(served, "created", object, request));
    return written(rt, request, reply, record, () => itemOf(kind, object));
  };
}

function updateHandler(served: Served) {
  const { rt, kind, facts } = served;
  return async (request: KindRequest, reply: FastifyReply) => {
    const ws = request.workspace!;
    const raw = facts.body ? (request.body ?? {}) : request.body;
    const body = facts.patchNullsPerCompat ? nullsPerCompat(raw, rt.compat.patchNull) : raw;
    checkBody(kind, facts, body, "update");
    const { stored } = findObject(served, request);
    const at = new Date().toISOString();
    const make = () => ({ ...kind.emulator.updated(stored.object, asRecord(body), at), id: stored.object.id });
    const object = checkedObject(kind, facts, body, "update", make);
    checkReferences(kind, facts, { ws, body, mode: "update" });
    const audit = auditOf(served, "updated", object, request, { current: stored.object, patch: asRecord(body) });
    return written(rt, request, reply, rt.store.put(ws.id, kind.name, object, stored.seq, audit), () => itemOf(kind, object));
  };
}

/** A get, create or update reply's `data`: the object under the kind's item key. */
function itemOf(kind: ResourceKind, object: KindObject): Record<string, unknown> {
  return { [kind.api.itemKey]: kind.emulator.reply(object, "single") };
}

/** The stored object the path names (its parent's, for a nested kind), else 404. */
function findObject({ rt, kind, facts }: Served, request: KindRequest): { stored: StoredKindObject; parent?: ParentRef } {
  const ws = request.workspace!;
  const parent = parentOf(kind, facts, ws, request.params);
  const id = request.params[facts.idParam ?? "id"]!;
  const stored = rt.store.objects(ws.id).find(kind.name, id);
  if (stored && (!parent || stored.object[parent.field] === parent.value)) return { stored, parent };
  const where = parent?.instance ? ` on destination ${parent.value}` : "";
  throw notFound(`no ${facts.noun ?? kind.name} with id "${shorten(id)}"${where}`);
}

/** The objects sharing the new object's scope (its identity's scope field's value; all of them without one). */
function siblings({ rt, kind }: Served, ws: string, object: KindObject): readonly StoredKindObject[] {
  const scope = kind.identity.scope;
  const objects = rt.store.objects(ws);
  return scope === undefined ? objects.of(kind.name) : objects.where(kind.name, scope, String(object[scope]));
}

/** The value of the object's scope field (its workspace's id when names are unique in the whole workspace). */
function scopeOf(kind: ResourceKind, object: KindObject, ws: string): string {
  return kind.identity.scope === undefined ? ws : String(object[kind.identity.scope]);
}

/** The audit event of a write when the kind records them (its descriptor's `audit`). */
function auditOf(
  { kind, facts }: Served,
  write: "created" | "updated" | "deleted",
  object: KindObject,
  request: KindRequest,
  update?: { current: KindObject; patch: Record<string, unknown> },
): AuditOf | undefined {
  const audit = facts.audit;
  if (!audit) return undefined;
  const type = write === "updated" ? audit.updated(update!.current, object, update!.patch) : audit[write];
  return { type, resourceType: audit.resourceType, name: String(object[kind.identity.name]), who: request.actor! };
}

/**
 * `JSON.stringify(reply(object, "list"))`, computed once per stored version: stored objects are
 * replaced, never mutated, on update, so their list JSON can be kept per object.
 */
function listJsonOf(kind: ResourceKind): (object: KindObject) => string {
  const cache = new WeakMap<KindObject, string>();
  return (object) => {
    let json = cache.get(object);
    if (json === undefined) {
      json = JSON.stringify(kind.emulator.reply(object, "list"));
      cache.set(object, json);
    }
    return json;
  };
}
