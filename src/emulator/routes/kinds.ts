import type { FastifyInstance, FastifyRequest } from "fastify";
import type { KindObject, ResourceKind } from "../../kinds/kind.js";
import { inputError, notFound, validationFailure } from "../http-error.js";
import { shorten } from "../envelope.js";
import { newId } from "../ids.js";
import { pageOf, readPageRequest } from "../pagination.js";
import type { EmulatorRuntime } from "../runtime.js";
import type { StoredKindObject } from "../kind-store.js";
import { kindInputErrors } from "../kind-rules.js";

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * The routes of a kind that has no route file of its own (`emulator.routes: "generic"` in its
 * descriptor): list, get, create, update, delete at its `api.collection`, its objects kept per
 * workspace in the descriptor's stored form by the store, so the `--data-file` journal keeps them
 * (`kind-put`/`kind-del` records, no audit events).
 * A body is checked against the descriptor's registry (required, unknown) and decode rule.
 */
export function kindRoutes(app: FastifyInstance, rt: EmulatorRuntime, kind: ResourceKind): void {
  const objects = (ws: string): readonly StoredKindObject[] => rt.store.kindObjects(ws).of(kind.name);
  const { collection, listKey, itemKey } = kind.api;
  const find = (request: IdRequest): StoredKindObject => {
    const found = rt.store.kindObjects(request.workspace!.id).find(kind.name, request.params.id);
    if (!found) throw notFound(`no ${kind.name} with id "${shorten(request.params.id)}"`);
    return found;
  };
  const reply = (object: KindObject) => ({ data: { [itemKey]: kind.emulator.reply(object, "single") } });

  app.get(collection, async (request) => {
    const page = pageOf(objects(request.workspace!.id), readPageRequest(request.query as Record<string, unknown>), rt.compat.cursors);
    return { data: { [listKey]: page.items.map((s) => kind.emulator.reply(s.object, "list")), pagination: page.pagination } };
  });
  app.get(`${collection}/:id`, async (request: IdRequest) => reply(find(request).object));
  app.post(collection, async (request) => {
    const body = bodyOf(request.body);
    const object = checked(kind, { ...kind.emulator.stored(body), id: `${kind.emulator.idPrefix}${newId()}` }, body, true);
    rt.persist(rt.store.putKind(request.workspace!.id, kind.name, object));
    return reply(object);
  });
  app.patch(`${collection}/:id`, async (request: IdRequest) => {
    const stored = find(request);
    const body = bodyOf(request.body);
    const object = checked(kind, { ...kind.emulator.updated(stored.object, body), id: stored.object.id }, body, false);
    rt.persist(rt.store.putKind(request.workspace!.id, kind.name, object, stored.seq));
    return reply(object);
  });
  app.delete(`${collection}/:id`, async (request: IdRequest) => {
    const stored = find(request);
    rt.persist(rt.store.removeKind(request.workspace!.id, kind.name, stored.object.id));
    return { data: { status: "SUCCESS" } };
  });
}

/** The object as stored, or a 422 naming each field of `body` the kind does not have, each required field a create lacks, the first misfit. */
function checked(kind: ResourceKind, object: KindObject, body: Record<string, unknown>, create: boolean): KindObject {
  const errors = kindInputErrors(kind, object, body, create);
  if (errors.length > 0)
    throw validationFailure(
      errors.map((e) => inputError(e.field, e.field === undefined ? `the object ${e.message}` : `"${e.field}" ${e.message}`)),
    );
  return object;
}

function bodyOf(value: unknown): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw validationFailure([inputError(undefined, "the body must be a JSON object")]);
}
