import { setTimeout as sleep } from "node:timers/promises";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { LiveApi } from "../live/live-api.js";
import { ApplyError, BlastRadiusError, ConflictError, FreezeError, OrderError, ValidationError, userMessage } from "../errors.js";
import { refuseUnaccepted } from "../pipeline/blast-radius-refusal.js";
import { hasChanges } from "../plan/index.js";
import { checkGuards, executePlan, formatApplySummary } from "../apply/index.js";
import {
  DEFAULT_METRICS_HOST,
  LIVENESS_PATH,
  METRICS_PATH,
  READINESS_PATH,
  ReconcileMetrics,
  startMetricsServer,
} from "../reconcile/metrics.js";
import { ReconcileHealth } from "../reconcile/health.js";
import { LOCK_TTL_MS } from "../lock/lock.js";
import { buildPlan, planToCarryOut, type BuiltPlan, type PlanFlags } from "../pipeline/build-plan.js";
import { lockDirOf, LockBeforeRead } from "../lock/workspace-lock.js";
import { checkPlannedOrder } from "../pipeline/order-gate.js";

export interface ReconcileOptions extends PlanFlags {
  intervalMs: number;
  once?: boolean;
  dryRun?: boolean;
  metricsPort?: number;
  /** Address the metrics server listens on; default 127.0.0.1. */
  metricsHost?: string;
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

/**
 * `transync reconcile`: fetch, plan, apply (or only report), sleep, repeat — Flux's loop. A failed
 * cycle is logged and retried at the next interval; it never ends the process (with `--once` it
 * is the only cycle, and the exit code says how it went).
 */
export async function reconcile(ctx: CliContext, options: ReconcileOptions): Promise<ExitCode> {
  const metrics = new ReconcileMetrics();
  const health = new ReconcileHealth(options.intervalMs);
  const host = options.metricsHost ?? DEFAULT_METRICS_HOST;
  const server = options.metricsPort !== undefined ? await startMetricsServer(metrics, health, options.metricsPort, host) : undefined;
  if (server)
    ctx.logger.info(
      { host, port: server.port },
      `metrics on ${METRICS_PATH}, liveness on ${LIVENESS_PATH}, readiness on ${READINESS_PATH}`,
    );
  let lastOk = true;
  try {
    while (!ctx.signal.aborted) {
      health.cycleStarted();
      const started = performance.now();
      lastOk = await runCycleSafely(ctx, options, metrics);
      metrics.observeCycleSeconds((performance.now() - started) / 1000);
      health.cycleEnded(lastOk);
      if (options.once) break;
      await sleep(options.intervalMs, undefined, { signal: ctx.signal }).catch(() => undefined);
    }
  } finally {
    await new Promise<void>((done) => (server ? server.server.close(() => done()) : done()));
  }
  return options.once && !lastOk ? 1 : 0;
}

async function runCycleSafely(ctx: CliContext, options: ReconcileOptions, metrics: ReconcileMetrics): Promise<boolean> {
  // Every client the cycle creates, so its requests count in the metrics however the cycle ends.
  const clients: LiveApi[] = [];
  try {
    return await runCycleCounted({ ...ctx, onApiClient: (client) => clients.push(client) }, options, metrics);
  } finally {
    for (const client of clients) {
      const stats = client.stats();
      metrics.apiCalls += stats.requests;
      metrics.retries += stats.retries;
    }
  }
}

async function runCycleCounted(ctx: CliContext, options: ReconcileOptions, metrics: ReconcileMetrics): Promise<boolean> {
  try {
    const result = await runCycle(ctx, options, metrics);
    metrics.countCycle(result);
    if (result === "success") metrics.lastSuccessSeconds = Math.floor(Date.now() / 1000);
    return true;
  } catch (error) {
    metrics.countCycle("failure");
    const message = userMessage(error);
    // Each problem by file and position, as validate and plan print them.
    const issues = error instanceof ValidationError ? error.issues.map((i) => `${i.where ? `${i.where} ` : ""}${i.message}`) : undefined;
    const next = options.once ? "--once: stopping after this failed cycle (exit 1)" : "retrying at the next interval";
    ctx.logger.error({ err: message, ...(issues ? { issues } : {}) }, `reconcile cycle failed; ${next}`);
    return false;
  }
}

async function runCycle(ctx: CliContext, options: ReconcileOptions, metrics: ReconcileMetrics): Promise<CycleResult> {
  // The same lock file as `transync apply` (same folder, same key), so the two exclude each other.
  // Taken before the plan reads (a dry run writes nothing and takes none): that read is the stale check.
  const lock = options.dryRun
    ? undefined
    : new LockBeforeRead({ dir: lockDirOf(ctx, options.lockDir), command: "reconcile", ttlMs: Math.max(options.intervalMs, LOCK_TTL_MS) });
  try {
    const built = await planOrSkip(ctx, options, lock);
    if (typeof built === "string") return built;
    const { plan, api, desired } = built;
    if (built.freeze?.brokenWith !== undefined)
      ctx.logger.warn(
        { windows: built.freeze.active.map((a) => a.name), reason: built.freeze.brokenWith },
        "change freeze broken with --break-freeze",
      );
    metrics.driftObjects = plan.actions.length;
    const summary = plan.summary;
    ctx.logger.info({ commit: plan.origin.commit, create: summary.create, update: summary.update, delete: summary.delete }, "planned");
    if (!hasChanges(plan)) return "success";
    if (!lock) {
      // What an apply would do, one line per object, so a dry run can be read before it is trusted.
      await logDryRunHits(ctx, built);
      for (const action of plan.actions)
        ctx.logger.info({ kind: action.kind, name: action.name, id: action.id, sourceId: action.sourceId }, "dry run: would apply");
      return "success";
    }
    await lock.assertHolds(plan.workspaceId);
    if (!(await inOrder(ctx, options, built))) return "skipped-order";
    if (await overBlastRadius(ctx, options, built)) return "skipped-guarded";
    checkGuards(plan, { maxDeletes: options.maxDeletes, desiredCount: desired.state.resources.length });
    const result = await executePlan(plan, api, { concurrency: options.concurrency, signal: ctx.signal, logger: ctx.logger, env: ctx.env });
    for (const outcome of result.actions) metrics.countAction(plan.actions[outcome.index]?.kind ?? "unknown", outcome.outcome);
    ctx.logger.info(formatApplySummary(result.summary));
    if (result.summary.failed > 0) throw new ApplyError(formatApplySummary(result.summary), result.summary.failed);
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

/** A dry run's changes over a limit of `guards:`, one line each: a cycle that writes would skip them. */
async function logDryRunHits(ctx: CliContext, built: BuiltPlan): Promise<void> {
  const limits = built.desired.state.project.guards;
  if (limits === undefined) return;
  const guarded = await (await import("../pipeline/blast-radius-gate.js")).guardedPlan(ctx, built, limits);
  for (const { action, rule, value, limit, basis } of guarded.guards ?? [])
    ctx.logger.warn({ kind: action.kind, name: action.name, rule, value, limit, basis }, "dry run: over a limit of guards:");
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
