import { InterruptedError, NetworkError, UnknownOutcomeError } from "../errors.js";
import type { Logger } from "../log.js";
import type { Clock } from "./clock.js";
import { TransportFailure, type ApiRequest, type RawReply, type Send } from "./http-send.js";
import { msBeforeNextFromBody, parseRetryAfterMs } from "./rate-headers.js";

export interface RetryPolicy {
  maxRetries: number;
  /** Total wait between the attempts of one call. */
  retryBudgetMs: number;
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

type Decision = { kind: "done" } | { kind: "retry"; waitMs: number; reason: string } | { kind: "unknown" };

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
export function classifyReply(request: ApiRequest, reply: RawReply, attempt: number, policy: RetryPolicy, nowMs: number, random: () => number): Decision {
  if (request.method === "POST" && POST_UNKNOWN_STATUSES.has(reply.status)) return { kind: "unknown" };
  if (!RETRY_STATUSES.has(reply.status)) return { kind: "done" };
  const retryAfterMs = parseRetryAfterMs(reply.headers.get("retry-after"), nowMs);
  if (retryAfterMs !== undefined) return { kind: "retry", waitMs: retryAfterMs, reason: "retry-after" };
  const fromBody = reply.status === 429 ? msBeforeNextFromBody(reply.text) : undefined;
  if (fromBody !== undefined) return { kind: "retry", waitMs: fromBody, reason: "msBeforeNext" };
  return { kind: "retry", waitMs: backoffMs(attempt, policy, random), reason: "backoff" };
}

function classifyFailure(request: ApiRequest, failure: TransportFailure, attempt: number, policy: RetryPolicy, random: () => number): Decision {
  if (request.method === "POST" && failure.maybeSent) return { kind: "unknown" };
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
  return new NetworkError(`${request.method} ${request.path} failed: ${failure.message} after ${attempts} attempt(s); check the API URL and your network.`, { cause: failure });
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

/** Why retrying stops before this wait, or undefined to go on. */
function giveUpReason(attempt: number, waitedMs: number, waitMs: number, policy: RetryPolicy): string | undefined {
  if (attempt > policy.maxRetries) return `gave up after ${attempt} attempt(s) (--max-retries ${policy.maxRetries})`;
  if (waitedMs + waitMs > policy.retryBudgetMs) {
    return `gave up after ${attempt} attempt(s): waiting ${Math.ceil(waitMs / 1000)} s more would exceed the retry budget of ${Math.round(policy.retryBudgetMs / 1000)} s (--retry-budget)`;
  }
  return undefined;
}

/** Wraps one send with retries; callers never loop. */
export function withRetry(send: Send, deps: RetryDeps): (request: ApiRequest) => Promise<RetriedReply> {
  const { policy, clock, logger, stats } = deps;
  return async (request) => {
    let waitedMs = 0;
    for (let attempt = 1; ; attempt++) {
      const { reply, failure, decision } = await attemptOnce(send, request, attempt, deps);
      if (decision.kind === "unknown") throw unknownOutcome(request, reply ? `HTTP ${reply.status}` : (failure?.message ?? "network error"), failure);
      const gaveUp = decision.kind === "done" ? undefined : giveUpReason(attempt, waitedMs, decision.waitMs, policy);
      if (decision.kind === "done" || gaveUp !== undefined) {
        if (reply) return { ...reply, attempts: attempt, ...(gaveUp !== undefined ? { gaveUp } : {}) };
        throw finalFailure(request, failure as TransportFailure, attempt);
      }
      logger.warn(
        { method: request.method, path: request.path, status: reply?.status ?? failure?.code, attempt, waitMs: decision.waitMs, reason: decision.reason },
        "API call failed for now; waiting before retrying",
      );
      deps.onWait?.(decision.waitMs, `${reply?.status ?? failure?.code ?? "error"} ${decision.reason}`);
      await clock.sleep(decision.waitMs, request.signal);
      waitedMs += decision.waitMs;
      stats.waitedMs += decision.waitMs;
      stats.retries += 1;
    }
  };
}
