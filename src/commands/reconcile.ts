import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { LiveApi } from "../live/live-api.js";
import {
  ApiError,
  ApplyError,
  BlastRadiusError,
  ConflictError,
  FreezeError,
  NetworkError,
  OrderError,
  UsageError,
  ValidationError,
  userMessage,
} from "../errors.js";
import { refuseUnaccepted } from "../pipeline/blast-radius-refusal.js";
import { hasChanges, hasUnmanagedDrift } from "../plan/index.js";
import { checkGuards, executePlan, formatApplySummary } from "../apply/index.js";
import { ReconcileMetrics } from "../reconcile/metrics.js";
import { isUnreachableRetry, ReconcileHealth, type CycleEnd } from "../reconcile/health.js";
import { CycleTrigger } from "../reconcile/cycle-trigger.js";
import { startReconcileServers, type ServerFlags } from "./reconcile-servers.js";
import { AppliedRecorder } from "./reconcile-record-ref.js";
import { logApplied, logDryRunHits, resourceOf } from "./reconcile-log.js";
import { LOCK_TTL_MS } from "../lock/lock.js";
import { buildPlan, planToCarryOut, type BuiltPlan, type PlanFlags } from "../pipeline/build-plan.js";
import { lockDirOf, LockBeforeRead } from "../lock/workspace-lock.js";
import { checkPlannedOrder } from "../pipeline/order-gate.js";
import { selfActorsOf } from "../desired/load-project.js";
import type { NotifyFlags } from "../notify/index.js";
import { CycleNotifier } from "../notify/cycle-notifier.js";
import { projectNotifyTargets } from "../pipeline/notify-targets.js";

export interface ReconcileOptions extends PlanFlags, ServerFlags, NotifyFlags {
  intervalMs: number;
  once?: boolean;
  dryRun?: boolean;
  /** How long the API may be unreachable before /readyz fails; default two intervals. */
  readyGraceMs?: number;
  /** `--record-ref`: record the commit a cycle leaves the workspace matching (reconcile-record-ref.ts). */
  recordRef?: boolean;
  lockDir?: string;
  concurrency: number;
  maxDeletes: number;
  /** `--break-freeze REASON`: write inside a freeze window; the reason is logged each cycle it is used. */
  breakFreeze?: string;
  /** `--skip-order REASON`: apply what the environment before (`after:`) has not applied; logged each cycle it is used. */
  skipOrder?: string;
  /** `--accept-blast-radius NAME`: the transformations whose change may go over a limit of `guards:`. */
  acceptBlastRadius: string[];
}

/** What lives from cycle to cycle: the metrics, the health, the applied record, transync's own actors. */
interface Loop {
  metrics: ReconcileMetrics;
  health: ReconcileHealth;
  recorder: AppliedRecorder;
  /** What each notification target was last told (kept in memory, and in --state-file). */
  notifier: CycleNotifier;
  /** The environment's `selfActors` as the last cycle's transync.yaml gave them (read by the audit receiver). */
  selfActors: readonly string[];
}

/**
 * `transync reconcile`: fetch, plan, apply (or only report), pause, repeat — Flux's loop. A failed
 * cycle is logged and retried at the next interval; it never ends the process (with `--once` it
 * is the only cycle, and the exit code says how it went). A forwarded audit event (`--webhook-port`)
 * cuts the pause short: at most one cycle is ever queued (CycleTrigger).
 */
export async function reconcile(ctx: CliContext, options: ReconcileOptions): Promise<ExitCode> {
  if (options.recordRef && options.dryRun)
    throw new UsageError("--record-ref records the commit a cycle applied, and --dry-run applies nothing; drop one of them.");
  const trigger = new CycleTrigger();
  const notifier = await CycleNotifier.open(ctx, options, () => projectNotifyTargets(ctx, options));
  const loop: Loop = {
    notifier,
    metrics: new ReconcileMetrics(),
    health: new ReconcileHealth(options.intervalMs, Date.now, options.readyGraceMs),
    recorder: new AppliedRecorder(options.recordRef === true),
    selfActors: [],
  };
  const close = await startReconcileServers(ctx, options, { ...loop, trigger, selfActors: () => loop.selfActors });
  let lastEnd: CycleEnd = "ok";
  try {
    while (!ctx.signal.aborted) {
      loop.health.cycleStarted();
      const started = performance.now();
      lastEnd = await runCycleSafely(ctx, options, loop);
      loop.metrics.observeCycleSeconds((performance.now() - started) / 1000);
      loop.health.cycleEnded(lastEnd);
      if (options.once) break;
      if ((await trigger.pause(options.intervalMs, ctx.signal)) === "requested")
        ctx.logger.info("a forwarded audit event queued this cycle");
    }
  } finally {
    await close();
  }
  return options.once && lastEnd !== "ok" ? 1 : 0;
}

async function runCycleSafely(ctx: CliContext, options: ReconcileOptions, loop: Loop): Promise<CycleEnd> {
  // Every client the cycle creates, so its requests count in the metrics however the cycle ends,
  // and its retries of an unreachable API start the readiness grace at once (mid-cycle).
  const clients: LiveApi[] = [];
  const onApiClient = (client: LiveApi): void => {
    clients.push(client);
    client.onWait((_ms, reason) => {
      if (isUnreachableRetry(reason)) loop.health.apiUnreachable();
    });
  };
  try {
    return await runCycleCounted({ ...ctx, onApiClient }, options, loop);
  } finally {
    for (const client of clients) {
      const stats = client.stats();
      loop.metrics.apiCalls += stats.requests;
      loop.metrics.retries += stats.retries;
    }
  }
}

async function runCycleCounted(ctx: CliContext, options: ReconcileOptions, loop: Loop): Promise<CycleEnd> {
  const { metrics } = loop;
  try {
    const result = await runCycle(ctx, options, loop);
    metrics.countCycle(result);
    if (result === "success") metrics.lastSuccessSeconds = Math.floor(Date.now() / 1000);
    return "ok";
  } catch (error) {
    metrics.countCycle("failure");
    const message = userMessage(error);
    // Each problem by file and position, as validate and plan print them.
    const issues = error instanceof ValidationError ? error.issues.map((i) => `${i.where ? `${i.where} ` : ""}${i.message}`) : undefined;
    const next = options.once ? "--once: stopping after this failed cycle (exit 1)" : "retrying at the next interval";
    ctx.logger.error({ err: message, ...(issues ? { issues } : {}) }, `reconcile cycle failed; ${next}`);
    const unreachable = error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
    await loop.notifier.failed(error);
    return unreachable ? "unreachable" : "failed";
  }
}

async function runCycle(ctx: CliContext, options: ReconcileOptions, loop: Loop): Promise<CycleResult> {
  // The same lock file as `transync apply` (same folder, same key), so the two exclude each other.
  // Taken before the plan reads (a dry run writes nothing and takes none): that read is the stale check.
  const lock = options.dryRun
    ? undefined
    : new LockBeforeRead({ dir: lockDirOf(ctx, options.lockDir), command: "reconcile", ttlMs: Math.max(options.intervalMs, LOCK_TTL_MS) });
  try {
    const built = await planOrSkip(ctx, options, lock);
    if (typeof built === "string") return built;
    loop.health.apiReachable();
    // The cycle's transync.yaml names transync's own actors, whose audit events queue no cycle.
    loop.selfActors = selfActorsOf(built.desired.state.project, built.plan.origin.env);
    const { plan, api, desired } = built;
    loop.notifier.planned(desired.state.project.notify, plan.origin.env);
    if (built.freeze?.brokenWith !== undefined)
      ctx.logger.warn(
        { windows: built.freeze.active.map((a) => a.name), reason: built.freeze.brokenWith },
        "change freeze broken with --break-freeze",
      );
    // What `plan --detailed-exitcode` counts: the actions, and the objects of a declared scope no document describes.
    loop.metrics.driftObjects = plan.actions.length + (hasUnmanagedDrift(plan) ? plan.unmanaged.length : 0);
    const summary = plan.summary;
    ctx.logger.info({ commit: plan.origin.commit, create: summary.create, update: summary.update, delete: summary.delete }, "planned");
    const record = await loop.recorder.target(built);
    if (!hasChanges(plan)) return await loop.recorder.record(ctx, record).then(() => "success");
    if (!lock) {
      // What an apply would do, one line per object, so a dry run can be read before it is trusted.
      await logDryRunHits(ctx, built);
      for (const action of plan.actions)
        ctx.logger.info(
          { kind: action.kind, resource: resourceOf(action), name: action.name, id: action.id, sourceId: action.sourceId },
          "dry run: would apply",
        );
      return "success";
    }
    await lock.assertHolds(plan.workspaceId);
    if (!(await inOrder(ctx, options, built))) return "skipped-order";
    if (await overBlastRadius(ctx, options, built)) return "skipped-guarded";
    checkGuards(plan, { maxDeletes: options.maxDeletes, desiredCount: desired.state.resources.length });
    const result = await executePlan(plan, api, {
      concurrency: options.concurrency,
      signal: ctx.signal,
      logger: ctx.logger,
      env: ctx.env,
      onEvent: (event) => logApplied(ctx, event),
    });
    for (const outcome of result.actions) loop.metrics.countAction(plan.actions[outcome.index]?.kind ?? "unknown", outcome.outcome);
    ctx.logger.info(formatApplySummary(result.summary));
    await loop.notifier.applied(result, api.stats());
    if (result.summary.failed > 0) throw new ApplyError(formatApplySummary(result.summary), result.summary.failed);
    await loop.recorder.afterApply(ctx, built, result, record, options.concurrency);
    return "success";
  } finally {
    await lock?.release();
  }
}

type CycleResult = "success" | "skipped-locked" | "skipped-frozen" | "skipped-order" | "skipped-guarded";

/**
 * Staging first (`after:`, src/pipeline/order-gate.ts), as apply checks it: a cycle whose plan changes a
 * document the environment before has not applied writes nothing; it is logged and skipped like a
 * freeze, and the next cycle checks again (a reconciler that follows staging reads
 * `--ref refs/transync/applied/staging`, docs/environments.md).
 */
async function inOrder(ctx: CliContext, options: ReconcileOptions, { plan, desired }: BuiltPlan): Promise<boolean> {
  try {
    await checkPlannedOrder(ctx, plan, desired, options.skipOrder);
    return true;
  } catch (error) {
    if (!(error instanceof OrderError)) throw error;
    ctx.logger.warn({ reason: error.message }, "staging first: skipping the apply of this cycle; retrying at the next interval");
    return false;
  }
}

/**
 * A change over a limit of `guards:` that `--accept-blast-radius` does not name: the cycle writes
 * nothing, says why in its log and goes on at the next interval, as in a freeze (docs/gitops.md).
 */
async function overBlastRadius(ctx: CliContext, options: ReconcileOptions, built: BuiltPlan): Promise<boolean> {
  const limits = built.desired.state.project.guards;
  if (limits === undefined) return false;
  const guarded = await (await import("../pipeline/blast-radius-gate.js")).guardedPlan(ctx, built, limits);
  try {
    refuseUnaccepted(ctx, guarded, options.acceptBlastRadius);
    return false;
  } catch (error) {
    if (!(error instanceof BlastRadiusError)) throw error;
    ctx.logger.warn({ reason: error.message }, "blast radius: skipping the apply of this cycle; retrying at the next interval");
    return true;
  }
}

/**
 * The cycle's plan, read under the lock; a skip when another apply or reconciler holds it, or when a
 * freeze window is on (checked when the project file is read, before the lock: a dry run writes
 * nothing, so it plans on and the plan says the freeze is on).
 */
async function planOrSkip(
  ctx: CliContext,
  options: ReconcileOptions,
  lock: LockBeforeRead | undefined,
): Promise<BuiltPlan | "skipped-locked" | "skipped-frozen"> {
  try {
    return await buildPlan(ctx, {
      flags: options,
      mode: planToCarryOut({
        concurrency: options.concurrency,
        beforeRead: lock?.take,
        freeze: { refuse: lock !== undefined, breakReason: options.breakFreeze },
      }),
    });
  } catch (error) {
    if (error instanceof FreezeError) {
      ctx.logger.warn({ reason: error.message }, "change freeze: skipping the apply of this cycle; retrying at the next interval");
      return "skipped-frozen";
    }
    if (!(error instanceof ConflictError) || !lock?.refused) throw error;
    ctx.logger.warn({ reason: error.message }, "another apply or reconciler holds the lock of this workspace; skipping this cycle");
    return "skipped-locked";
  }
}
