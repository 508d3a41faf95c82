import { TransyncError } from "../errors.js";
import { isJsonObject } from "../fql/paths.js";
import { SimulationBudgetError } from "./budget.js";
import {
  actionOrdersDiffer,
  applyFilterActions,
  DEFAULT_ACTION_ORDER,
  ordersMayDiffer,
  type ActionOrder,
  type FilterAction,
} from "./filter-actions.js";
import type { FqlEngine, JsonValue } from "./types.js";
import type { SourceLocation } from "../model/desired-resource.js";

/** A Destination Filter as the simulator runs it: one instance's filter, its `if` and actions. */
export interface SimFilter {
  /** transync's name of the filter (its title on Segment). */
  name: string;
  if: string;
  actions: readonly FilterAction[];
  /** Default true; a disabled filter never runs. */
  enabled?: boolean;
  /** Where its document is, for reports. */
  at?: SourceLocation;
}

/** Why the filter stage stopped an event. */
export interface FilterStop {
  filter: string;
  /** `drop`: a DROP action; `sample`: a SAMPLE with `path` left it out; `if-failed`: its `if` failed (fail closed). */
  reason: "drop" | "sample" | "if-failed";
  /** For `if-failed`: the error. */
  detail?: string;
}

export interface FilterStageResult {
  dropped: boolean;
  event: JsonValue | null;
  stoppedBy?: FilterStop;
  /** Names of the filters whose `if` matched, in the order they ran. */
  matched: string[];
  /** The paths each filter's property actions removed. */
  changes: { filter: string; paths: string[] }[];
  /** The chance the event is kept by SAMPLE actions without `path`: the simulator does not pick. */
  keepProbability: number;
  /** A SAMPLE with `path` decided: true when it kept the event, false when it left it out; absent when none ran. */
  sampled?: boolean;
  warnings: string[];
}

export interface FilterStageOptions {
  engine: FqlEngine;
  actionOrder?: ActionOrder;
}

/**
 * Runs one destination instance's enabled filters on an event, in the order given (Segment applies
 * them "one at a time in the order that they appear in your workspace", each seeing the previous
 * one's output). A filter whose `if` matches applies its actions; an `if` that fails at runtime drops
 * the event (fail closed: "If Segment can't infer your intent, Segment logs an internal error and drops
 * the event", https://segment.com/docs/connections/destinations/destination-filters/). Pure.
 */
export function runFilters(filters: readonly SimFilter[], event: JsonValue, options: FilterStageOptions): FilterStageResult {
  const result: FilterStageResult = { dropped: false, event, matched: [], changes: [], keepProbability: 1, warnings: [] };
  const order = options.actionOrder ?? DEFAULT_ACTION_ORDER;
  for (const filter of filters) {
    if (filter.enabled === false) continue;
    const matched = matchesOrFails(filter, result.event!, options.engine);
    if (typeof matched === "string") return stop(result, { filter: filter.name, reason: "if-failed", detail: matched });
    if (!matched) continue;
    result.matched.push(filter.name);
    const current = result.event;
    if (!isJsonObject(current)) continue;
    if (mayDiffer(filter.actions) && actionOrdersDiffer(filter.actions, current, options.engine.meter))
      result.warnings.push(
        `filter "${filter.name}": the two documented action orders give different results for this event (simulated: ${order})`,
      );
    const outcome = applyFilterActions(filter.actions, current, { order, meter: options.engine.meter });
    if (outcome.droppedBy?.type === "SAMPLE") result.sampled = false;
    else if (filter.actions.some((a) => a.type === "SAMPLE" && a.path !== undefined)) result.sampled = true;
    if (outcome.event === null)
      return stop(result, { filter: filter.name, reason: outcome.droppedBy?.type === "SAMPLE" ? "sample" : "drop" });
    result.keepProbability *= outcome.keepProbability;
    if (outcome.removed.length > 0) result.changes.push({ filter: filter.name, paths: outcome.removed });
    result.event = outcome.event;
  }
  return result;
}

const decided = new WeakMap<readonly FilterAction[], boolean>();

/** `ordersMayDiffer`, once per filter's actions (a filter runs on every event of a run): only then is each event run in both orders. */
function mayDiffer(actions: readonly FilterAction[]): boolean {
  let found = decided.get(actions);
  if (found === undefined) decided.set(actions, (found = ordersMayDiffer(actions)));
  return found;
}

function stop(result: FilterStageResult, stoppedBy: FilterStop): FilterStageResult {
  return { ...result, dropped: true, event: null, stoppedBy };
}

/** The `if`'s verdict, or the error's message when it fails (a used-up budget still stops the run). */
function matchesOrFails(filter: SimFilter, event: JsonValue, engine: FqlEngine): boolean | string {
  try {
    return engine.matches(filter.if, event);
  } catch (error) {
    if (error instanceof SimulationBudgetError || !(error instanceof TransyncError)) throw error;
    return error.message;
  }
}

/** How the stage's stop reads in a report: `dropped by filter "Drop internal users"`. */
export function describeFilterStop(stop: FilterStop): string {
  if (stop.reason === "drop") return `dropped by filter "${stop.filter}"`;
  if (stop.reason === "sample") return `sampled out by filter "${stop.filter}"`;
  return `dropped by filter "${stop.filter}": its if failed (${stop.detail ?? "error"}), and Segment drops the event then (fail closed)`;
}
