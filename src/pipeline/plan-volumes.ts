import { isTransformationAction } from "../plan/kind-actions.js";
import type { CliContext } from "./context.js";
import type { Plan, PlanWarning } from "../plan/types.js";
import type { IdAliases } from "../report/id-aliases.js";
import { VolumePermissionError, type DailyEventVolume, type EventVolumeReads } from "../model/event-volume.js";
import { InterruptedError, TransyncError } from "../errors.js";
import { withVolumes } from "../impact/with-volumes.js";
import { FILTER_RESOURCE, filterSources, type LiveFilter } from "../impact/filter-radius.js";
import { VOLUME_DAYS, type VolumeSample } from "../impact/volume.js";
import { redactPlan } from "../secrets/redact-plan.js";
import { planDigest } from "../plan/index.js";
import { SimulationBudget } from "../simulate/budget.js";
import { createFqlEngine } from "../simulate/fql-engine.js";
import type { BuiltPlan } from "./build-plan.js";

export interface PlanVolumesOptions {
  /** `--volumes` given: a refused read is a warning in the plan. Otherwise (on by default) it turns volumes off with one log line. */
  explicit: boolean;
  /** `--events` samples, sources as ids: estimates for the `if`s that need the events themselves. */
  samples: readonly VolumeSample[];
}

/**
 * `plan --volumes`: the daily volumes of the last seven days of every source the plan's actions
 * touch (one read per source, in order: the reader paces them within the endpoint's own limit),
 * then each action's events per day and the warnings of rules that match nothing (src/impact/).
 * The reads' requests count in the plan's `apiCalls`, whatever their outcome.
 */
export async function planWithVolumes(
  ctx: CliContext,
  built: BuiltPlan,
  reads: EventVolumeReads,
  options: PlanVolumesOptions,
): Promise<Plan> {
  const volumes = new Map<string, readonly DailyEventVolume[]>();
  const warnings: PlanWarning[] = [];
  const liveFilters = built.kindLive?.[FILTER_RESOURCE] ?? [];
  try {
    for (const sourceId of touchedSources(built, liveFilters)) volumes.set(sourceId, await reads.daily(sourceId, VOLUME_DAYS));
  } catch (error) {
    const refused = refusal(error);
    // Asked for with --volumes, a refusal is said in the plan and any other failure stops it; on by
    // default (Markdown), no failure of the volumes stops a plan that would have worked without them.
    const failedQuietly = !options.explicit && error instanceof TransyncError && !(error instanceof InterruptedError);
    if (refused === undefined && !failedQuietly) throw error;
    volumes.clear();
    const why = refused ?? `event volumes not shown: reading them failed (${(error as Error).message})`;
    if (options.explicit) warnings.push({ message: `${why}; pass --no-volumes to plan without them` });
    else ctx.logger.info(`${why}; the plan goes on without them (--no-volumes does not try)`);
  }
  const aliases = built.refs.aliases;
  const engine = createFqlEngine(new SimulationBudget());
  const plan = withVolumes(built.plan, {
    volumes,
    live: built.live.transformations,
    liveFilters,
    samples: options.samples,
    engine,
    calls: reads.calls,
    warnings,
    sourceName: (id) => sourceLabel(id, aliases),
  });
  // Event names come from the API: a secret of this run in one is shown redacted, as in every value read.
  return redactPlan(plan, (text) => ctx.secrets.redact(text), planDigest);
}

/** The sentence of a refused read (the token may not read volumes), or undefined for any other failure. */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof VolumePermissionError)) return undefined;
  return `event volumes not shown: the token may not read them (${error.message}); a token whose role may read event volumes shows them (docs/impact.md)`;
}

/** Every source an action reads from or moves to, each once, in id order. */
function touchedSources(built: BuiltPlan, liveFilters: readonly LiveFilter[]): string[] {
  const liveById = new Map(built.live.transformations.map((t) => [t.id, t]));
  const sources = new Set<string>();
  for (const action of built.plan.actions.filter(isTransformationAction)) {
    sources.add(action.sourceId);
    if (action.kind !== "delete" && action.body.sourceId !== undefined) sources.add(action.body.sourceId);
    const current = action.id !== undefined ? liveById.get(action.id) : undefined;
    if (current !== undefined) sources.add(current.sourceId);
  }
  for (const sourceId of filterSources(built.plan.actions, liveFilters)) sources.add(sourceId);
  return [...sources].sort();
}

/** `web`: a source as the reviewer named it (alias or slug), else its id; a name that is not a plain word is quoted (src/report/id-aliases.ts). */
function sourceLabel(id: string, aliases: IdAliases): string {
  const alias = Object.hasOwn(aliases.sources, id) ? aliases.sources[id]! : undefined;
  if (alias === undefined) return id;
  return /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/.test(alias) ? alias : JSON.stringify(alias);
}
