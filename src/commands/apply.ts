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
import { loadProjectConfig, selfActorsOf } from "../desired/load-project.js";
import { projectFileTarget } from "../git/safe-settings.js";
import { APPLY_RENDERERS, emptyApplyResult } from "../report/apply-result.js";
import { formatFacts } from "../report/formats.js";
import { createApi } from "../live/api-client.js";
import { buildPlan, type BuiltPlan } from "../pipeline/build-plan.js";
import { refuseNarrowedRecord, savedDesiredCount } from "../pipeline/selection.js";
import { applyRequest, type ApplyFlags, type ApplyRequest, type PlanSource } from "../pipeline/apply-request.js";
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
import { sayWriteActor, type WriteActorCheck } from "../pipeline/write-actor.js";
import type { ProjectConfig } from "../desired/types.js";
import { openBodySecrets } from "../secrets/body-secrets.js";

/** The override of a freeze, said on stderr at once (before any write) and returned for the report. */
function brokenFreeze(ctx: CliContext, state: FreezeState | undefined): FreezeBreak | undefined {
  const report = freezeBreakReport(state);
  if (report) ctx.logger.warn({ windows: report.windows, reason: report.reason }, "change freeze broken with --break-freeze");
  return report;
}

/** The flags of `transync apply` (src/cli/apply.ts); the command turns them into one ApplyRequest. */
export type ApplyOptions = ApplyFlags & NotifyFlags;
export { PLANNING_FLAGS } from "../pipeline/apply-request.js";

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
  /** The environment's selfActors: after the writes, apply says the actor it wrote as when they lack it. */
  writeActor?: WriteActorCheck;
}

/** A plan made here from the documents. */
type FreshPlan = Extract<PlanSource, { from: "fresh" }>;

/** A plan made here: with its read, which under the lock (--auto-approve) is the stale check. */
interface PreparedFresh extends Prepared {
  live: LiveState;
}

/**
 * `transync apply [PLANFILE]`: carry a plan out. Exit 0 done; 1 an action failed, a field did not
 * converge, or the workspace is locked; 130 interrupted. With --auto-approve and no plan file the
 * lock is taken before the plan reads (LockBeforeRead), so that read is the stale check. Otherwise
 * everything that can refuse the run (plan file checks, guards, --record-ref) runs before the lock;
 * under the lock live state is read again and the plan refused if stale. Either way the writes
 * depend only on a read no other apply can race.
 */
export async function apply(ctx: CliContext, options: ApplyOptions): Promise<ExitCode> {
  const request = applyRequest(options);
  const { plan: source } = request;
  // A --state-file that cannot be read stops the run here, before any read.
  const notifier = await openNotifier(ctx, options);
  if (source.from === "fresh" && request.lock.taken === "before the read") return applyReadUnderLock(ctx, request, source, notifier);
  const prepared = source.from === "file" ? await prepareFromFile(ctx, request, source.file) : await prepareFresh(ctx, request, source);
  const { plan, api } = prepared;
  if (hasChanges(plan)) checkBeforeWrites(ctx, request, prepared);
  else if (source.from === "fresh") return finishNoChanges(ctx, request, prepared);
  const lock = await acquireWorkspaceLock({ dir: lockDirOf(ctx, request.lock.dir), workspaceId: plan.workspaceId, command: "apply" });
  try {
    const before = await recheckUnderLock(ctx, plan, api);
    if (!hasChanges(plan)) return await finishNoChanges(ctx, request, prepared);
    if (source.from === "file")
      await refuseSavedPlanOverLimits(ctx, prepared.plan, prepared.guards, before, request.guards.acceptBlastRadius);
    return await execute(ctx, request, prepared, before, notifier);
  } finally {
    await lock.release();
  }
}

/** `apply --auto-approve`: plan and apply under one lock, taken before the plan's read; no second read. */
async function applyReadUnderLock(ctx: CliContext, request: ApplyRequest, source: FreshPlan, notifier: Notifier): Promise<ExitCode> {
  const lock = new LockBeforeRead({ dir: lockDirOf(ctx, request.lock.dir), command: "apply" });
  try {
    const prepared = await prepareFresh(ctx, request, source, lock.take);
    await lock.assertHolds(prepared.plan.workspaceId);
    if (!hasChanges(prepared.plan)) return await finishNoChanges(ctx, request, prepared);
    checkBeforeWrites(ctx, request, prepared);
    return await execute(ctx, request, prepared, prepared.live, notifier);
  } finally {
    await lock.release();
  }
}

/** The guards (deletes, an emptied folder) and the secrets the bodies need: checked before any write. */
function checkBeforeWrites(ctx: CliContext, request: ApplyRequest, { plan, desiredCount }: Prepared): void {
  checkGuards(plan, { maxDeletes: request.guards.maxDeletes, desiredCount });
  assertPlanSecrets(plan, ctx.env);
  for (const key of hashKeyValues(
    plan.actions.map((a) => (a.kind === "delete" ? undefined : a.body)),
    ctx.env,
  ))
    ctx.secrets.add(key);
}

async function execute(
  ctx: CliContext,
  request: ApplyRequest,
  { plan, api, record, freezeBroken, orderSkipped, notify, writeActor }: Prepared,
  before: LiveState,
  notifier: Notifier,
): Promise<ExitCode> {
  const progress = createProgress({ stream: ctx.stderr, logger: ctx.logger, total: plan.actions.length });
  const stopWaits = api.onWait((waitMs, reason) => progress.onEvent({ type: "wait", waitMs, reason }));
  let result: ApplyResult;
  let verification: Verification | undefined;
  try {
    result = await executePlan(plan, api, {
      concurrency: request.concurrency,
      signal: ctx.signal,
      logger: ctx.logger,
      onEvent: progress.onEvent,
      env: ctx.env,
    });
    verification = result.interrupted
      ? undefined
      : await verifyApplied(plan, result, api, { concurrency: request.concurrency, before: before.transformations, env: ctx.env });
  } finally {
    stopWaits();
  }
  progress.finish();
  const report = { plan, result, verification, apiStats: api.stats(), freezeBroken, orderSkipped };
  ctx.stdout.write(APPLY_RENDERERS[request.format](report));
  if (result.interrupted) return 130;
  const failed = result.summary.failed > 0 || !isConverged(verification);
  if (writeActor) await sayWriteActor(ctx, api, result, writeActor);
  await notifyApply(notifier, notify, plan.origin.env, { result, json: APPLY_RENDERERS.json(report), failed });
  if (failed) return 1;
  if (record) await recordRef(ctx, record);
  return 0;
}

async function finishNoChanges(ctx: CliContext, request: ApplyRequest, prepared: Prepared): Promise<ExitCode> {
  const { freezeBroken } = prepared;
  ctx.stdout.write(APPLY_RENDERERS[request.format]({ result: emptyApplyResult(), apiStats: prepared.api.stats(), freezeBroken }));
  if (prepared.record) await recordRef(ctx, prepared.record);
  return 0;
}

async function prepareFresh(
  ctx: CliContext,
  request: ApplyRequest,
  { request: planning }: FreshPlan,
  beforeRead?: (api: LiveApi) => Promise<void>,
): Promise<PreparedFresh> {
  const built = await buildPlan(ctx, { ...planning, mode: { ...planning.mode, beforeRead } });
  const plan = await withGuards(ctx, built, !formatFacts("apply", request.format).parsed);
  const freezeBroken = brokenFreeze(ctx, built.freeze);
  const git = built.desired.git;
  // Staging first: before the plan is shown or confirmed, and before any write.
  const orderSkipped = await checkPlannedOrder(ctx, plan, built.desired, request.overrides.skipOrder);
  const record = request.recordRef
    ? await checkRecordRef(refuseNarrowedRecord(plan), git, git !== undefined && git.ref === undefined && git.remote === undefined)
    : undefined;
  // A parsed format's stdout is its document alone: the plan is shown only before a report for people.
  if (hasChanges(plan) && !formatFacts("apply", request.format).parsed)
    ctx.stdout.write(renderText(plan, { color: ctx.color, aliases: built.refs.aliases }));
  // Before the question and any write: a change over a limit the operator did not accept stops here.
  if (hasChanges(plan)) refuseUnaccepted(ctx, plan, request.guards.acceptBlastRadius);
  if (hasChanges(plan) && !request.autoApprove) await confirm(ctx);
  const desiredCount = built.desired.state.resources.length;
  const writeActor = writeActorCheck(built.desired.state.project, plan.origin.env);
  return {
    plan,
    api: built.api,
    desiredCount,
    record,
    live: built.live,
    freezeBroken,
    ...(orderSkipped ? { orderSkipped } : {}),
    writeActor,
    notify: built.desired.state.project.notify,
  };
}

/** Reads and checks a saved plan; no network call before every check that needs none has passed. */
async function prepareFromFile(ctx: CliContext, request: ApplyRequest, file: string): Promise<Prepared> {
  const plan = checkedPlan(await readPlanText(ctx, file), file);
  const git = await checkoutGit(ctx);
  const record = request.recordRef ? await checkRecordRef(refuseNarrowedRecord(plan), git, true) : undefined;
  const project = await loadProjectConfig(fsSource(ctx.cwd), { env: plan.origin.env });
  refuseProtectedInPlan(plan, project.config.protect ?? [], file);
  const freezeBroken = brokenFreeze(ctx, checkSavedPlanFreeze(ctx, project, plan.origin.env, request.overrides.breakFreeze));
  const orderSkipped = await checkSavedPlanOrder(ctx, plan, project.config, git, request.overrides.skipOrder);
  // The bodies as sent: each secret the saved plan shows [redacted] read back from its variable (before any API call).
  const sent = openBodySecrets(plan, ctx.env, file);
  const api = createApi(ctx, request.api, projectFileTarget(project.config, plan.origin.env, "write"));
  const limits = project.config.guards;
  const guards = limits ? { limits, reads: eventVolumeReads(ctx, api) } : undefined;
  return {
    plan: sent,
    api,
    desiredCount: savedDesiredCount(plan),
    record,
    freezeBroken,
    ...(orderSkipped ? { orderSkipped } : {}),
    ...(guards ? { guards } : {}),
    notify: project.config.notify,
    writeActor: writeActorCheck(project.config, plan.origin.env),
  };
}

/** Only a run of an environment: selfActors are an environment's. */
function writeActorCheck(project: ProjectConfig, env: string | undefined): WriteActorCheck | undefined {
  return env === undefined ? undefined : { env, selfActors: selfActorsOf(project, env) };
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

/** The saved plan checked as written (digest, consistency); its bodies still show a secret as [redacted] (openBodySecrets). */
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
