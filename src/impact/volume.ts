/**
 * Room src/impact/: holds what a plan's changes touch in real traffic (issue 26, docs/impact.md): from
 * the daily event volumes of the sources a plan touches (src/model/event-volume.ts) and, where an
 * `if` needs the events themselves, the `--events` samples, the events per day each action's `if`
 * selects, and the rules whose `if` asks for an event nobody sends. Pure: the volumes are read by
 * src/pipeline/plan-volumes.ts; FQL is evaluated by the simulator's engine (src/simulate/).
 * May import: src/plan/ (types), src/simulate/, src/fql/, src/desired/ (the did-you-mean search), the ground floor.
 */
import type { DailyEventVolume } from "../model/event-volume.js";
import type { Transformation } from "../model/transformation.js";
import type { ActionVolume, PlanAction, VolumeBasis } from "../plan/types.js";
import type { FqlEngine, JsonValue } from "../simulate/types.js";
import { TransyncError } from "../errors.js";
import { parseFql } from "../fql/parse-fql.js";
import { isPlainSelector } from "./selector.js";
import { boundedEstimate, rowTotal, type WindowCount } from "./estimate.js";

export { rowTotal };

/** The window of a plan's volumes: the last seven complete UTC days. */
export const VOLUME_DAYS = 7;

/** A sample event of `--events`, its source resolved to an id. */
export interface VolumeSample {
  sourceId: string;
  event: JsonValue;
}

export interface VolumeInputs {
  /** The volume rows of each source read, by source id; a source absent here was not read. */
  volumes: ReadonlyMap<string, readonly DailyEventVolume[]>;
  samples: readonly VolumeSample[];
  engine: FqlEngine;
  days: number;
}

/** One side of an action: events per day (absent when unknown) and how it was found. */
export interface SideVolume {
  perDay?: number;
  basis: VolumeBasis;
}

const UNKNOWN: SideVolume = { basis: "unknown" };

/**
 * The events per day `ifText` selects among `sourceId`'s: exact for a plain selector (each row's
 * name and type tested with the simulator's engine, so `!=` and absent names mean what they mean
 * there); for any other `if`, bounded by its plain parts and estimated from the source's samples
 * between those bounds (estimate.ts: never above the exact figure of a plain selector it is
 * conjoined with), exact when its plain parts alone decide every row, else unknown. No `if` at all
 * (an empty text) selects every event. Undefined: the source was not read.
 */
export function selectedVolume(ifText: string, sourceId: string, inputs: VolumeInputs): SideVolume | undefined {
  const rows = inputs.volumes.get(sourceId);
  if (rows === undefined) return undefined;
  const perDay = ({ events, basis }: WindowCount): SideVolume =>
    events === undefined ? { basis } : { perDay: Math.round(events / inputs.days), basis };
  const total = (selected: readonly DailyEventVolume[]): number => selected.reduce((sum, row) => sum + rowTotal(row), 0);
  if (ifText.trim() === "") return perDay({ events: total(rows), basis: "exact" });
  const parsed = parseFql(ifText);
  if (!parsed.ok) return UNKNOWN;
  try {
    if (isPlainSelector(parsed.ast))
      return perDay({ events: total(rows.filter((row) => inputs.engine.matches(ifText, selectorEvent(row)))), basis: "exact" });
    const samples = inputs.samples.filter((sample) => sample.sourceId === sourceId).map((sample) => sample.event);
    const matches = (event: JsonValue) => inputs.engine.matches(ifText, event);
    return perDay(boundedEstimate(parsed.ast, { rows, samples, rowEvent: selectorEvent, matches, meter: inputs.engine.meter }));
  } catch (error) {
    // FQL the simulator cannot run, or a run past its work budget: nothing to count with.
    if (error instanceof TransyncError) return UNKNOWN;
    throw error;
  }
}

/**
 * The part of an event a plain selector reads, as one row stands for it. The type is lower-cased:
 * events carry `type: 'track'`, and a lower-case `type` is what an `if` compares with. Only a track
 * call has an `event`: the name of a page or screen row is the call's `name` (Segment's spec), so
 * `match(event, 'H*')` never counts a screen named Home.
 */
export function selectorEvent(row: DailyEventVolume): JsonValue {
  const type = row.eventType.toLowerCase();
  if (row.eventName === undefined) return { type };
  return type === "track" ? { type, event: row.eventName } : { type, name: row.eventName };
}

/**
 * Each action's volume, in the plan's order: a create by its document, a delete by the live object,
 * an update by both when its `if` or source changes (else by the document alone: the same events
 * before and after). Undefined where no side's source was read.
 */
export function actionVolumes(
  actions: readonly PlanAction[],
  live: readonly Transformation[],
  inputs: VolumeInputs,
): Array<ActionVolume | undefined> {
  const liveById = new Map(live.map((t) => [t.id, t]));
  return actions.map((action) => {
    const current = action.id !== undefined ? liveById.get(action.id) : undefined;
    const before = current && action.kind !== "create" ? selectedVolume(current.if, current.sourceId, inputs) : undefined;
    if (action.kind === "delete") return before && combine(before, undefined, inputs.days);
    const ifText = action.body.if ?? current?.if;
    const sourceId = action.body.sourceId ?? current?.sourceId ?? action.sourceId;
    const after = ifText === undefined ? UNKNOWN : selectedVolume(ifText, sourceId, inputs);
    const same = current !== undefined && current.if === ifText && current.sourceId === sourceId;
    if (action.kind === "create" || same) return after && combine(undefined, after, inputs.days);
    if (before === undefined && after === undefined) return undefined;
    return combine(before ?? UNKNOWN, after ?? UNKNOWN, inputs.days);
  });
}

const STRENGTH: Record<VolumeBasis, number> = { exact: 2, estimate: 1, unknown: 0 };

/** The sides as the plan saves them: each known number, and the weakest basis. */
function combine(before: SideVolume | undefined, after: SideVolume | undefined, days: number): ActionVolume {
  const sides = [before, after].filter((side): side is SideVolume => side !== undefined);
  const basis = sides.reduce<VolumeBasis>((weakest, side) => (STRENGTH[side.basis] < STRENGTH[weakest] ? side.basis : weakest), "exact");
  return {
    ...(before?.perDay !== undefined ? { before: before.perDay } : {}),
    ...(after?.perDay !== undefined ? { after: after.perDay } : {}),
    basis,
    days,
  };
}
