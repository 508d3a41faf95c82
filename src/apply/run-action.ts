import type { LiveApi } from "../live/live-api.js";
import type { Logger } from "../log.js";
import type { CreateAction, PlanAction } from "../plan/types.js";
import { resolveBodySecrets } from "../plan/secrets.js";
import type { Transformation, TransformationInput } from "../model/transformation.js";
import { type ActionError, type ActionOutcome, type ApplyEvent } from "./types.js";
import { setTimeout as sleep } from "node:timers/promises";
import { ApiError, InterruptedError, NetworkError, UnknownOutcomeError, ValidationError } from "../errors.js";
import { listComplete } from "../live/complete-list.js";
import { backoffMs, type RetryPolicy } from "../live/retry.js";
import type { Clock } from "../live/clock.js";

/**
 * Finds the object a create with an unknown outcome may have made: undefined only when a complete
 * read proves it was not made; throws when no read can prove either.
 */
export type UnknownCreateResolver = (
  input: TransformationInput,
  api: LiveApi,
  options?: { signal?: AbortSignal; logger?: Logger },
) => Promise<Transformation | undefined>;

/** How a create proven not to have happened is tried again: the API client's retry policy and clock. */
export interface CreateRetry {
  policy: RetryPolicy;
  clock: Clock;
}

export interface ActionContext {
  api: LiveApi;
  logger: Logger;
  signal?: AbortSignal;
  emit: (e: ApplyEvent) => void;
  resolveUnknownCreate: UnknownCreateResolver;
  /** Attempts of an update or delete while its outcome stays unknown. */
  maxAttempts: number;
  /** Retries of a create whose lookups proved it absent: as many, and as long, as any retryable call. */
  createRetry: CreateRetry;
  /** Where `fromEnv` hash keys are read when a body is sent; default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

type Settled = Pick<ActionOutcome, "outcome" | "id" | "error" | "note">;

/** Carries out one action; never throws (a failure is an outcome). */
export async function runAction(ctx: ActionContext, index: number, action: PlanAction): Promise<ActionOutcome> {
  const started = performance.now();
  const tally = { attempts: 0 };
  ctx.emit({ type: "start", index, kind: action.kind, name: action.name });
  let settled: Settled;
  try {
    settled = await dispatch(ctx, index, action, tally);
  } catch (error) {
    settled = { outcome: "failed", id: action.id, error: withTokenHint(toActionError(error), ctx.api.tokenEnv) };
    if (error instanceof ApiError) tally.attempts += Math.max(0, error.attempts - 1);
  }
  const outcome: ActionOutcome = {
    index,
    kind: action.kind,
    name: action.name,
    ...settled,
    attempts: tally.attempts,
    ms: Math.round(performance.now() - started),
  };
  if (outcome.id === undefined) delete outcome.id;
  ctx.emit({ type: "done", outcome });
  return outcome;
}

async function dispatch(ctx: ActionContext, index: number, action: PlanAction, tally: { attempts: number }): Promise<Settled> {
  if (action.kind === "create") return createResolvingUnknown(ctx, index, action, tally);
  const id = action.id;
  if (action.kind === "update") {
    const body = resolveBodySecrets(action.body, ctx.env ?? process.env, action.name);
    // An update sets values, so repeating one whose outcome is unknown is safe.
    await repeatWhileUnknown(ctx, tally, () => ctx.api.update(id, body));
    return { outcome: "updated", id };
  }
  try {
    await repeatWhileUnknown(ctx, tally, () => ctx.api.remove(id));
    return { outcome: "deleted", id };
  } catch (error) {
    // Not found on delete is success: someone (or our own earlier, unanswered call) removed it.
    if (error instanceof ApiError && error.status === 404) return { outcome: "deleted", id, note: "already gone" };
    throw error;
  }
}

async function repeatWhileUnknown<T>(ctx: ActionContext, tally: { attempts: number }, call: () => Promise<T>): Promise<T> {
  for (;;) {
    tally.attempts++;
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof UnknownOutcomeError) || tally.attempts >= ctx.maxAttempts || ctx.signal?.aborted) throw error;
      ctx.logger.warn({ attempt: tally.attempts, reason: error.message }, "outcome unknown; repeating the idempotent call");
    }
  }
}

/**
 * Create is not idempotent (no idempotency key in the API), so a create whose outcome is unknown is
 * never repeated blindly: a complete read first. Found: it was created. Proven absent: it is tried
 * again after a backoff, within the client's retry policy (--max-retries, --retry-budget), as any
 * retryable call. Neither provable: the outcome stays unknown (resolveUnknown throws).
 */
async function createResolvingUnknown(
  ctx: ActionContext,
  index: number,
  action: CreateAction,
  tally: { attempts: number },
): Promise<Settled> {
  if (!action.body) throw new ValidationError(`the plan's create of "${action.name}" has no body (the plan file is damaged)`);
  const input = resolveBodySecrets(action.body, ctx.env ?? process.env, action.name);
  const { policy, clock } = ctx.createRetry;
  let waitedMs = 0;
  for (;;) {
    tally.attempts++;
    try {
      const created = await ctx.api.create(input);
      return { outcome: "created", id: created.id };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return adoptExisting(ctx, input, error);
      if (!(error instanceof UnknownOutcomeError)) throw error;
      ctx.emit({ type: "resolve", index, name: action.name, reason: error.message });
      ctx.logger.warn(
        { name: action.name, attempt: tally.attempts, reason: error.message },
        "create outcome unknown; reading live state to find out before any retry",
      );
      const found = await resolveUnknown(ctx, input, error);
      if (found) return { outcome: "created", id: found.id, note: "the create succeeded though its reply was lost" };
      if (ctx.signal?.aborted)
        return {
          outcome: "skipped",
          error: toActionError(error),
          note: "the create did not happen; not retried because apply was interrupted",
        };
      const waitMs = backoffMs(tally.attempts, policy, clock.random);
      if (tally.attempts > policy.maxRetries || waitedMs + waitMs > policy.retryBudgetMs)
        throw provenNotCreated(input, tally.attempts, error);
      ctx.logger.warn(
        { name: action.name, attempt: tally.attempts, waitMs },
        "the create did not happen (a complete read proved it); creating again after a wait",
      );
      await clock.sleep(waitMs, ctx.signal).catch(() => undefined);
      waitedMs += waitMs;
      if (ctx.signal?.aborted)
        return {
          outcome: "skipped",
          error: toActionError(error),
          note: "the create did not happen; not retried because apply was interrupted",
        };
    }
  }
}

function provenNotCreated(input: TransformationInput, attempts: number, last: Error): NetworkError {
  // The unknown outcome's own text ("the server may have carried it out") no longer holds: only its cause does.
  const cause = /the outcome is unknown \((.*?)\); the server/.exec(last.message)?.[1] ?? last.message;
  return new NetworkError(
    `creating "${input.name}" failed ${attempts} time(s), the last with ${cause}; ` +
      "each time a complete read of live state proved it was not created, and the retries (--max-retries, --retry-budget) are used up: run apply again",
    { cause: last },
  );
}

/** Reads per unknown outcome before giving up: the read is safe to repeat, the create is not. */
const RESOLVE_READS = 3;

/**
 * Looks for the object an unknown-outcome create may have made. A failed read is repeated (after
 * a short pause): reporting "failed" for an object that exists would send the user to create it
 * again. When every read fails the outcome stays unknown, and the error says so.
 */
async function resolveUnknown(ctx: ActionContext, input: TransformationInput, unknown: Error): Promise<Transformation | undefined> {
  for (let read = 1; ; read++) {
    try {
      // Not stopped by Ctrl-C: a few reads that say whether the object exists are worth finishing.
      return await ctx.resolveUnknownCreate(input, ctx.api, { logger: ctx.logger });
    } catch (error) {
      if (read >= RESOLVE_READS || ctx.signal?.aborted || error instanceof InterruptedError) {
        throw new UnknownOutcomeError(
          `the outcome of creating "${input.name}" is unknown (${unknown.message}), and reading live state to find out failed ${read} time(s) (${toActionError(error).message}); ` +
            "the object may exist: run plan to see, then apply again",
          "POST",
          "/transformations",
          { cause: error },
        );
      }
      ctx.logger.warn(
        { name: input.name, read, reason: toActionError(error).message },
        "reading live state to resolve an unknown create failed; reading again",
      );
      await sleep(RESOLVE_PAUSE_MS * read, undefined, { signal: ctx.signal }).catch(() => undefined);
    }
  }
}

const RESOLVE_PAUSE_MS = 100;

/** "Already exists" on create: take over the object of that name and source when there is exactly that one. */
async function adoptExisting(ctx: ActionContext, input: TransformationInput, conflict: ApiError): Promise<Settled> {
  const found = await ctx.resolveUnknownCreate(input, ctx.api, { signal: ctx.signal, logger: ctx.logger });
  if (!found) throw conflict;
  return { outcome: "adopted", id: found.id, note: "an object of this name already existed; run plan again to see any difference" };
}

/**
 * What a create of `input` would have made, by name and source, from a complete read of the
 * workspace (the plan's own checks: totalEntries, unique ids, the cursor chain, a read again from
 * the start on doubt). A plain paged read is not enough: with offset cursors, a teammate's delete
 * during the read moves the new object onto a page already read, and a second POST would follow.
 */
export async function findCreated(
  input: TransformationInput,
  api: LiveApi,
  options: { signal?: AbortSignal; logger?: Logger } = {},
): Promise<Transformation | undefined> {
  const { items } = await listComplete(api, options);
  return items.find((t) => t.name === input.name && t.sourceId === input.sourceId);
}

/**
 * A write refused for want of permission (401, 403) names the variable the token came from: the
 * commonest cause is a read-only token (the one for plans) where apply needs the write token.
 */
function withTokenHint(error: ActionError, tokenEnv: string | undefined): ActionError {
  if (error.status !== 401 && error.status !== 403) return error;
  const variable = tokenEnv ?? "SEGMENT_API_TOKEN";
  return {
    ...error,
    message: `${error.message} (the token in ${variable} may not write: apply and reconcile need a write token there; a read-only token belongs in planTokenEnv)`,
  };
}

export function toActionError(error: unknown): ActionError {
  if (error instanceof ApiError) {
    const first = error.errors[0];
    const message =
      error.errors.length > 1
        ? error.errors.map((e) => (e.field ? `${e.field}: ${e.message ?? e.type}` : (e.message ?? e.type))).join("; ")
        : (first?.message ?? error.message);
    return { status: error.status, ...(first?.type ? { type: first.type } : {}), ...(first?.field ? { field: first.field } : {}), message };
  }
  if (error instanceof Error) return { message: error.message };
  return { message: String(error) };
}
