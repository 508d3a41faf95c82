import { isTransformationAction } from "../plan/kind-actions.js";
import type { DailyEventVolume } from "../model/event-volume.js";
import type { Transformation } from "../model/transformation.js";
import type { Plan, PlanWarning } from "../plan/types.js";
import type { FqlEngine } from "../simulate/types.js";
import { planDigest } from "../plan/digest.js";
import { matchNothingWarnings } from "./match-nothing.js";
import { isFilterAction, type LiveFilter } from "./filter-radius.js";
import { actionVolumes, VOLUME_DAYS, type VolumeSample } from "./volume.js";

export interface PlanVolumeInputs {
  /** The volume rows of each source read, by source id. */
  volumes: ReadonlyMap<string, readonly DailyEventVolume[]>;
  /** The live transformations: the `if` and source of what an update or delete changes. */
  live: readonly Transformation[];
  samples: readonly VolumeSample[];
  engine: FqlEngine;
  /** HTTP requests the volume reads made: part of the plan's `apiCalls`. */
  calls: number;
  /** How a source is named in a warning: its alias or slug, else its id. */
  sourceName(sourceId: string): string;
  /** The live Destination Filters: the `if` and source of what an update or delete of one changes. */
  liveFilters?: readonly LiveFilter[];
  /** Said in the plan besides the volumes (a volume read that was refused). */
  warnings?: readonly PlanWarning[];
}

/**
 * The plan with each action's volume, the warnings of rules that match nothing, and the volume
 * reads counted in `apiCalls`; its digest made again over all of it, so `apply PLANFILE` accepts a
 * plan saved with volumes. Pure.
 */
export function withVolumes(plan: Plan, inputs: PlanVolumeInputs): Plan {
  // Transformations' actions come first, so their indexes hold; a Destination Filter's `if` selects
  // events of its source as a Transformation's does (its `if` and `sourceId` are the same fields).
  const ofTransformations = plan.actions.filter(isTransformationAction);
  const volumeInputs = { volumes: inputs.volumes, samples: inputs.samples, engine: inputs.engine, days: VOLUME_DAYS };
  const volumes = actionVolumes(ofTransformations, inputs.live, volumeInputs);
  const filterIndexes = plan.actions.flatMap((action, index) => (isFilterAction(action) ? [index] : []));
  const liveFilters = (inputs.liveFilters ?? []) as unknown as readonly Transformation[];
  const ofFilters = actionVolumes(
    filterIndexes.map((i) => plan.actions[i]!),
    liveFilters,
    volumeInputs,
  );
  filterIndexes.forEach((index, at) => (volumes[index] = ofFilters[at]));
  const actions = plan.actions.map((action, i) => (volumes[i] === undefined ? action : { ...action, volume: volumes[i] }));
  const warnings = [
    ...plan.warnings,
    ...(inputs.warnings ?? []),
    ...matchNothingWarnings(ofTransformations, inputs.volumes, VOLUME_DAYS, inputs.sourceName),
  ];
  const { digest: _stale, ...rest } = { ...plan, actions, warnings, apiCalls: plan.apiCalls + inputs.calls };
  return { ...rest, digest: planDigest(rest) } as Plan;
}
