/**
 * What a change newly drops downstream, at the destination instances the `--events` samples name
 * (docs/impact.md, "Guards"): a rename can make an instance's Destination Filter drop events that
 * reached it before. Pure: the samples run through the whole pipeline (src/simulate/pipeline.ts)
 * with the live transformations, and with the live ones and this one change applied.
 */
import { TransyncError } from "../errors.js";
import { SimulationBudgetError } from "../simulate/budget.js";
import type { ActionOrder } from "../simulate/filter-actions.js";
import { runPipeline, type PipelineResult } from "../simulate/pipeline.js";
import type { ChangedTransformation, SampleEvent, SideRef } from "../simulate/plan-events.js";
import type { FqlEngine, SimTransformation } from "../simulate/types.js";
import type { VolumeBasis } from "../plan/types.js";
import type { BlastRadius } from "./blast-radius.js";

export interface DownstreamInputs {
  /** The samples; only those naming a destination instance count here. */
  samples: readonly SampleEvent[];
  /** Every live transformation, and the planned ones (src/pipeline/event-sets.ts). */
  live: readonly SimTransformation[];
  desired: readonly SimTransformation[];
  /** The plan's Transformation changes, in the order of its Transformation actions. */
  changed: readonly ChangedTransformation[];
  engine: FqlEngine;
  actionOrder?: ActionOrder;
}

/**
 * For each change, the share of its source's instance samples that come through the live pipeline
 * and are stopped by a filter once this change alone is applied; undefined when no sample of its
 * source names an instance (nothing to say, not zero).
 */
export function downstreamShares(inputs: DownstreamInputs): Array<number | undefined> {
  return inputs.changed.map((change) => {
    const sourceId = change.desired?.sourceId ?? change.live?.sourceId;
    const samples = inputs.samples.filter((s) => s.instance !== undefined && s.sourceId === sourceId);
    if (samples.length === 0) return undefined;
    const after = [...inputs.live.filter((t) => !same(t, change.live)), ...inputs.desired.filter((t) => same(t, change.desired))];
    const newly = samples.filter((sample) => {
      const before = run(inputs.live, sample, inputs);
      const changed = run(after, sample, inputs);
      return before !== undefined && !before.dropped && changed?.stoppedAt?.stage === "filter";
    });
    return newly.length / samples.length;
  });
}

function same(t: SimTransformation, ref: SideRef | undefined): boolean {
  return ref !== undefined && t.name === ref.name && t.sourceId === ref.sourceId;
}

/** One sample through one set; undefined when the engine cannot run it (plan --events names such samples). */
function run(ts: readonly SimTransformation[], sample: SampleEvent, inputs: DownstreamInputs): PipelineResult | undefined {
  const destination = {
    ...(sample.destinationId !== undefined ? { typeId: sample.destinationId } : {}),
    filters: sample.instance!.filters,
  };
  try {
    return runPipeline(ts, sample.event, {
      sourceId: sample.sourceId,
      destination,
      engine: inputs.engine,
      actionOrder: inputs.actionOrder,
    });
  } catch (error) {
    if (error instanceof SimulationBudgetError || !(error instanceof TransyncError)) throw error;
    return undefined;
  }
}

const STRENGTH: Record<VolumeBasis, number> = { exact: 2, estimate: 1, unknown: 0 };

/**
 * The radii with what each change newly has a filter drop downstream added to its `dropped`: the
 * share of the samples times its source's daily volume, an estimate. A radius whose figures are
 * unknown stays so; a change no instance sample speaks of is left as it is.
 */
export function withDownstream(radii: readonly BlastRadius[], shares: ReadonlyArray<number | undefined>): BlastRadius[] {
  return radii.map((radius, i) => {
    const share = shares[i];
    if (share === undefined || share === 0 || radius.sourcePerDay === undefined || radius.dropped.perDay === undefined) return radius;
    const basis: VolumeBasis = STRENGTH[radius.dropped.basis] < STRENGTH.estimate ? radius.dropped.basis : "estimate";
    return { ...radius, dropped: { perDay: radius.dropped.perDay + Math.round(share * radius.sourcePerDay), basis } };
  });
}
