/**
 * Room src/commands/: one file per command: a function of the CliContext and the command's typed
 * options, returning an exit code; the steps several commands share are in src/pipeline/.
 * May import: src/pipeline/, src/desired/, src/live/, src/git/, src/plan/, src/apply/, src/lock/,
 * src/simulate/, src/report/, src/import/, src/init/, src/completion/, src/emulator/,
 * src/reconcile/, src/model/, the ground floor. Only src/cli/, src/cli.ts and src/bin.ts import it.
 */
import type { CliContext, ExitCode } from "../pipeline/context.js";
import { UsageError } from "../errors.js";
import { hasChanges, hasUnmanagedDrift } from "../plan/index.js";
import { renderJson, renderPlan, type Format } from "../report/index.js";
import { formatFacts } from "../report/formats.js";
import type { IdAliases } from "../report/id-aliases.js";
import { leftOutDetails } from "../report/no-changes.js";
import type { Plan } from "../plan/types.js";
import { buildPlan, type BuiltPlan, type PlanFlags } from "../pipeline/build-plan.js";
import { planEventSection, planSamples } from "../pipeline/plan-events.js";
import { planWithVolumes } from "../pipeline/plan-volumes.js";
import { readSampleEvents } from "../pipeline/read-events.js";
import { writeUserFile } from "../desired/read-user-file.js";
import type { SampleEvent } from "../simulate/plan-events.js";
import { eventVolumeReads } from "../pipeline/volume-reads.js";

export type PlanFormat = Format<"plan">;

export interface PlanOptions extends PlanFlags {
  format: PlanFormat;
  out?: string;
  detailedExitcode?: boolean;
  /** Sample events (FILE or DIR): the text and Markdown reports show what changes for them; with volumes, they estimate. */
  events?: string;
  /** true `--volumes`, false `--no-volumes`, undefined: on in a format with `volumesByDefault` (Markdown; docs/impact.md). */
  volumes?: boolean;
}

/** `transync plan`: what apply would change. Exit 0, or with --detailed-exitcode 0 none / 2 changes. */
export async function plan(ctx: CliContext, options: PlanOptions): Promise<ExitCode> {
  const facts = formatFacts("plan", options.format);
  if (options.events !== undefined && !facts.eventSection && options.volumes !== true) {
    throw new UsageError(
      "--events adds a section to the text and Markdown reports; the JSON plan holds only the volume estimates the samples give, with --volumes. Use --format text or markdown (and --out FILE to save the plan), or add --volumes.",
    );
  }
  // Read before the plan, so a bad sample file stops the command before any API call.
  const raw = options.events !== undefined ? await readSampleEvents(ctx.cwd, options.events) : undefined;
  // plan only reads: an interrupt ends its requests and waits at once (apply and reconcile finish theirs).
  const built = await buildPlan(ctx, { ...options, interruptReads: true, hashKeysNeeded: false });
  const samples = raw ? planSamples(built, raw) : undefined;
  const planned = await withVolumesIfOn(ctx, built, options, samples);
  const events = samples && facts.eventSection ? await planEventSection(ctx, built, samples, options.events!) : undefined;
  if (options.out !== undefined) await writeUserFile(ctx.cwd, options.out, renderJson(planned), "the plan (--out)");
  const aliases = built.refs.aliases;
  ctx.stdout.write(renderPlan(planned, options.format, { color: ctx.color, events, aliases }));
  if (!hasChanges(planned) && !facts.holdsLeftOutDetails) logLeftOut(ctx, planned, aliases);
  if (options.out !== undefined) ctx.logger.info({ out: options.out }, "plan saved; apply it with `transync apply PLANFILE`");
  return options.detailedExitcode && (hasChanges(planned) || hasUnmanagedDrift(planned)) ? 2 : 0;
}

/** The plan with each action's events per day when volumes are on (`--volumes`, or the format's default) and it has actions. */
async function withVolumesIfOn(
  ctx: CliContext,
  built: BuiltPlan,
  options: PlanOptions,
  samples: readonly SampleEvent[] | undefined,
): Promise<Plan> {
  const on = options.volumes ?? formatFacts("plan", options.format).volumesByDefault;
  if (!on || built.plan.actions.length === 0) return built.plan;
  return planWithVolumes(ctx, built, eventVolumeReads(ctx, built.api), { explicit: options.volumes === true, samples: samples ?? [] });
}

/** The short report of a plan with no changes counts what it leaves out; the details go to stderr. */
function logLeftOut(ctx: CliContext, plan: Plan, aliases: IdAliases): void {
  const { warnings, details } = leftOutDetails(plan, aliases);
  for (const warning of warnings) ctx.logger.warn(warning);
  for (const detail of details) ctx.logger.info(detail);
}
