import { createInterface } from "node:readline/promises";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { Plan } from "../plan/types.js";
import type { LiveApi } from "../live/live-api.js";
import type { LiveState } from "../model/live-state.js";
import type { GitSource } from "../git/git-source.js";
import { UsageError, ValidationError } from "../errors.js";
import { assertPlanSecrets, hashKeyValues, hasChanges } from "../plan/index.js";
import { parsePlanJson, renderText } from "../report/index.js";
import {
  checkGuards,
  checkPlanFile,
  executePlan,
  createProgress,
  isConverged,
  verifyApplied,
  type ApplyResult,
  type Verification,
} from "../apply/index.js";
import { acquireWorkspaceLock } from "../lock/lock.js";
import { recordAppliedRef } from "../git/applied-ref.js";
import { fsSource } from "../desired/fs-source.js";
import { loadProjectConfig } from "../desired/load-project.js";
import { projectFileTarget } from "../git/safe-settings.js";
import { APPLY_RENDERERS, emptyApplyResult } from "../report/apply-result.js";
import { formatFacts, type Format } from "../report/formats.js";
import { createApi } from "../live/api-client.js";
import { buildPlan, type BuiltPlan, type PlanFlags } from "../pipeline/build-plan.js";
import { refuseNarrowedRecord, savedDesiredCount, type NarrowFlags } from "../pipeline/selection.js";
import { refuseProtectedInPlan } from "../pipeline/protections.js";
import { readUserFile } from "../desired/read-user-file.js";
import { openSource } from "../pipeline/desired-input.js";
import { checkRecordRef, type RecordTarget } from "../git/record-ref-check.js";
import { lockDirOf, LockBeforeRead, recheckUnderLock } from "../lock/workspace-lock.js";
import type { FreezeBreak, OrderSkip } from "../report/apply-result.js";
import { checkSavedPlanFreeze, freezeBreakReport } from "../pipeline/freeze-gate.js";
import { refuseSavedPlanOverLimits, refuseUnaccepted } from "../pipeline/blast-radius-refusal.js";
import { eventVolumeReads } from "../pipeline/volume-reads.js";
import type { BlastRadiusLimits } from "../model/blast-radius-limits.js";
import type { EventVolumeReads } from "../model/event-volume.js";
import type { FreezeState } from "../pipeline/freeze-gate.js";
import { checkPlannedOrder, checkSavedPlanOrder } from "../pipeline/order-gate.js";
import { notifyApply, openNotifier, type Notifier, type NotifyFlags } from "../notify/index.js";
import type { NotifyTarget } from "../model/notify-target.js";

/** The override of a freeze, said on stderr at once (before any write) and returned for the report. */
function brokenFreeze(ctx: CliContext, state: FreezeState | undefined): FreezeBreak | undefined {
  const report = freezeBreakReport(state);
  if (report) ctx.logger.warn({ windows: report.windows, reason: report.reason }, "change freeze broken with --break-freeze");
  return report;
}

export interface ApplyOptions extends PlanFlags, NarrowFlags, NotifyFlags {
  planFile?: string;
  autoApprove?: boolean;
  concurrency: number;
  maxDeletes: number;
  format: Format<"apply">;
  recordRef?: boolean;
  /** Folder of the workspace lock files, shared with reconcile (default: `locks/` in the cache folder). */
  lockDir?: string;
  /** `--break-freeze REASON`: apply inside a freeze window; the reason is printed and recorded in the output. */
  breakFreeze?: string;
  /** `--skip-order REASON`: apply what the environment before (`after:`) has not applied; the reason is printed and recorded. */
  skipOrder?: string;
  /** `--accept-blast-radius NAME`: the transformations whose change may go over a limit of `guards:`. */
  acceptBlastRadius: string[];
}

interface Prepared {
  plan: Plan;
  api: LiveApi;
  desiredCount: number;
  record?: RecordTarget;
  /** The freeze windows `--break-freeze` overrode, for the report. */
  freezeBroken?: FreezeBreak;
  /** What `--skip-order` let through that the environment before had not applied, for the report. */
  orderSkipped?: OrderSkip;
  /** A saved plan's `guards:` (of the checkout apply runs in) and the volume reads they need, checked under the lock. */
  guards?: { limits: BlastRadiusLimits; reads: EventVolumeReads };
  /** The targets of transync.yaml's `notify:` (of the checkout, for a saved plan), told of the writes. */
  notify?: NotifyTarget[];
}

/** A plan made here: with its read, which under the lock (--auto-approve) is the stale check. */
interface PreparedFresh extends Prepared {
  live: LiveState;
}

/**
 * Flags that choose the desired state: a saved plan has fixed it already (Terraform's rule).
 * test/cli/flags.test.ts holds each name to its declaration.
 */
export const PLANNING_FLAGS: ReadonlyArray<[keyof ApplyOptions, string]> = [
  ["dir", "--dir"],
  ["env", "--env"],
  ["ref", "--ref"],
  ["repo", "--repo"],
  ["prune", "--prune/--no-prune"],
  ["base", "--base"],
  ["resendWriteOnly", "--resend-write-only"],
  ["target", "--target"],
  ["exclude", "--exclude"],
];

/**
 * `transync apply [PLANFILE]`: carry a plan out. Exit 0 done; 1 an action failed, a field did not
 * converge, or the workspace is locked; 130 interrupted. With --auto-approve and no plan file the
 * lock is taken before the plan reads (LockBeforeRead), so that read is the stale check. Otherwise
 * everything that can refuse the run (plan file checks, guards, --record-ref) runs before the lock;
 * under the lock live state is read again and the plan refused if stale. Either way the writes
 * depend only on a read no other apply can race.
 */
export async function apply(ctx: CliContext, options: ApplyOptions): Promise<ExitCode> {
  // A --state-file that cannot be read stops the run here, before any work.
  const notifier = await openNotifier(ctx, options);
  if (options.planFile === undefined && options.autoApprove) return applyReadUnderLock(ctx, options, notifier);
  const prepared =
    options.planFile !== undefined ? await prepareFromFile(ctx, options, options.planFile) : await prepareFresh(ctx, options);
  const { plan, api } = prepared;
  if (hasChanges(plan)) checkBeforeWrites(ctx, options, prepared);
  else if (options.planFile === undefined) return finishNoChanges(ctx, options, prepared);
  const lock = await acquireWorkspaceLock({ dir: lockDirOf(ctx, options.lockDir), workspaceId: plan.workspaceId, command: "apply" });
  try {
    const before = await recheckUnderLock(ctx, plan, api);
    if (!hasChanges(plan)) return await finishNoChanges(ctx, options, prepared);
    if (options.planFile !== undefined)
      await refuseSavedPlanOverLimits(ctx, prepared.plan, prepared.guards, before, options.acceptBlastRadius);
    return await execute(ctx, options, prepared, before, notifier);
  } finally {
    await lock.release();
  }
}

/** `apply --auto-approve`: plan and apply under one lock, taken before the plan's read; no second read. */
async function applyReadUnderLock(ctx: CliContext, options: ApplyOptions, notifier: Notifier): Promise<ExitCode> {
  const lock = new LockBeforeRead({ dir: lockDirOf(ctx, options.lockDir), command: "apply" });
  try {
    const prepared = await prepareFresh(ctx, options, lock.take);
    await lock.assertHolds(prepared.plan.workspaceId);
    if (!hasChanges(prepared.plan)) return await finishNoChanges(ctx, options, prepared);
    checkBeforeWrites(ctx, options, prepared);
    return await execute(ctx, options, prepared, prepared.live, notifier);
  } finally {
    await lock.release();
  }
}

/** The guards (deletes, an emptied folder) and the secrets the bodies need: checked before any write. */
function checkBeforeWrites(ctx: CliContext, options: ApplyOptions, { plan, desiredCount }: Prepared): void {
  checkGuards(plan, { maxDeletes: options.maxDeletes, desiredCount });
  assertPlanSecrets(plan, ctx.env);
  for (const key of hashKeyValues(
    plan.actions.map((a) => (a.kind === "delete" ? undefined : a.body)),
    ctx.env,
  ))
    ctx.secrets.add(key);
}

async function execute(
  ctx: CliContext,
  options: ApplyOptions,
  { plan, api, record, freezeBroken, orderSkipped, notify }: Prepared,
  before: LiveState,
  notifier: Notifier,
): Promise<ExitCode> {
  const progress = createProgress({ stream: ctx.stderr, logger: ctx.logger, total: plan.actions.length });
  const stopWaits = api.onWait((waitMs, reason) => progress.onEvent({ type: "wait", waitMs, reason }));
  let result: ApplyResult;
  let verification: Verification | undefined;
  try {
    result = await executePlan(plan, api, {
      concurrency: options.concurrency,
      signal: ctx.signal,
      logger: ctx.logger,
      onEvent: progress.onEvent,
      env: ctx.env,
    });
    verification = result.interrupted
      ? undefined
      : await verifyApplied(plan, result, api, { concurrency: options.concurrency, before: before.transformations, env: ctx.env });
  } finally {
    stopWaits();
  }
  progress.finish();
  const report = { plan, result, verification, apiStats: api.stats(), freezeBroken, orderSkipped };
  ctx.stdout.write(APPLY_RENDERERS[options.format](report));
  if (result.interrupted) return 130;
  const failed = result.summary.failed > 0 || !isConverged(verification);
  await notifyApply(notifier, notify, plan.origin.env, { result, json: APPLY_RENDERERS.json(report), failed });
  if (failed) return 1;
  if (record) await recordRef(ctx, record);
  return 0;
}

async function finishNoChanges(ctx: CliContext, options: ApplyOptions, prepared: Prepared): Promise<ExitCode> {
  const { freezeBroken } = prepared;
  ctx.stdout.write(APPLY_RENDERERS[options.format]({ result: emptyApplyResult(), apiStats: prepared.api.stats(), freezeBroken }));
  if (prepared.record) await recordRef(ctx, prepared.record);
  return 0;
}

async function prepareFresh(ctx: CliContext, options: ApplyOptions, beforeRead?: (api: LiveApi) => Promise<void>): Promise<PreparedFresh> {
  const built = await buildPlan(ctx, { ...options, beforeRead, freeze: { refuse: true, breakReason: options.breakFreeze } });
  const plan = await withGuards(ctx, built, !formatFacts("apply", options.format).parsed);
  const freezeBroken = brokenFreeze(ctx, built.freeze);
  const git = built.desired.git;
  // Staging first: before the plan is shown or confirmed, and before any write.
  const orderSkipped = await checkPlannedOrder(ctx, plan, built.desired, options.skipOrder);
  const record = options.recordRef
    ? await checkRecordRef(refuseNarrowedRecord(plan), git, git !== undefined && git.ref === undefined && git.remote === undefined)
    : undefined;
  // A parsed format's stdout is its document alone: the plan is shown only before a report for people.
  if (hasChanges(plan) && !formatFacts("apply", options.format).parsed)
    ctx.stdout.write(renderText(plan, { color: ctx.color, aliases: built.refs.aliases }));
  // Before the question and any write: a change over a limit the operator did not accept stops here.
  if (hasChanges(plan)) refuseUnaccepted(ctx, plan, options.acceptBlastRadius);
  if (hasChanges(plan) && !options.autoApprove) await confirm(ctx);
  const desiredCount = built.desired.state.resources.length;
  const notify = built.desired.state.project.notify;
  return { plan, api: built.api, desiredCount, record, live: built.live, freezeBroken, ...(orderSkipped ? { orderSkipped } : {}), notify };
}

/** Reads and checks a saved plan; no network call before every check that needs none has passed. */
async function prepareFromFile(ctx: CliContext, options: ApplyOptions, file: string): Promise<Prepared> {
  const given = PLANNING_FLAGS.filter(([key]) => options[key] !== undefined).map(([, flag]) => flag);
  if (given.length > 0) {
    throw new UsageError(
      `${given.join(", ")} cannot be used with a plan file: the plan already fixes the desired state, environment, pruning and selection (--target/--exclude). ` +
        `Pass ${given.length === 1 ? "it" : "them"} to \`transync plan --out FILE\` instead, then apply that file.`,
    );
  }
  const plan = checkedPlan(await readPlanText(ctx, file), file);
  const git = await checkoutGit(ctx);
  const record = options.recordRef ? await checkRecordRef(refuseNarrowedRecord(plan), git, true) : undefined;
  const project = await loadProjectConfig(fsSource(ctx.cwd), { env: plan.origin.env });
  refuseProtectedInPlan(plan, project.config.protect ?? [], file);
  const freezeBroken = brokenFreeze(ctx, checkSavedPlanFreeze(ctx, project, plan.origin.env, options.breakFreeze));
  const orderSkipped = await checkSavedPlanOrder(ctx, plan, project.config, git, options.skipOrder);
  const api = createApi(ctx, options, projectFileTarget(project.config, plan.origin.env, "write"));
  const limits = project.config.guards;
  const guards = limits ? { limits, reads: eventVolumeReads(ctx, api) } : undefined;
  return {
    plan,
    api,
    desiredCount: savedDesiredCount(plan),
    record,
    freezeBroken,
    ...(orderSkipped ? { orderSkipped } : {}),
    ...(guards ? { guards } : {}),
    notify: project.config.notify,
  };
}

/**
 * A fresh plan with its blast-radius hits when transync.yaml sets `guards:` (no samples here: an `if`
 * that needs them is unknown). `shown`: the plan is printed before the writes, its warnings with it.
 */
async function withGuards(ctx: CliContext, built: BuiltPlan, shown: boolean): Promise<Plan> {
  const limits = built.desired.state.project.guards;
  if (limits === undefined || !hasChanges(built.plan)) return built.plan;
  return (await import("../pipeline/blast-radius-gate.js")).guardedPlan(ctx, built, limits, shown);
}

function checkedPlan(text: string, file: string): Plan {
  const plan = parsePlanJson(text, file);
  checkPlanFile(plan, file);
  return plan;
}

function readPlanText(ctx: CliContext, file: string): Promise<string> {
  return readUserFile(ctx.cwd, file, "the plan file");
}

/** The checkout apply runs in, where `--record-ref` records a saved plan's commit. */
async function checkoutGit(ctx: CliContext): Promise<GitSource | undefined> {
  return (await openSource(ctx, {})).git;
}

/** Terraform's rule: only `yes` proceeds; no TTY means no one can say it. */
async function confirm(ctx: CliContext): Promise<void> {
  const stdin = ctx.stdin;
  if (!stdin || !stdin.isTTY) {
    throw new UsageError(
      "apply needs confirmation and there is no terminal to ask: pass --auto-approve, or apply a saved plan (`plan --out plan.json`, then `apply plan.json --auto-approve`).",
    );
  }
  const rl = createInterface({ input: stdin, output: { write: (s: string) => ctx.stdout.write(s) } as unknown as NodeJS.WritableStream });
  try {
    const answer = await rl.question("\nDo you want to perform these actions? Only 'yes' will be accepted: ", { signal: ctx.signal });
    if (answer.trim() !== "yes") throw new ValidationError("apply cancelled: nothing was changed.");
  } finally {
    rl.close();
  }
}

async function recordRef(ctx: CliContext, target: RecordTarget): Promise<void> {
  await recordAppliedRef(target.root, target.env, target.commit, { push: target.push, env: target.pushEnv });
  ctx.logger.info({ env: target.env, commit: target.commit }, "recorded the applied commit");
}
