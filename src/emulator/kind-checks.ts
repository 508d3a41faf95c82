import type { KindInputError, KindObject, KindReference, KindRoutes, ResourceKind } from "../kinds/kind.js";
import type { ApiErrorObject } from "../model/transformation.js";
import { shorten } from "./envelope.js";
import { inputError, notFound, validationFailure } from "./http-error.js";
import { kindInputErrors } from "./kind-rules.js";
import type { ConnectedDestinationConfig, WorkspaceConfig } from "./types.js";
import { requestValidators } from "./validate.js";

/** A destination instance of the workspace and the one source it is connected to. */
export interface DestinationInstance {
  sourceId: string;
  destination: ConnectedDestinationConfig;
}

/** The parent a nested kind's request names in its path (`api.parent`), and the instance it is when it names one. */
export interface ParentRef {
  field: string;
  value: string;
  instance?: DestinationInstance;
}

type Mode = "create" | "update";

/** The facts of a kind's routes: `"generic"` is every default. */
export function routeFacts(kind: ResourceKind): KindRoutes {
  const routes = kind.emulator.routes;
  return routes === "generic" ? {} : routes;
}

/** Compiles the request schemas the kind's body check names, at registration. */
export function prepareChecks(facts: KindRoutes): void {
  if (facts.body && "schemas" in facts.body) for (const name of Object.values(facts.body.schemas)) requestValidators().prepare(name);
}

/**
 * The body's own 422s, before anything is looked up: the request schema or the descriptor's check,
 * with the kind's rules on the body beside them (a create's always: its body is the new object).
 */
export function checkBody(kind: ResourceKind, facts: KindRoutes, body: unknown, mode: Mode): void {
  const errors: ApiErrorObject[] = !facts.body
    ? []
    : "schemas" in facts.body
      ? requestValidators().check(facts.body.schemas[mode], body)
      : facts.body.check(body, mode).map(toApiError);
  if (mode === "update" && errors.length === 0) return;
  const all = [...errors, ...(facts.rules?.(asRecord(body)) ?? []).map(toApiError)];
  if (all.length > 0) throw validationFailure(all);
}

/**
 * The object a write would store, made by `make` once the body is known to be an object, checked: by
 * the registry when the kind has no body check of its own (a field it does not have, a required one a
 * create lacks, the decode rule's misfit), and for an update by the kind's rules.
 */
export function checkedObject(kind: ResourceKind, facts: KindRoutes, body: unknown, mode: Mode, make: () => KindObject): KindObject {
  if (!facts.body && !isRecord(body)) throw validationFailure([inputError(undefined, "the body must be a JSON object")]);
  const object = make();
  const errors = facts.body
    ? []
    : kindInputErrors(kind, object, asRecord(body), mode === "create").map((e) =>
        inputError(e.field, e.field === undefined ? `the object ${e.message}` : `"${e.field}" ${e.message}`),
      );
  if (mode === "update") errors.push(...(facts.rules?.(object) ?? []).map(toApiError));
  if (errors.length > 0) throw validationFailure(errors);
  return object;
}

/** Each field of `references` the write sets (a create: all) names an existing object of the workspace; the parent is the path's, checked before. */
export function checkReferences(
  kind: ResourceKind,
  facts: KindRoutes,
  request: { ws: WorkspaceConfig; body: unknown; mode: Mode; parent?: ParentRef },
): void {
  const sent = asRecord(request.body);
  for (const [field, reference] of Object.entries(facts.references ?? {}))
    if (field !== kind.api.parent && (request.mode === "create" || field in sent))
      checkReference(request.ws, field, reference, sent[field], request.parent);
}

function checkReference(ws: WorkspaceConfig, field: string, reference: KindReference, value: unknown, parent?: ParentRef): void {
  if (reference === "destination instance") {
    if (typeof value === "string") instanceOf(ws, value);
    return;
  }
  if (reference === "source") {
    if (!ws.sources || typeof value !== "string") return;
    if (!ws.sources.some((s) => s.id === value)) throw notFound(`no Source with id "${shorten(value)}" in workspace ${ws.id}`, field);
    return;
  }
  const instance = parent?.instance;
  if (instance && value !== instance.sourceId)
    throw validationFailure([
      inputError(
        field,
        `"${field}" must be ${instance.sourceId}, the source destination ${instance.destination.id} is connected to; got "${shorten(String(value))}"`,
      ),
    ]);
}

/** The parent named by the request's path (`api.parent`), resolved: a destination instance of the workspace, else 404. */
export function parentOf(
  kind: ResourceKind,
  facts: KindRoutes,
  ws: WorkspaceConfig,
  params: Readonly<Record<string, string>>,
): ParentRef | undefined {
  const field = kind.api.parent;
  if (field === undefined) return undefined;
  const value = params[field]!;
  if (facts.references?.[field] !== "destination instance") return { field, value };
  const instance = instanceOf(ws, value);
  return { field, value: instance.destination.id, instance };
}

/** The instance with this id among the destinations the workspace's sources connect; else 404. */
export function instanceOf(ws: WorkspaceConfig, destinationId: string): DestinationInstance {
  for (const source of ws.sources ?? [])
    for (const destination of source.destinations ?? []) if (destination.id === destinationId) return { sourceId: source.id, destination };
  throw notFound(`no destination with id "${shorten(destinationId)}" connected to a source of workspace ${ws.id}`);
}

/**
 * Room for one more object in its scope (`api.perScope`: a nested kind's parent, else the value of its
 * identity's scope field, `scope`), else 422.
 */
export function checkRoom(kind: ResourceKind, count: number, scope: string, parent?: ParentRef): void {
  const most = kind.api.perScope;
  if (most === undefined || count < most) return;
  const holder = parent?.instance ? "destination" : (kind.identity.scope ?? "workspace");
  throw validationFailure([
    inputError(
      undefined,
      `${holder} ${shorten(scope)} already has ${count} ${kind.api.listKey}, the most a ${holder} may have (a limit of the Public API); delete one first`,
    ),
  ]);
}

function toApiError(e: KindInputError): ApiErrorObject {
  return inputError(e.field, e.message);
}

export function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
