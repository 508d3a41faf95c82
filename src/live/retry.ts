import { InterruptedError, NetworkError, UnknownOutcomeError } from "../errors.js";
import type { Logger } from "../log.js";
import type { Clock } from "./clock.js";
import { TransportFailure, type ApiRequest, type RawReply, type Send } from "./http-send.js";
import { msBeforeNextFromBody, parseRetryAfterMs } from "./rate-headers.js";

/**
 * Total wait for 429s of one call: a 429 means the call was not carried out, so it is always safe
 * to repeat, and a server that rate-limits a busy workspace for a minute or two must not fail an
 * apply half-way. Retry-After is honoured while the waits fit in this budget.
 */
export const DEFAULT_RATE_LIMIT_BUDGET_MS = 5 * 60_000;

export interface RetryPolicy {
  /** Retries of one call after 5xx and network errors (429s are not counted: rateLimitBudgetMs bounds them). */
  maxRetries: number;
  /** Total wait between the attempts of one call, 429s excepted. */
  retryBudgetMs: number;
  /** Total wait for 429s of one call; default DEFAULT_RATE_LIMIT_BUDGET_MS. */
  rateLimitBudgetMs?: number;
  /** First backoff step; doubles per attempt (full jitter). */
  retryBaseMs?: number;
  /** Cap of one computed backoff wait. A server's `Retry-After` is honoured as long as the budget allows. */
  maxWaitMs?: number;
}

export interface RetryStats {
  retries: number;
  waitedMs: number;
  /** Replies by HTTP status (`"200"`, `"429"`), plus `"network"` for failed attempts. */
  byStatus: Record<string, number>;
}

/** A reply after retries; `attempts` counts every try, `gaveUp` says why retrying stopped early. */
export interface RetriedReply extends RawReply {
  attempts: number;
  gaveUp?: string;
}

type Decision = { kind: "done" } | { kind: "retry"; waitMs: number; reason: string; rateLimited?: boolean } | { kind: "unknown" };

/**
 * Retried for every method. 500 is added for GET, PATCH and DELETE, as octokit does: a GET is
 * harmless to repeat, and a PATCH or DELETE repeated lands on the same end state.
 */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
/** 5xx on a POST: the server may have created the object before failing, so it is never repeated. */
const POST_UNKNOWN_STATUSES = new Set([500, 502, 503, 504]);

export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const base = policy.retryBaseMs ?? 1000;
  const cap = policy.maxWaitMs ?? 30_000;
  return Math.round(random() * Math.min(cap, base * 2 ** (attempt - 1)));
}

/** What to do with one reply. Pure but for the clock value and random draw passed in. */
export function classifyReply(
  request: ApiRequest,
  reply: RawReply,
  attempt: number,
  policy: RetryPolicy,
  nowMs: number,
  random: () => number,
): Decision {
  if (request.method === "POST" && !request.readOnly && POST_UNKNOWN_STATUSES.has(reply.status)) return { kind: "unknown" };
  if (!RETRY_STATUSES.has(reply.status)) return { kind: "done" };
  const rateLimited = reply.status === 429;
  const retryAfterMs = parseRetryAfterMs(reply.headers.get("retry-after"), nowMs);
  if (retryAfterMs !== undefined) return { kind: "retry", waitMs: retryAfterMs, reason: "retry-after", rateLimited };
  const fromBody = rateLimited ? msBeforeNextFromBody(reply.text) : undefined;
  if (fromBody !== undefined) return { kind: "retry", waitMs: fromBody, reason: "msBeforeNext", rateLimited };
  return { kind: "retry", waitMs: backoffMs(attempt, policy, random), reason: "backoff", rateLimited };
}

function classifyFailure(
  request: ApiRequest,
  failure: TransportFailure,
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
): Decision {
  if (request.method === "POST" && !request.readOnly && failure.maybeSent) return { kind: "unknown" };
  if (failure.aborted || failure.code === "ENOTFOUND" || failure.code === "REPLY_TOO_LARGE") return { kind: "done" };
  return { kind: "retry", waitMs: backoffMs(attempt, policy, random), reason: failure.code };
}

function unknownOutcome(request: ApiRequest, what: string, cause?: unknown): UnknownOutcomeError {
  return new UnknownOutcomeError(
    `${request.method} ${request.path}: the outcome is unknown (${what}); the server may have carried it out. Read live state before trying again.`,
    request.method,
    request.path,
    { cause },
  );
}

function finalFailure(request: ApiRequest, failure: TransportFailure, attempts: number): Error {
  if (failure.aborted) return new InterruptedError(`${request.method} ${request.path} was interrupted.`, { cause: failure });
  return new NetworkError(
    `${request.method} ${request.path} failed: ${failure.message} after ${attempts} attempt(s); check the API URL and your network.`,
    { cause: failure },
  );
}

export interface RetryDeps {
  policy: RetryPolicy;
  clock: Clock;
  logger: Logger;
  stats: RetryStats;
  /** Told of each retry wait (progress display); the log line is written here regardless. */
  onWait?: (waitMs: number, reason: string) => void;
}

/** The result of one attempt: the reply or the failure, and what to do next. */
interface Attempt {
  reply?: RawReply;
  failure?: TransportFailure;
  decision: Decision;
}

async function attemptOnce(send: Send, request: ApiRequest, attempt: number, deps: RetryDeps): Promise<Attempt> {
  const { policy, clock, stats } = deps;
  const count = (key: string): void => {
    stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
  };
  try {
    const reply = await send(request);
    count(String(reply.status));
    return { reply, decision: classifyReply(request, reply, attempt, policy, clock.now(), clock.random) };
  } catch (error) {
    if (!(error instanceof TransportFailure)) throw error;
    count("network");
    return { failure: error, decision: classifyFailure(request, error, attempt, policy, clock.random) };
  }
}

/** What one call has spent so far: 429s apart from the rest, each against its own bound. */
interface Spent {
  retries: number;
  waitedMs: number;
  rateLimitWaitedMs: number;
}

/** Why retrying stops before this wait, or undefined to go on. */
function giveUpReason(
  attempt: number,
  spent: Spent,
  decision: { waitMs: number; rateLimited?: boolean },
  policy: RetryPolicy,
): string | undefined {
  const { waitMs } = decision;
  if (decision.rateLimited) {
    const budgetMs = policy.rateLimitBudgetMs ?? DEFAULT_RATE_LIMIT_BUDGET_MS;
    if (spent.rateLimitWaitedMs + waitMs <= budgetMs) return undefined;
    return `gave up after ${attempt} attempt(s): waiting ${Math.ceil(waitMs / 1000)} s more for the rate limit would exceed its rate-limit budget of ${Math.round(budgetMs / 1000)} s`;
  }
  if (spent.retries >= policy.maxRetries) return `gave up after ${attempt} attempt(s) (--max-retries ${policy.maxRetries})`;
  if (spent.waitedMs + waitMs > policy.retryBudgetMs) {
    return `gave up after ${attempt} attempt(s): waiting ${Math.ceil(waitMs / 1000)} s more would exceed the retry budget of ${Math.round(policy.retryBudgetMs / 1000)} s (--retry-budget)`;
  }
  return undefined;
}

/** Wraps one send with retries; callers never loop. */
export function withRetry(send: Send, deps: RetryDeps): (request: ApiRequest) => Promise<RetriedReply> {
  const { policy, clock, logger, stats } = deps;
  return async (request) => {
    const spent: Spent = { retries: 0, waitedMs: 0, rateLimitWaitedMs: 0 };
    for (let attempt = 1; ; attempt++) {
      // The backoff step grows with the retries of 5xx and network errors only.
      const { reply, failure, decision } = await attemptOnce(send, request, spent.retries + 1, deps);
      if (decision.kind === "unknown")
        throw unknownOutcome(request, reply ? `HTTP ${reply.status}` : (failure?.message ?? "network error"), failure);
      const gaveUp = decision.kind === "done" ? undefined : giveUpReason(attempt, spent, decision, policy);
      if (decision.kind === "done" || gaveUp !== undefined) {
        if (reply) return { ...reply, attempts: attempt, ...(gaveUp !== undefined ? { gaveUp } : {}) };
        throw finalFailure(request, failure as TransportFailure, attempt);
      }
      logger.warn(
        {
          method: request.method,
          path: request.path,
          status: reply?.status ?? failure?.code,
          attempt,
          waitMs: decision.waitMs,
          reason: decision.reason,
        },
        "API call failed for now; waiting before retrying",
      );
      deps.onWait?.(decision.waitMs, `${reply?.status ?? failure?.code ?? "error"} ${decision.reason}`);
      await clock.sleep(decision.waitMs, request.signal);
      if (decision.rateLimited) spent.rateLimitWaitedMs += decision.waitMs;
      else {
        spent.retries += 1;
        spent.waitedMs += decision.waitMs;
      }
      stats.waitedMs += decision.waitMs;
      stats.retries += 1;
    }
  };
}
