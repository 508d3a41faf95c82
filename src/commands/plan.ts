/**
 * Room src/commands/: one file per command: a function of the CliContext and the command's typed
 * options, returning an exit code; the steps several commands share are in src/pipeline/.
 * May import: src/pipeline/, src/desired/, src/live/, src/git/, src/plan/, src/apply/, src/lock/,
 * src/simulate/, src/report/, src/import/, src/init/, src/completion/, src/emulator/,
 * src/reconcile/, src/notify/, src/forge/ (the pull-request hosts), src/model/, src/kinds/, the ground floor. No HTTP client
 * lives here (test/architecture/commands-no-http.test.ts). Only src/cli/, src/cli.ts and src/bin.ts import it.
 */
import type { CliContext, ExitCode } from "../pipeline/context.js";
import { UsageError } from "../errors.js";
import { hasChanges, hasUnmanagedDrift } from "../plan/index.js";
import { formatFacts, type Format } from "../report/formats.js";
import type { IdAliases } from "../report/id-aliases.js";
import type { Plan } from "../plan/types.js";
import { buildPlan, planRequest, SHOWN_PLAN, type BuiltPlan, type PlanFlags, type PlanRequest } from "../pipeline/build-plan.js";
import { planWithOrderWarning } from "../pipeline/order-gate.js";
import { planAsSaved, savedPlanText } from "../pipeline/saved-plan.js";
import type { NarrowFlags } from "../pipeline/selection.js";
import { writeUserFile } from "../desired/read-user-file.js";
import type { SampleEvent } from "../simulate/plan-events.js";
import type { EventVolumeReads } from "../model/event-volume.js";

export type PlanFormat = Format<"plan">;

export interface PlanOptions extends PlanFlags, NarrowFlags {
  format: PlanFormat;
  out?: string;
  detailedExitcode?: boolean;
  /** Sample events (FILE or DIR): the text and Markdown reports show what changes for them; with volumes, they estimate. */
  events?: string;
  /** true `--volumes`, false `--no-volumes`, undefined: on in a format with `volumesByDefault` (Markdown; docs/impact.md). */
  volumes?: boolean;
}

/** What `transync plan` is asked for, decided once from its flags: each of its modes is a field. */
interface PlanCommandRequest {
  planning: PlanRequest;
  format: PlanFormat;
  /** `--events FILE|DIR`: the samples, and whether the report shows what changes for them (the format's `eventSection`; else only the volume estimates use them). */
  events?: { path: string; section: boolean };
  /**
   * Daily event volumes: `estimate` adds each action's events per day (`--volumes`, or the format's
   * `volumesByDefault`), `explicit` when `--volumes` asked for them, `read` false with `--no-volumes`:
   * the guards then read none either.
   */
  volumes: { estimate: boolean; explicit: boolean; read: boolean };
  /** `--out FILE`: the JSON plan saved for `transync apply PLANFILE`. */
  out?: string;
  /** `--detailed-exitcode`: exit 2 when the plan has changes or unmanaged drift. */
  detailedExitcode: boolean;
}

/** The request of plan's flags; `--events` in a format without their section needs `--volumes` (a UsageError, before anything is read). */
function planCommandRequest(options: PlanOptions): PlanCommandRequest {
  const facts = formatFacts("plan", options.format);
  if (options.events !== undefined && !facts.eventSection && options.volumes !== true) {
    throw new UsageError(
      "--events adds a section to the text and Markdown reports; the JSON plan holds only the volume estimates the samples give, with --volumes. Use --format text or markdown (and --out FILE to save the plan), or add --volumes.",
    );
  }
  return {
    planning: planRequest(options, SHOWN_PLAN),
    format: options.format,
    ...(options.events !== undefined ? { events: { path: options.events, section: facts.eventSection } } : {}),
    volumes: {
      estimate: options.volumes ?? facts.volumesByDefault,
      explicit: options.volumes === true,
      read: options.volumes !== false,
    },
    ...(options.out !== undefined ? { out: options.out } : {}),
    detailedExitcode: options.detailedExitcode === true,
  };
}

/** `transync plan`: what apply would change. Exit 0, or with --detailed-exitcode 0 none / 2 changes. */
export async function plan(ctx: CliContext, options: PlanOptions): Promise<ExitCode> {
  const request = planCommandRequest(options);
  const { events, volumes, out } = request;
  // Read before the plan, so a bad sample file stops the command before any API call. The event and
  // volume steps (the simulator, the impact estimates) are loaded only when asked for: a plain plan
  // would otherwise load their modules on every run.
  const eventSteps = events !== undefined ? await import("../pipeline/plan-events.js") : undefined;
  const raw = events !== undefined ? await (await import("../pipeline/read-events.js")).readSampleEvents(ctx.cwd, events.path) : undefined;
  // plan only reads: an interrupt ends its requests and waits at once (apply and reconcile finish theirs).
  const built = await buildPlan(ctx, request.planning);
  const samples = raw && eventSteps ? eventSteps.planSamples(built, raw) : undefined;
  const reads = volumeReadsOf(ctx, built);
  const volumed = await withVolumesIfOn(ctx, built, reads, volumes, samples);
  const guarded = await withGuardsIfSet(ctx, built, volumed, volumes.read ? reads : undefined, samples);
  // Staging first: what apply of this plan would refuse is said here, before the merge, never refused.
  // As saved: a document's text holding a secret is [redacted] in the bodies too, named by its variable for apply.
  const planned = planAsSaved(ctx, await planWithOrderWarning(ctx, guarded, built.desired), out !== undefined);
  const section =
    samples && eventSteps && events?.section ? await eventSteps.planEventSection(ctx, built, samples, events.path) : undefined;
  if (out !== undefined) await writeUserFile(ctx.cwd, out, savedPlanText(ctx, planned), "the plan (--out)");
  const aliases = built.refs.aliases;
  // The renderers are loaded once the plan is made: until then the run needs none of them.
  const { renderPlan } = await import("../report/plan-formats.js");
  ctx.stdout.write(renderPlan(planned, request.format, { color: ctx.color, events: section, aliases }));
  if (!hasChanges(planned) && !formatFacts("plan", request.format).holdsLeftOutDetails) await logLeftOut(ctx, planned, aliases);
  if (out !== undefined) ctx.logger.info({ out }, "plan saved; apply it with `transync apply PLANFILE`");
  return request.detailedExitcode && (hasChanges(planned) || hasUnmanagedDrift(planned)) ? 2 : 0;
}

/** The plan with each action's events per day when volumes are estimated (`--volumes`, or the format's default) and it has actions. */
async function withVolumesIfOn(
  ctx: CliContext,
  built: BuiltPlan,
  reads: () => Promise<EventVolumeReads>,
  volumes: PlanCommandRequest["volumes"],
  samples: readonly SampleEvent[] | undefined,
): Promise<Plan> {
  if (!volumes.estimate || built.plan.actions.length === 0) return built.plan;
  const { planWithVolumes } = await import("../pipeline/plan-volumes.js");
  return planWithVolumes(ctx, built, await reads(), { explicit: volumes.explicit, samples: samples ?? [] });
}

/** The plan with its blast-radius hits (`guards`) when transync.yaml sets `guards:`; as it was otherwise. */
async function withGuardsIfSet(
  ctx: CliContext,
  built: BuiltPlan,
  plan: Plan,
  reads: (() => Promise<EventVolumeReads>) | undefined,
  samples: readonly SampleEvent[] | undefined,
): Promise<Plan> {
  const limits = built.desired.state.project.guards;
  if (limits === undefined) return plan;
  const { planWithGuards } = await import("../pipeline/blast-radius-gate.js");
  const documents = built.desired.state.resources;
  const live = built.live.transformations;
  // --no-volumes reads none, the guards' neither: their figures are unknown and unknownVolume decides.
  // Samples naming a destination instance: what a change newly has that instance's filters drop counts too.
  const downstream = samples?.some((s) => s.instance !== undefined) ? await downstreamOf(ctx, built, samples) : undefined;
  return planWithGuards(ctx, {
    plan,
    live,
    limits,
    reads: reads && (await reads()),
    samples,
    documents,
    liveFilters: built.kindLive?.DestinationFilter ?? [],
    ...(downstream ? { downstream } : {}),
  });
}

/** The plan's event sets and the samples, for the guards' count of what filters newly drop downstream. */
async function downstreamOf(ctx: CliContext, built: BuiltPlan, samples: readonly SampleEvent[]) {
  const { eventSets } = await import("../pipeline/event-sets.js");
  const sets = eventSets(built.plan, built.live, built.desired.state.resources, built.basis, ctx.env);
  return {
    samples,
    live: sets.live,
    desired: sets.desired,
    changed: sets.changed,
    actionOrder: built.desired.state.project.filters?.actionOrder,
  };
}

/** One reader of event volumes for the run, made on first use: the volumes and the guards read each source once. */
function volumeReadsOf(ctx: CliContext, built: BuiltPlan): () => Promise<EventVolumeReads> {
  let made: EventVolumeReads | undefined;
  return async () => {
    if (made) return made;
    const [{ eventVolumeReads }, { memoReads }] = await Promise.all([
      import("../pipeline/volume-reads.js"),
      import("../pipeline/blast-radius-gate.js"),
    ]);
    made = memoReads(eventVolumeReads(ctx, built.api));
    return made;
  };
}

/** The short report of a plan with no changes counts what it leaves out; the details go to stderr. */
async function logLeftOut(ctx: CliContext, plan: Plan, aliases: IdAliases): Promise<void> {
  const { leftOutDetails } = await import("../report/no-changes.js");
  const { warnings, details } = leftOutDetails(plan, aliases);
  for (const warning of warnings) ctx.logger.warn(warning);
  for (const detail of details) ctx.logger.info(detail);
}
