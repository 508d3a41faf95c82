/**
 * `plan --events` before the plan: each destination instance's live Destination Filters, the ones the
 * plan manages (unchanged, updated from, deleted), in the workspace's order, so a filter the plan
 * creates, changes or deletes shows its effect on the samples (docs/simulator.md, "The whole pipeline").
 */
import type { KindObject } from "../kinds/kind.js";
import type { Plan } from "../plan/types.js";
import type { SimFilter } from "../simulate/filter-stage.js";
import { FILTER_KIND, simFilterOf, type RawFilter, type SimulatedInstance } from "../simulate/test-cases/instances.js";
import type { BuiltPlan } from "./build-plan.js";

/** A simulated instance with its live filters, when its id is known. */
export type InstanceWithLive = SimulatedInstance & { liveFilters?: readonly SimFilter[] };

/**
 * The instances with `liveFilters` set: the live filters on the instance's id that a plan action or
 * an unchanged object names, by that name. The id is the connection's `{ id }`, else the one the
 * plan placed the instance's documents on; an instance of neither keeps its planned filters on both sides.
 */
export function withLiveFilters(instances: ReadonlyMap<string, SimulatedInstance>, built: BuiltPlan): Map<string, InstanceWithLive> {
  const live = built.kindLive?.[FILTER_KIND] ?? [];
  const managed = managedNames(built.plan);
  const scopeOf = documentScopes(built.plan, live);
  const result = new Map<string, InstanceWithLive>();
  for (const [alias, instance] of instances) {
    const id = instance.connection.destination.id ?? instance.filters.map((f) => scopeOf.get(f.name)).find((s) => s !== undefined);
    if (id === undefined) {
      result.set(alias, instance);
      continue;
    }
    const liveFilters = live.flatMap((object) => {
      const name = managed.get(object.id);
      const filter = object.destinationId === id && name !== undefined ? simFilterOf(name, object as RawFilter) : undefined;
      return filter !== undefined ? [filter] : [];
    });
    result.set(alias, { ...instance, liveFilters });
  }
  return result;
}

/** Live filter id -> the document name the plan gives it (an update, a delete, or unchanged). */
function managedNames(plan: Plan): Map<string, string> {
  const names = new Map<string, string>();
  for (const action of plan.actions)
    if (action.resource === FILTER_KIND && action.kind !== "create" && action.id !== undefined) names.set(action.id, action.name);
  for (const object of plan.unchanged) if (object.resource === FILTER_KIND) names.set(object.id, object.name);
  return names;
}

/** Document name -> the instance id the plan placed it on (an action's scope, an unchanged object's live instance). */
function documentScopes(plan: Plan, live: readonly KindObject[]): Map<string, string> {
  const scopes = new Map<string, string>();
  for (const action of plan.actions)
    if (action.resource === FILTER_KIND && action.sourceId !== "") scopes.set(action.name, action.sourceId);
  const byId = new Map(live.map((object) => [object.id, object]));
  for (const object of plan.unchanged) {
    const destinationId = object.resource === FILTER_KIND ? byId.get(object.id)?.destinationId : undefined;
    if (typeof destinationId === "string") scopes.set(object.name, destinationId);
  }
  return scopes;
}
