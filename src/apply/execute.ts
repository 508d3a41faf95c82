import type { LiveApi } from "../live/live-api.js";
import type { Logger } from "../log.js";
import type { ActionKind, Plan, PlanAction } from "../plan/types.js";
import { type ActionOutcome, type ApplyEvent, type ApplyResult, type ApplySummary } from "./types.js";
import { UsageError } from "../errors.js";
import { createsNowTaken } from "./create-guard.js";
import { executeKindActions } from "./kind-execute.js";
import { isTransformationAction } from "../plan/kind-actions.js";
import { keyChange } from "../plan/name-guard.js";
import { findCreated, runAction, type ActionContext, type CreateRetry, type UnknownCreateResolver } from "./run-action.js";
import { systemClock } from "../live/clock.js";
import { DEFAULT_MAX_RETRIES, DEFAULT_RETRY_BUDGET_SECONDS } from "../live/settings.js";

export interface ExecuteOptions {
  /** Calls in flight at once within a phase (default 4). */
  concurrency?: number;
  /** When aborted: no new call starts, calls in flight finish, the rest are skipped. */
  signal?: AbortSignal;
  logger: Logger;
  onEvent?: (e: ApplyEvent) => void;
  /** How a create with an unknown outcome is looked up; default: a complete list, matched by name and sourceId. */
  resolveUnknownCreate?: UnknownCreateResolver;
  /** Attempts of an update or delete while its outcome stays unknown (default 3). */
  maxAttempts?: number;
  /**
   * Retries of a create that a complete read proved absent: the API client's policy and clock
   * (`LiveApi.retrySettings`); without either, the defaults of --max-retries and --retry-budget.
   */
  createRetry?: CreateRetry;
  /** One list before the create phase refuses creates whose name appeared since the plan (default true). */
  checkCreateNames?: boolean;
  /** Environment the `fromEnv` hash keys are read from when sending (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Phases run one after the other with a barrier between them: deletes and rename-away updates free
 * names before creates take them.
 */
const PHASES: readonly ActionKind[] = ["delete", "update", "create"];

/** Carries out a plan's actions against the API; the only writer. Never throws for a failed action. */
export async function executePlan(plan: Plan, api: LiveApi, opts: ExecuteOptions): Promise<ApplyResult> {
  const started = performance.now();
  const concurrency = opts.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new UsageError(`--concurrency must be a whole number of at least 1 (got ${concurrency}).`);
  const ctx: ActionContext = {
    api,
    logger: opts.logger,
    signal: opts.signal,
    emit: (e) => opts.onEvent?.(e),
    resolveUnknownCreate: opts.resolveUnknownCreate ?? findCreated,
    maxAttempts: opts.maxAttempts ?? 3,
    createRetry: opts.createRetry ??
      api.retrySettings ?? {
        policy: { maxRetries: DEFAULT_MAX_RETRIES, retryBudgetMs: DEFAULT_RETRY_BUDGET_SECONDS * 1000 },
        clock: systemClock,
      },
    env: opts.env,
  };
  const outcomes = new Map<number, ActionOutcome>();
  for (const kind of PHASES) {
    const indexes = plan.actions.flatMap((a, i) => (a.kind === kind && isTransformationAction(a) ? [i] : []));
    const taken =
      kind === "create" && opts.checkCreateNames !== false && !opts.signal?.aborted
        ? await createsNowTaken(plan, indexes, api, opts.signal)
        : new Map<number, string>();
    await runPool(
      indexes,
      concurrency,
      opts.signal,
      async (i) => {
        const action = plan.actions[i] as PlanAction;
        const blocker = failedPrerequisite(plan, i, outcomes);
        const refusal = taken.get(i);
        outcomes.set(
          i,
          blocker ? skipped(i, action, blocker) : refusal ? refused(ctx, i, action, refusal) : await runAction(ctx, i, action),
        );
      },
      (i) => {
        const action = plan.actions[i] as PlanAction;
        outcomes.set(i, skipped(i, action, "apply was interrupted before this action started"));
      },
    );
  }
  // Every other kind's actions after the Transformations' (kind-execute.ts), unless apply was interrupted.
  if (opts.signal?.aborted)
    plan.actions.forEach(
      (a, i) => void (outcomes.has(i) || outcomes.set(i, skipped(i, a, "apply was interrupted before this action started"))),
    );
  else await executeKindActions(plan, api, outcomes, ctx.emit);
  const actions = plan.actions.map((_, i) => outcomes.get(i) as ActionOutcome);
  const interrupted = actions.some((a) => a.outcome === "skipped") && opts.signal?.aborted === true;
  const result = { actions, summary: summarize(actions), interrupted, durationMs: Math.round(performance.now() - started) };
  opts.logger.debug({ summary: result.summary, interrupted, durationMs: result.durationMs }, "apply finished");
  return result;
}

/** Runs `task` over `indexes` with at most `limit` in flight; once aborted, the rest go to `skip`. */
async function runPool(
  indexes: number[],
  limit: number,
  signal: AbortSignal | undefined,
  task: (i: number) => Promise<void>,
  skip: (i: number) => void,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < indexes.length) {
      const i = indexes[next++] as number;
      if (signal?.aborted) skip(i);
      else await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, indexes.length) }, worker));
}

/**
 * A create whose name is freed by a delete or a rename-away update of the same plan waits on that
 * action's success, and so does a rename or move onto a name a delete frees (plan/name-guard.ts
 * allows no other): going ahead anyway would leave two objects with one name.
 */
function failedPrerequisite(plan: Plan, index: number, outcomes: Map<number, ActionOutcome>): string | undefined {
  const action = plan.actions[index] as PlanAction;
  const takesName = action.kind === "create" || (action.kind === "update" && keyChange(action) !== undefined);
  if (!takesName) return undefined;
  for (const [i, other] of plan.actions.entries()) {
    const freesName =
      (other.kind === "delete" && other.name === action.name && (action.kind === "create" || other.sourceId === action.sourceId)) ||
      (action.kind === "create" && other.kind === "update" && other.changes.some((c) => c.field === "name" && c.before === action.name));
    const outcome = outcomes.get(i)?.outcome;
    if (freesName && (outcome === "failed" || outcome === "skipped")) {
      return `not attempted: the ${other.kind} of "${other.name}" that frees the name was ${outcome === "failed" ? "not successful" : "skipped"}`;
    }
  }
  return undefined;
}

/** A create refused before any call: failed (exit 1), with the reason as its error. */
function refused(ctx: ActionContext, index: number, action: PlanAction, why: string): ActionOutcome {
  const outcome: ActionOutcome = {
    index,
    kind: action.kind,
    name: action.name,
    outcome: "failed",
    error: { message: why },
    attempts: 0,
    ms: 0,
  };
  ctx.emit({ type: "done", outcome });
  return outcome;
}

function skipped(index: number, action: PlanAction, why: string): ActionOutcome {
  const outcome: ActionOutcome = { index, kind: action.kind, name: action.name, outcome: "skipped", note: why, attempts: 0, ms: 0 };
  const id = action.id;
  if (id !== undefined) outcome.id = id;
  return outcome;
}

export function summarize(actions: readonly ActionOutcome[]): ApplySummary {
  const summary: ApplySummary = { created: 0, updated: 0, deleted: 0, failed: 0, skipped: 0 };
  for (const a of actions) {
    if (a.outcome === "adopted") summary.created++;
    else summary[a.outcome]++;
  }
  return summary;
}

/** `Apply: 5 created, 2 updated, 1 deleted, 1 failed.` plus `, 3 skipped` when any were skipped. */
export function formatApplySummary(summary: ApplySummary): string {
  const skippedPart = summary.skipped > 0 ? `, ${summary.skipped} skipped` : "";
  return `Apply: ${summary.created} created, ${summary.updated} updated, ${summary.deleted} deleted, ${summary.failed} failed${skippedPart}.`;
}
