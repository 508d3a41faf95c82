import { TransyncError } from "../errors.js";
import { runChain } from "./transform-chain.js";
import { runPipeline, type PipelineStop } from "./pipeline.js";
import type { SimFilter } from "./filter-stage.js";
import type { ActionOrder } from "./filter-actions.js";
import { SimulationBudgetError } from "./budget.js";
import { formatPath } from "../fql/paths.js";
import { differingPaths } from "./differing-paths.js";
import { jsonEqual } from "./json.js";
import type { ChainResult, FqlEngine, JsonValue, SimTransformation } from "./types.js";

export { differingPaths };

/** Events shown in all; the rest are counted. */
export const DEFAULT_MAX_EXAMPLES = 5;
/** The kind name of a filter change in the report (src/kinds/destination-filter/index.ts). */
const FILTER_KIND = "DestinationFilter";

/** One sample event and where it was read. */
export interface SampleEvent {
  /** `file:line`. */
  where: string;
  sourceId: string;
  destinationId?: string;
  /**
   * A destination instance (an alias of `connections:`): the whole pipeline runs, its filters between
   * the two groups; `filters` after the plan, `liveFilters` (when read) before it.
   */
  instance?: { alias: string; filters: readonly SimFilter[]; liveFilters?: readonly SimFilter[] };
  event: JsonValue;
}

/** Which object a transformation is on one side: its name and source there. */
export interface SideRef {
  name: string;
  sourceId: string;
}

/** A transformation the plan changes, as it is named on each side (a rename has two names). */
export interface ChangedTransformation {
  kind: "create" | "update" | "delete";
  /** The name after the change (create, update) or of the deleted object. */
  name: string;
  id?: string;
  /** Among the live transformations (update, delete). */
  live?: SideRef;
  /** Among the desired transformations (create, update). */
  desired?: SideRef;
}

/**
 * One sample event that comes out differently, through every live transformation (`before`) and
 * through every planned one (`after`); `null` is "dropped". Shown once, whichever changed
 * transformations touched it: `appliedBefore` and `appliedAfter` say which applied on each side.
 */
export interface EventExample {
  where: string;
  sourceId: string;
  destinationId?: string;
  before: JsonValue | null;
  after: JsonValue | null;
  /** Up to 5 paths (escaped, `properties.a\.b`) whose values differ; empty when one side is dropped; "" is the whole event. */
  paths: string[];
  /** How many differing paths in all. */
  pathCount: number;
  /** Names of the live transformations whose `if` matched, in the order they applied. */
  appliedBefore: string[];
  /** The same among the transformations after the plan. */
  appliedAfter: string[];
  /** The destination instance the sample names. */
  instance?: string;
  /** Where the whole pipeline stopped the event on each side (`dropped by filter "X"`). */
  stoppedBefore?: string;
  stoppedAfter?: string;
}

/** A filter of a destination instance, and how many sample events it stops, through the live transformations and the planned ones. */
export interface FilterDrops {
  instance: string;
  filter: string;
  before: number;
  after: number;
}

/** A transformation (or Destination Filter) the plan changes, and how many sample events it applies to (its `if` matched), live or desired. */
export interface TransformationEventChanges {
  kind: ChangedTransformation["kind"];
  name: string;
  id?: string;
  matched: number;
  /** Another kind's change (`DestinationFilter`), named as the plan names it. */
  resource?: string;
  /** Where a filter is (`web → Amplitude prod`). */
  place?: string;
  /**
   * A Destination Filter no sample ran through: none names its destination instance (a sample naming
   * only its source stands for what the source sends, not for what reaches one instance), so `matched`
   * says nothing of it.
   */
  notChecked?: true;
}

/** A Destination Filter the plan creates, updates or deletes, by its document's name. */
export interface ChangedFilter {
  kind: ChangedTransformation["kind"];
  name: string;
  id?: string;
  place?: string;
}

export interface EventChanges {
  /** Sample events simulated. */
  events: number;
  /** Sample events whose output differs between the live transformations and the planned ones. */
  changed: number;
  /** The first of them, in the order the events were read, each once. */
  examples: EventExample[];
  transformations: TransformationEventChanges[];
  /** Sample events the simulator could not run (FQL it cannot parse, hash settings it does not know), and the first reason. */
  failed: number;
  firstFailure?: { where: string; message: string };
  /** Samples naming a destination instance: each filter that stops one on either side, in the order first seen; absent when none. */
  filterDrops?: FilterDrops[];
}

export interface EventChangesInput {
  /** The transformations as they are now (every live one). */
  live: readonly SimTransformation[];
  /** The transformations after the plan is applied. */
  desired: readonly SimTransformation[];
  changed: readonly ChangedTransformation[];
  events: readonly SampleEvent[];
  engine: FqlEngine;
  maxExamples?: number;
  /** transync.yaml's `filters.actionOrder`. */
  actionOrder?: ActionOrder;
  /** The Destination Filters the plan changes, after the transformations in the report. */
  changedFilters?: readonly ChangedFilter[];
}

/**
 * Runs every sample event through all the live transformations and through all the desired ones,
 * and lists each event whose output differs once, with both outputs: the effect of the whole plan,
 * never credited to one transformation (two changes can touch one event). Each changed
 * transformation counts the events it applies to on either side. Pure; nothing is mutated.
 */
export function eventChanges(input: EventChangesInput): EventChanges {
  const max = input.maxExamples ?? DEFAULT_MAX_EXAMPLES;
  const results: TransformationEventChanges[] = input.changed.map((c) => ({
    kind: c.kind,
    name: c.name,
    ...(c.id !== undefined ? { id: c.id } : {}),
    matched: 0,
  }));
  const run = filtersRun(input.events);
  const filters: TransformationEventChanges[] = (input.changedFilters ?? []).map((f) => ({
    kind: f.kind,
    name: f.name,
    ...(f.id !== undefined ? { id: f.id } : {}),
    matched: 0,
    resource: FILTER_KIND,
    ...(f.place !== undefined ? { place: f.place } : {}),
    ...(run.has(f.name) ? {} : { notChecked: true as const }),
  }));
  const report: EventChanges = {
    events: input.events.length,
    changed: 0,
    examples: [],
    transformations: [...results, ...filters],
    failed: 0,
  };
  const filterDrops: FilterDrops[] = [];
  for (const sample of input.events) {
    const runs = simulateBoth(input, sample, report);
    if (runs === undefined) continue;
    const [live, desired] = runs;
    countFilterDrops(filterDrops, sample, live, desired);
    input.changed.forEach((c, i) => {
      if (appliedTo(c.live, live, sample) || appliedTo(c.desired, desired, sample)) results[i]!.matched++;
    });
    for (const f of filters) if (filterApplied(f.name, live) || filterApplied(f.name, desired)) f.matched++;
    if (live.dropped === desired.dropped && jsonEqual(live.event, desired.event)) continue;
    report.changed++;
    if (report.examples.length < max) report.examples.push(example(sample, live, desired));
  }
  return filterDrops.length > 0 ? { ...report, filterDrops } : report;
}

/** The names of the filters some sample runs through, on either side: those of the instances the samples name. */
function filtersRun(samples: readonly SampleEvent[]): Set<string> {
  const names = new Set<string>();
  for (const { instance } of samples)
    for (const filter of [...(instance?.filters ?? []), ...(instance?.liveFilters ?? [])]) names.add(filter.name);
  return names;
}

type Run = ChainResult & { stoppedAt?: PipelineStop; filtersMatched?: string[] };

/**
 * The sample through one side's transformations: their chain, or the whole pipeline for an instance,
 * with its live filters before the plan (when they were read) and its planned ones after.
 */
function simulateSide(ts: readonly SimTransformation[], input: EventChangesInput, sample: SampleEvent, side: "live" | "desired"): Run {
  const { sourceId, destinationId: typeId, instance } = sample;
  if (instance === undefined) return runChain(ts, sample.event, { sourceId, destinationId: typeId, engine: input.engine });
  const filters = side === "live" ? (instance.liveFilters ?? instance.filters) : instance.filters;
  const destination = { ...(typeId !== undefined ? { typeId } : {}), filters };
  return runPipeline(ts, sample.event, { sourceId, destination, engine: input.engine, actionOrder: input.actionOrder });
}

function simulateBoth(input: EventChangesInput, sample: SampleEvent, report: EventChanges): [Run, Run] | undefined {
  try {
    return [simulateSide(input.live, input, sample, "live"), simulateSide(input.desired, input, sample, "desired")];
  } catch (error) {
    // A used-up budget stops the run, naming the sample; a transformation the engine cannot run
    // (live FQL it does not parse) is counted, the first shown, and the next sample runs.
    if (error instanceof SimulationBudgetError) throw error.at(`sample event ${input.events.indexOf(sample) + 1} (${sample.where})`);
    if (!(error instanceof TransyncError)) throw error;
    report.failed++;
    report.firstFailure ??= { where: sample.where, message: error.message };
    return undefined;
  }
}

/** Whether a filter's `if` matched on one side (it acted on, or stopped, the event). */
function filterApplied(name: string, run: Run): boolean {
  return (run.filtersMatched ?? []).includes(name) || (run.stoppedAt?.stage === "filter" && run.stoppedAt.name === name);
}

function appliedTo(side: SideRef | undefined, run: ChainResult, sample: SampleEvent): boolean {
  return side !== undefined && side.sourceId === sample.sourceId && run.matched.includes(side.name);
}

/** Counts, per filter of the sample's instance, the sides on which that filter stopped the event. */
function countFilterDrops(drops: FilterDrops[], sample: SampleEvent, live: Run, desired: Run): void {
  if (sample.instance === undefined) return;
  const alias = sample.instance.alias;
  const entry = (filter: string): FilterDrops => {
    let found = drops.find((d) => d.instance === alias && d.filter === filter);
    if (found === undefined) drops.push((found = { instance: alias, filter, before: 0, after: 0 }));
    return found;
  };
  if (live.stoppedAt?.stage === "filter") entry(live.stoppedAt.name).before++;
  if (desired.stoppedAt?.stage === "filter") entry(desired.stoppedAt.name).after++;
}

function example(sample: SampleEvent, live: Run, desired: Run): EventExample {
  const diff = live.dropped || desired.dropped ? { paths: [], count: 0 } : differingPaths(live.event, desired.event);
  return {
    where: sample.where,
    sourceId: sample.sourceId,
    ...(sample.destinationId !== undefined ? { destinationId: sample.destinationId } : {}),
    before: live.dropped ? null : live.event,
    after: desired.dropped ? null : desired.event,
    paths: diff.paths.map(formatPath),
    pathCount: diff.count,
    appliedBefore: live.matched,
    appliedAfter: desired.matched,
    ...(sample.instance !== undefined ? { instance: sample.instance.alias } : {}),
    ...(live.stoppedAt !== undefined ? { stoppedBefore: live.stoppedAt.description } : {}),
    ...(desired.stoppedAt !== undefined ? { stoppedAfter: desired.stoppedAt.description } : {}),
  };
}
