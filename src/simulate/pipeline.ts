import { runChain } from "./transform-chain.js";
import { isDestinationScoped } from "./order-transformations.js";
import type { ActionOrder } from "./filter-actions.js";
import { describeFilterStop, runFilters, type FilterStop, type SimFilter } from "./filter-stage.js";
import type { ChainResult, FqlEngine, JsonValue, SimTransformation } from "./types.js";

/** The three stages Segment runs for an event and a destination instance (docs/simulator.md, "The whole pipeline"). */
export type PipelineStage = "source transformation" | "filter" | "destination transformation";

/** One stage's change: which transformation or filter changed (wrote or removed) which paths. */
export interface StageChange {
  stage: PipelineStage;
  name: string;
  paths: string[];
}

/** Where the event stopped. */
export interface PipelineStop {
  stage: PipelineStage;
  name: string;
  /** `drop`: a drop (a transformation's, a filter's DROP); `sample`: a SAMPLE with `path`; `if-failed`: a filter's `if` failed. */
  reason: FilterStop["reason"];
  /** `dropped by filter "Drop internal users"`. */
  description: string;
}

/** The destination instance an event goes to: its type (for destination-scoped transformations) and its filters. */
export interface PipelineDestination {
  /** The type's id as destination-scoped transformations name it (`destinationMetadataId`); none: no such stage. */
  typeId?: string;
  /** The instance's filters, in the order they run. */
  filters: readonly SimFilter[];
}

export interface PipelineOptions {
  sourceId: string;
  destination: PipelineDestination;
  engine: FqlEngine;
  actionOrder?: ActionOrder;
}

/** A chain's result with what the pipeline adds: where it stopped, what each stage changed, filters and sampling. */
export interface PipelineResult extends ChainResult {
  stoppedAt?: PipelineStop;
  changes: StageChange[];
  /** Filters whose `if` matched, in order. */
  filtersMatched: string[];
  /** The chance SAMPLE actions without `path` keep the event (1: none; the simulator does not pick). */
  keepProbability: number;
  /** Whether a SAMPLE with `path` kept (true) or left out (false) the event; absent when none ran. */
  sampled?: boolean;
}

/** Each list's destination-scoped transformations, kept so the chain's order is computed once per list. */
const DESTINATION_SCOPED = new WeakMap<readonly SimTransformation[], SimTransformation[]>();

function destinationScoped(ts: readonly SimTransformation[]): SimTransformation[] {
  let known = DESTINATION_SCOPED.get(ts);
  if (known === undefined) DESTINATION_SCOPED.set(ts, (known = ts.filter(isDestinationScoped)));
  return known;
}

/**
 * Segment's pipeline for one event and one destination instance: the source's source-scoped
 * transformations, then the instance's enabled filters (seeing the event as the source-scoped
 * transformations left it), then the destination-scoped transformations of the instance's type
 * ("Segment processes source-scoped transformations before the events reach destination filters …
 * destination-scoped transformations after", https://segment.com/docs/protocols/transform/). Pure.
 */
export function runPipeline(ts: readonly SimTransformation[], event: JsonValue, options: PipelineOptions): PipelineResult {
  const changes: StageChange[] = [];
  const trace: { name: string; paths: string[] }[] = [];
  const source = runChain(ts, event, { sourceId: options.sourceId, engine: options.engine, trace });
  changes.push(...trace.splice(0).map((t) => ({ stage: "source transformation" as const, ...t })));
  const base = { changes, filtersMatched: [], keepProbability: 1 };
  if (source.dropped) return { ...source, ...base, stoppedAt: chainStop("source transformation", source.matched) };
  const filtered = runFilters(options.destination.filters, source.event!, { engine: options.engine, actionOrder: options.actionOrder });
  changes.push(...filtered.changes.map((c) => ({ stage: "filter" as const, name: c.filter, paths: c.paths })));
  const sampling = {
    filtersMatched: filtered.matched,
    keepProbability: filtered.dropped ? 0 : filtered.keepProbability,
    ...(filtered.sampled !== undefined ? { sampled: filtered.sampled } : {}),
  };
  const warnings = [...source.warnings, ...filtered.warnings];
  if (filtered.stoppedBy !== undefined) {
    const stop = filtered.stoppedBy;
    const stoppedAt = { stage: "filter" as const, name: stop.filter, reason: stop.reason, description: describeFilterStop(stop) };
    return { dropped: true, event: null, matched: source.matched, warnings, changes, ...sampling, stoppedAt };
  }
  const typeId = options.destination.typeId;
  if (typeId === undefined) return { ...source, event: filtered.event, warnings, changes, ...sampling };
  const after = runChain(destinationScoped(ts), filtered.event!, {
    sourceId: options.sourceId,
    destinationId: typeId,
    engine: options.engine,
    trace,
  });
  changes.push(...trace.map((t) => ({ stage: "destination transformation" as const, ...t })));
  const result = {
    ...after,
    matched: [...source.matched, ...after.matched],
    warnings: [...warnings, ...after.warnings],
    changes,
    ...sampling,
  };
  return after.dropped ? { ...result, keepProbability: 0, stoppedAt: chainStop("destination transformation", after.matched) } : result;
}

function chainStop(stage: PipelineStage, matched: readonly string[]): PipelineStop {
  const name = matched[matched.length - 1] ?? "";
  return { stage, name, reason: "drop", description: `dropped by ${stage} "${name}"` };
}
