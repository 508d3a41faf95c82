import { connectionsOf, type ResolvedConnection } from "../../desired/connections.js";
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
 * of the desired state whose instance (`DesiredResource.instance`, resolved by src/desired/instance-refs.ts)
 * is that alias, or the same `{ slug, name }` / `{ id }` of the same source, in the documents' order
 * (file, then place in the file). The instance's type is its
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
    const instance = instanceOf(document, instances);
    const filter = instance === undefined ? undefined : simFilter(document);
    if (filter !== undefined) (instance!.filters as SimFilter[]).push(filter);
  }
  return instances;
}

/** A DestinationFilter document's spec (src/kinds/destination-filter/document.ts, filterSpec), read lightly. */
export type RawFilter = { sourceId?: unknown; if?: unknown; actions?: unknown; enabled?: unknown };

/** The instance a document names: its `connections:` alias, or the entry of the same `{ id }` / `{ slug, name }` and source. */
function instanceOf(document: DesiredResource, instances: ReadonlyMap<string, SimulatedInstance>): SimulatedInstance | undefined {
  const wanted = document.instance;
  if (wanted === undefined) return undefined;
  if (wanted.alias !== undefined) return instances.get(wanted.alias);
  const sourceId = (document.spec as RawFilter).sourceId;
  return [...instances.values()].find((i) => {
    const d = i.connection.destination;
    if (i.sourceId !== sourceId) return false;
    return wanted.id !== undefined ? d.id === wanted.id : d.slug === wanted.slug && d.name === wanted.name;
  });
}

/** The document as a filter the stage runs; a document validation refused never gets here, so the shape is checked lightly. */
function simFilter(document: DesiredResource): SimFilter | undefined {
  return simFilterOf(document.name, document.spec as RawFilter, document.location);
}

/**
 * A filter's fields (a document's spec, or a live object the API replied) as the stage runs them, under
 * `name`; undefined when `if` or `actions` is missing (checked lightly: validation and the reply's decode check them).
 */
export function simFilterOf(name: string, raw: RawFilter, at?: DesiredResource["location"]): SimFilter | undefined {
  if (typeof raw.if !== "string" || !Array.isArray(raw.actions)) return undefined;
  return {
    name,
    if: raw.if,
    actions: raw.actions as FilterAction[],
    ...(raw.enabled === false ? { enabled: false } : {}),
    ...(at !== undefined ? { at } : {}),
  };
}
