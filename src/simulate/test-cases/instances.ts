import { connectionsOf, type ResolvedConnection } from "../../desired/connections.js";
import { resolveSourceRef } from "../../desired/source-refs.js";
import { SLUG_PREFIX } from "../../desired/live-refs.js";
import type { DesiredState } from "../../desired/types.js";
import type { DesiredResource } from "../../model/desired-resource.js";
import type { FilterAction } from "../filter-actions.js";
import type { SimFilter } from "../filter-stage.js";
import type { PipelineDestination } from "../pipeline.js";

/** The kind of the filter documents (src/kinds/destination-filter/index.ts). */
export const FILTER_KIND = "DestinationFilter";

/** A destination instance of `connections:` as the simulator runs it, offline. */
export interface SimulatedInstance extends PipelineDestination {
  /** Its alias in transync.yaml. */
  alias: string;
  /** Its source's id (or `slug:…` text), as the documents' `sourceId` is kept. */
  sourceId: string;
  /** As written in transync.yaml (`connections.<alias>`), for messages. */
  connection: ResolvedConnection;
}

/**
 * Every instance of `connections:` in force in `env`, with its filters: the DestinationFilter documents
 * of the desired state whose `destination` is that alias (or the same `{ slug, name }` / `{ id }` of
 * the same source), in the documents' order (file, then place in the file). The instance's type is its
 * `slug`, as `{ slug }` text (`slug:amplitude`), compared as written with destination-scoped
 * Transformations' `destinationMetadataId`. Pure.
 */
export function simulatedInstances(state: DesiredState, env: string | undefined): Map<string, SimulatedInstance> {
  const instances = new Map<string, SimulatedInstance>();
  for (const [alias, connection] of Object.entries(connectionsOf(state.project, env))) {
    const slug = connection.destination.slug;
    instances.set(alias, {
      alias,
      sourceId: connection.source,
      ...(slug !== undefined ? { typeId: `${SLUG_PREFIX}${slug}` } : {}),
      filters: [],
      connection,
    });
  }
  for (const document of state.otherKinds ?? []) {
    if (document.kind !== FILTER_KIND) continue;
    const instance = instanceOf(document, instances, state, env);
    const filter = instance === undefined ? undefined : simFilter(document);
    if (filter !== undefined) (instance!.filters as SimFilter[]).push(filter);
  }
  return instances;
}

type RawFilter = { destination?: unknown; source?: unknown; if?: unknown; actions?: unknown; enabled?: unknown };

function instanceOf(
  document: DesiredResource,
  instances: ReadonlyMap<string, SimulatedInstance>,
  state: DesiredState,
  env: string | undefined,
): SimulatedInstance | undefined {
  // The kind's documents carry their instance resolved (`instance`, src/desired/instance-refs.ts); the
  // contract's raw shape (`destination`, `source` in the spec) is read too.
  const raw = document.spec as RawFilter & { sourceId?: unknown };
  const alias = document.instance?.alias ?? (typeof raw.destination === "string" ? raw.destination : undefined);
  if (alias !== undefined) return instances.get(alias);
  const wanted = (document.instance ?? raw.destination) as { id?: unknown; slug?: unknown; name?: unknown } | undefined;
  const sourceId = typeof raw.sourceId === "string" ? raw.sourceId : sourceOf(raw.source, state, env);
  if (wanted === null || typeof wanted !== "object" || sourceId === undefined) return undefined;
  return [...instances.values()].find((i) => {
    const d = i.connection.destination;
    if (i.sourceId !== sourceId) return false;
    return wanted.id !== undefined ? d.id === wanted.id : d.slug === wanted.slug && d.name === wanted.name;
  });
}

function sourceOf(source: unknown, state: DesiredState, env: string | undefined): string | undefined {
  if (typeof source !== "string") return undefined;
  const resolved = resolveSourceRef(source, state.project.environments, env);
  return resolved.ok ? resolved.id : undefined;
}

/** The document as a filter the stage runs; a document validation refused never gets here, so the shape is checked lightly. */
function simFilter(document: DesiredResource): SimFilter | undefined {
  const raw = document.spec as RawFilter;
  if (typeof raw.if !== "string" || !Array.isArray(raw.actions)) return undefined;
  return {
    name: document.name,
    if: raw.if,
    actions: raw.actions as FilterAction[],
    ...(raw.enabled === false ? { enabled: false } : {}),
    at: document.location,
  };
}
