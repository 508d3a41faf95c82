import type { ErrorIssue } from "../errors.js";
import { FILTER_LIMITS } from "../model/destination-filter-api.js";
import { filterBodyErrors } from "../kinds/destination-filter/body-rules.js";
import { DESTINATION_FILTER } from "../kinds/destination-filter/index.js";
import type { KindObject } from "../kinds/kind.js";
import { newId } from "./ids.js";
import type { EmulatorStore } from "./store.js";
import type { WorkspaceConfig } from "./types.js";

/** Each seed filter of the workspace with the source it hangs under, its instance and its config path (`sources.0.destinations.1.filters.2`). */
function seedsOf(
  ws: WorkspaceConfig,
): Array<{ sourceId: string; destinationId: string; seed: Record<string, unknown>; at: string; index: number }> {
  return (ws.sources ?? []).flatMap((source, i) =>
    (source.destinations ?? []).flatMap((d, k) =>
      (d.filters ?? []).map((seed, n) => ({
        sourceId: source.id,
        destinationId: d.id,
        seed,
        at: `sources.${i}.destinations.${k}.filters.${n}`,
        index: n,
      })),
    ),
  );
}

/** A seed as a create input: `sourceId` defaults to the source it is declared under. */
function inputOf(seed: Record<string, unknown>, sourceId: string): Record<string, unknown> {
  const { id: _id, ...input } = seed;
  return { sourceId, ...input };
}

/**
 * The config's seed filters checked as `POST /destination/{id}/filters` checks a create (src/kinds/destination-filter/body-rules.ts),
 * plus: an `id` given twice in the workspace, a `sourceId` other than the source it is declared under, more
 * than FILTER_LIMITS.filtersPerDestination on one instance. `path` is the workspace's (`workspaces.0`).
 */
export function filterSeedIssues(
  ws: WorkspaceConfig,
  path: string,
  where: string,
  withoutField: (m: string | undefined, f?: string) => string,
): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const ids = new Set<string>();
  for (const { sourceId, seed, at, index } of seedsOf(ws)) {
    const prefix = `${path}.${at}.`;
    const id = seed.id;
    if (id !== undefined && (typeof id !== "string" || id === ""))
      issues.push({ where: `${where}: ${prefix}id`, message: `"id" must be a non-empty string` });
    if (typeof id === "string" && ids.has(id)) issues.push({ where: `${where}: ${prefix}id`, message: `id "${id}" appears twice` });
    if (typeof id === "string") ids.add(id);
    for (const e of filterBodyErrors(inputOf(seed, sourceId), "create", prefix))
      issues.push({ where: `${where}: ${e.field ?? prefix.slice(0, -1)}`, message: withoutField(e.message, e.field) });
    if (seed.sourceId !== undefined && seed.sourceId !== sourceId)
      issues.push({ where: `${where}: ${prefix}sourceId`, message: `must be ${sourceId}, the source this destination is declared under` });
    if (index === FILTER_LIMITS.filtersPerDestination)
      issues.push({
        where: `${where}: ${prefix.slice(0, -1)}`,
        message: `a destination may have at most ${FILTER_LIMITS.filtersPerDestination} filters (a limit of the Public API)`,
      });
  }
  return issues;
}

/** Adds the workspace's seed filters (checked by filterSeedIssues) to the store, without audit events. */
export function seedFilters(store: EmulatorStore, ws: WorkspaceConfig): void {
  for (const { sourceId, destinationId, seed } of seedsOf(ws)) {
    const stamp = { id: typeof seed.id === "string" ? seed.id : newId(), workspaceId: ws.id, at: new Date().toISOString() };
    const object = DESTINATION_FILTER.emulator.stored({ ...inputOf(seed, sourceId), destinationId }, stamp);
    store.seed(ws.id, DESTINATION_FILTER.name, { ...object, id: stamp.id } as KindObject);
  }
}
