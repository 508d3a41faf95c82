/**
 * The blast-radius guards of transync.yaml (`guards:`, docs/impact.md "Guards") joined to a plan:
 * the sources' volumes read, each change's figures (src/impact/blast-radius.ts), the hits recorded
 * in the plan (`guards`). Loaded only when `guards:` is set: it brings the FQL engine with it. The
 * refusal of the hits the operator did not accept is blast-radius-refusal.ts.
 */
import { isTransformationAction } from "../plan/kind-actions.js";
import type { CliContext } from "./context.js";
import type { GuardHit, Plan, PlanAction, PlanWarning } from "../plan/types.js";
import type { BuiltPlan } from "./build-plan.js";
import { eventVolumeReads } from "./volume-reads.js";
import type { Transformation } from "../model/transformation.js";
import type { BlastRadiusLimits } from "../model/blast-radius-limits.js";
import type { DesiredResource } from "../model/desired-resource.js";
import { VolumePermissionError, type DailyEventVolume, type EventVolumeReads } from "../model/event-volume.js";
import { InterruptedError, TransyncError } from "../errors.js";
import { VOLUME_DAYS, type VolumeInputs, type VolumeSample } from "../impact/volume.js";
import { downstreamShares, withDownstream, type DownstreamInputs } from "../impact/downstream.js";
import { blastRadii } from "../impact/blast-radius.js";
import { guardFindings, type GuardFindings } from "../impact/guard-hits.js";
import { FILTER_RESOURCE, filterRadii, filterSources, isFilterAction, type LiveFilter } from "../impact/filter-radius.js";
import { planDigest } from "../plan/digest.js";
import { SimulationBudget } from "../simulate/budget.js";
import { createFqlEngine } from "../simulate/fql-engine.js";

export interface GuardInputs {
  plan: Plan;
  live: readonly Transformation[];
  limits: BlastRadiusLimits;
  /** Undefined: no volumes are read (`plan --no-volumes`), so every figure is unknown. */
  reads: EventVolumeReads | undefined;
  /** `plan --events` samples (sources as ids): estimates for an `if` that reads more than the name and type. */
  samples?: readonly VolumeSample[];
  /** The documents planned (a fresh plan): their `drop`, which the live object never returns. */
  documents?: readonly DesiredResource[];
  /** Samples naming destination instances, with the plan's event sets: what changes newly have a filter drop downstream. */
  downstream?: Omit<DownstreamInputs, "engine">;
  /** The live Destination Filters: an update or delete of one is counted against them (without them only a create is). */
  liveFilters?: readonly LiveFilter[];
}

/**
 * The plan with `guards` (every hit, maybe none) and the warnings of figures let through or volumes
 * not read; its digest made again. Reads the volumes of every source an action touches, each once
 * (`reads` may be shared with plan --volumes' read: memoReads). A failed read leaves the figures
 * unknown, and `unknownVolume` decides.
 */
export async function planWithGuards(ctx: CliContext, inputs: GuardInputs): Promise<Plan> {
  return (await guardsJoined(ctx, inputs)).plan;
}

/**
 * planWithGuards, and the warning that the volumes could not be read when they could not. It is
 * said once: as a plan warning, which every format of `plan` shows; a command that does not show
 * the plan (apply with a parsed format or a plan file, reconcile) logs it instead.
 */
async function guardsJoined(ctx: CliContext, inputs: GuardInputs): Promise<{ plan: Plan; unread?: string }> {
  const { plan, limits } = inputs;
  // Another kind's actions (after the Transformations', so the indexes hold) have no `if` and no source's events.
  const actions = plan.actions.filter(isTransformationAction);
  const warnings: PlanWarning[] = [];
  const liveFilters = inputs.liveFilters ?? [];
  const sources = [...new Set([...touchedSources(actions, inputs.live), ...filterSources(plan.actions, liveFilters)])].sort();
  const volumes = inputs.reads ? await readVolumes(ctx, sources, inputs.reads, warnings) : notRead(warnings);
  const engine = createFqlEngine(new SimulationBudget());
  const volumeInputs = { volumes, samples: inputs.samples ?? [], engine, days: VOLUME_DAYS };
  const atSource = blastRadii(actions, inputs.live, volumeInputs, documentDrops(inputs.documents ?? []));
  const radii = inputs.downstream ? withDownstream(atSource, downstreamShares({ ...inputs.downstream, engine })) : atSource;
  const findings = guardFindings(actions, radii, limits);
  const ofFilters = filterFindings(plan.actions, liveFilters, volumeInputs, limits);
  const hits = [...findings.hits, ...ofFilters.hits];
  const said = [...plan.warnings, ...warnings, ...findings.warnings, ...ofFilters.warnings];
  const { digest: _stale, ...rest } = { ...plan, warnings: said, guards: hits };
  const unread = warnings[0]?.message;
  return { plan: { ...rest, digest: planDigest(rest) } as Plan, ...(unread !== undefined ? { unread } : {}) };
}

/** A reader that reads each source once, however many steps ask (plan --volumes, then the guards). */
export function memoReads(reads: EventVolumeReads): EventVolumeReads {
  const read = new Map<string, Promise<DailyEventVolume[]>>();
  return {
    daily(sourceId, days) {
      const key = `${sourceId}\u0000${days}`;
      if (!read.has(key)) read.set(key, reads.daily(sourceId, days));
      return read.get(key)!;
    },
    get calls() {
      return reads.calls;
    },
  };
}

async function readVolumes(
  ctx: CliContext,
  sources: readonly string[],
  reads: EventVolumeReads,
  warnings: PlanWarning[],
): Promise<Map<string, readonly DailyEventVolume[]>> {
  const volumes = new Map<string, readonly DailyEventVolume[]>();
  try {
    for (const sourceId of sources) volumes.set(sourceId, await reads.daily(sourceId, VOLUME_DAYS));
  } catch (error) {
    const readable = error instanceof VolumePermissionError || (error instanceof TransyncError && !(error instanceof InterruptedError));
    if (!readable) throw error;
    volumes.clear();
    const why = ctx.secrets.redact(error.message);
    // `why` is whole sentences (a permission error says which token could): quoted after a colon, not in parentheses.
    const sentence = /[.!?]$/.test(why) ? why : `${why}.`;
    const message = `guards: event volumes could not be read: ${sentence} The guards' figures are unknown; unknownVolume decides.`;
    warnings.push({ message });
  }
  return volumes;
}

/** `plan --no-volumes` reads none: the guards' figures are unknown, and the plan says so. */
function notRead(warnings: PlanWarning[]): Map<string, readonly DailyEventVolume[]> {
  warnings.push({ message: "guards: no event volumes read (--no-volumes); the guards' figures are unknown and unknownVolume decides" });
  return new Map();
}

/**
 * The hits of the plan's Destination Filter actions (after the Transformations', so in the plan's
 * order), each at its place in `actions`. An update or delete whose live filter was not read (a
 * saved plan checked again) is left to the hits the plan recorded.
 */
function filterFindings(
  actions: readonly PlanAction[],
  live: readonly LiveFilter[],
  inputs: VolumeInputs,
  limits: BlastRadiusLimits,
): GuardFindings {
  const indexes = actions.flatMap((action, index) => (isFilterAction(action) ? [index] : []));
  const radii = filterRadii(
    indexes.map((i) => actions[i]!),
    live,
    inputs,
  );
  const counted = indexes.flatMap((index, at) => (radii[at] === undefined ? [] : [{ index, radius: radii[at] }]));
  return guardFindings(
    counted.map((c) => actions[c.index]!),
    counted.map((c) => c.radius),
    limits,
    counted.map((c) => c.index),
  );
}

/** Every source an action reads from or moves to, each once, in id order. */
function touchedSources(actions: readonly PlanAction[], live: readonly Transformation[]): string[] {
  const liveById = new Map(live.map((t) => [t.id, t]));
  const sources = new Set<string>();
  for (const action of actions) {
    sources.add(action.sourceId);
    if (action.kind !== "delete" && action.body.sourceId !== undefined) sources.add(action.body.sourceId);
    const current = action.id !== undefined ? liveById.get(action.id) : undefined;
    if (current !== undefined) sources.add(current.sourceId);
  }
  return [...sources].sort();
}

/** The document's `drop` of a create or update, by where the document starts. */
function documentDrops(documents: readonly DesiredResource[]): (action: PlanAction) => boolean | undefined {
  // A document without `drop` does not drop: `false`, not unknown.
  const byPlace = new Map(documents.map((d) => [`${d.location.file}:${d.location.line}`, d.spec.drop ?? false]));
  return (action) => (action.location ? byPlace.get(`${action.location.file}:${action.location.line}`) : undefined);
}

/**
 * A plan made here (apply, reconcile: no samples) with its hits; the documents say their `drop`.
 * `shown`: the command prints the plan (apply's text format), whose warnings then say that the volumes
 * could not be read; otherwise that is logged.
 */
export async function guardedPlan(ctx: CliContext, built: BuiltPlan, limits: BlastRadiusLimits, shown = false): Promise<Plan> {
  const reads = eventVolumeReads(ctx, built.api);
  const documents = built.desired.state.resources;
  const liveFilters = built.kindLive?.[FILTER_RESOURCE] ?? [];
  const { plan, unread } = await guardsJoined(ctx, {
    plan: built.plan,
    live: built.live.transformations,
    limits,
    reads,
    documents,
    liveFilters,
  });
  if (unread !== undefined && !shown) ctx.logger.warn(unread);
  return plan;
}

/** A saved plan's hits as the checkout's `guards:` see them against live state as read now (apply PLANFILE, under the lock). */
export async function savedPlanHits(
  ctx: CliContext,
  plan: Plan,
  guards: { limits: BlastRadiusLimits; reads: EventVolumeReads },
  live: readonly Transformation[],
): Promise<GuardHit[]> {
  const { plan: now, unread } = await guardsJoined(ctx, { plan, live, limits: guards.limits, reads: guards.reads });
  // A saved plan is not shown again: what was not read now is said here.
  if (unread !== undefined) ctx.logger.warn(unread);
  return now.guards ?? [];
}
