import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  FILTER_LIMITS,
  type DestinationFilter,
  type DestinationFilterCreate,
  type DestinationFilterUpdate,
} from "../../model/destination-filter-api.js";
import { shorten } from "../envelope.js";
import { filterBodyErrors } from "../filter-rules.js";
import { inputError, notFound, validationFailure } from "../http-error.js";
import { pageOf, readPageRequest } from "../pagination.js";
import type { EmulatorRuntime } from "../runtime.js";
import type { StoreRecord } from "../store.js";
import type { StoredFilter } from "../filter-store.js";
import type { ConnectedDestinationConfig, WorkspaceConfig } from "../types.js";
import { nullsPerCompat, written } from "../write-reply.js";

/** The Public API's paths (singular `destination`, as Segment spells them). */
export const FILTERS_COLLECTION = "/destination/:destinationId/filters";
const ONE_FILTER = `${FILTERS_COLLECTION}/:filterId`;

type CollectionRequest = FastifyRequest<{ Params: { destinationId: string } }>;
type FilterRequest = FastifyRequest<{ Params: { destinationId: string; filterId: string } }>;

/** A destination instance of the workspace and the one source it is connected to. */
export interface DestinationInstance {
  sourceId: string;
  destination: ConnectedDestinationConfig;
}

/**
 * createFilterForDestination, listFiltersFromDestination, getFilterInDestination,
 * updateFilterForDestination, removeFilterFromDestination: per workspace, on the destination
 * instances its config connects to its sources (docs/emulator.md, "Destination Filters").
 */
export function destinationFilterRoutes(app: FastifyInstance, rt: EmulatorRuntime): void {
  app.get(FILTERS_COLLECTION, async (request: CollectionRequest) => {
    const ws = request.workspace!;
    const { destination } = instanceOf(ws, request.params.destinationId);
    const filters = rt.store.filters(ws.id).ofDestination(destination.id);
    const page = pageOf(filters, readPageRequest(request.query as Record<string, unknown>), rt.compat.cursors);
    return { data: { filters: page.items.map((i) => i.filter), pagination: page.pagination } };
  });

  app.post(FILTERS_COLLECTION, async (request: CollectionRequest, reply) => {
    const ws = request.workspace!;
    const body = request.body ?? {};
    const errors = filterBodyErrors(body, "create");
    if (errors.length > 0) throw validationFailure(errors);
    const instance = instanceOf(ws, request.params.destinationId);
    const input = createInput(body as DestinationFilterCreate);
    checkCreate(rt, ws, instance, input);
    const record = rt.store.createFilter(ws.id, instance.destination.id, input, request.actor!);
    return written(rt, request, reply, record, () => ({ filter: filterOf(record) }));
  });

  app.get(ONE_FILTER, async (request: FilterRequest) => ({ data: { filter: stored(rt, request).filter } }));

  app.patch(ONE_FILTER, async (request: FilterRequest, reply) => {
    const body = nullsPerCompat(request.body ?? {}, rt.compat.patchNull);
    const errors = filterBodyErrors(body, "update");
    if (errors.length > 0) throw validationFailure(errors);
    const current = stored(rt, request);
    const record = rt.store.updateFilter(request.workspace!.id, current, updateInput(body as DestinationFilterUpdate), request.actor!);
    return written(rt, request, reply, record, () => ({ filter: filterOf(record) }));
  });

  app.delete(ONE_FILTER, async (request: FilterRequest, reply) => {
    const current = stored(rt, request);
    const record = rt.store.removeFilter(request.workspace!.id, current.filter, request.actor!);
    return written(rt, request, reply, record, () => ({ status: "SUCCESS" }));
  });
}

/** The instance with this id among the destinations the workspace's sources connect; else 404. */
export function instanceOf(ws: WorkspaceConfig, destinationId: string): DestinationInstance {
  for (const source of ws.sources ?? [])
    for (const destination of source.destinations ?? []) if (destination.id === destinationId) return { sourceId: source.id, destination };
  throw notFound(`no destination with id "${shorten(destinationId)}" connected to a source of workspace ${ws.id}`);
}

function stored(rt: EmulatorRuntime, request: FilterRequest): StoredFilter {
  const ws = request.workspace!;
  const { destination } = instanceOf(ws, request.params.destinationId);
  const found = rt.store.filters(ws.id).find(destination.id, request.params.filterId);
  if (!found) throw notFound(`no Destination Filter with id "${shorten(request.params.filterId)}" on destination ${destination.id}`);
  return found;
}

/** The instance's source only, and room for one more filter (FILTER_LIMITS.filtersPerDestination). */
function checkCreate(rt: EmulatorRuntime, ws: WorkspaceConfig, instance: DestinationInstance, input: DestinationFilterCreate): void {
  const id = instance.destination.id;
  if (input.sourceId !== instance.sourceId)
    throw validationFailure([
      inputError(
        "sourceId",
        `"sourceId" must be ${instance.sourceId}, the source destination ${id} is connected to; got "${shorten(input.sourceId)}"`,
      ),
    ]);
  const count = rt.store.filters(ws.id).ofDestination(id).length;
  if (count >= FILTER_LIMITS.filtersPerDestination)
    throw validationFailure([
      inputError(
        undefined,
        `destination ${id} already has ${count} filters, the most a destination may have (a limit of the Public API); delete one first`,
      ),
    ]);
}

/** The checked body's keys only, so nothing else reaches the store. */
function createInput(body: DestinationFilterCreate): DestinationFilterCreate {
  const { sourceId, if: condition, actions, title, description, enabled } = body;
  return { sourceId, if: condition, actions, title, ...(description !== undefined ? { description } : {}), enabled };
}

function updateInput(body: DestinationFilterUpdate): DestinationFilterUpdate {
  const keys = ["if", "actions", "title", "description", "enabled"] as const;
  return Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]])) as DestinationFilterUpdate;
}

function filterOf(record: StoreRecord): DestinationFilter {
  if (record.op !== "filter-put") throw new Error("expected a filter-put record");
  return record.filter;
}
