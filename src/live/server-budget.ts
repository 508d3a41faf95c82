import { parseRateLimitResetMs, parseRemaining } from "./rate-headers.js";

/**
 * What the server last said of its budget: `X-RateLimit-Remaining` requests until
 * `X-RateLimit-Reset` (Segment sends both on every success;
 * https://docs.segmentapis.com/tag/Rate-Limits). Pure: the time and the number of requests in flight are passed in.
 */

/** The pacer's instruction: send at most `rate` per second, or send nothing before `untilMs`. */
export type BudgetAdvice = { kind: "unknown" } | { kind: "rate"; rate: number } | { kind: "wait"; untilMs: number };

/** The Reset header has whole-second resolution; a reset closer than this is read as this far. */
const MIN_TIME_TO_RESET_MS = 50;

export interface BudgetOptions {
  /** Requests kept in hand, never spent from the budget (other tools may share the token); default 1. */
  reserve: number;
  /** A reset further off than this is read as this far (a lying or skewed clock); ms. */
  maxAheadMs: number;
}

export class ServerBudget {
  private remaining = 0;
  private resetAtMs = 0;
  /** Largest budget seen (`remaining + 1`: Remaining is counted after the request it answers). */
  private limit = 0;
  /** True once any reply carried `X-RateLimit-Remaining`. */
  known = false;
  /**
   * True once the reset time moved while both the old and the new one were still ahead: the budget
   * refills continuously (a token bucket, reset = when full) rather than at the end of a fixed window.
   */
  refills = false;

  constructor(private readonly options: BudgetOptions) {}

  /** Reads the headers of one reply; returns whether they said anything. */
  observe(headers: Headers, nowMs: number): boolean {
    const remaining = parseRemaining(headers.get("x-ratelimit-remaining"));
    if (remaining === undefined) return false;
    const reset = parseRateLimitResetMs(headers.get("x-ratelimit-reset"), nowMs);
    // Without a reset time the budget is read as lasting a second (the shortest window Segment could mean).
    const resetAtMs = Math.min(reset ?? nowMs + 1000, nowMs + this.options.maxAheadMs);
    if (this.known && resetAtMs > nowMs && this.resetAtMs > nowMs && resetAtMs !== this.resetAtMs) this.refills = true;
    this.known = true;
    this.remaining = Math.max(0, remaining);
    this.resetAtMs = resetAtMs;
    this.limit = Math.max(this.limit, this.remaining + 1);
    return true;
  }

  /**
   * Spread what is left over the time to the reset. Requests in flight are counted as spent (the
   * reply that said `remaining` may not have counted them), and `reserve` stays unspent. Once the
   * reset has passed, a few requests go at once and their replies tell the new budget.
   */
  advise(nowMs: number, inFlight: number): BudgetAdvice {
    if (!this.known) return { kind: "unknown" };
    const reserve = Math.min(this.options.reserve, this.limit - 1);
    if (nowMs >= this.resetAtMs) {
      // A new budget, of unknown reset: a few requests go to learn it (a tenth of the last), not a burst.
      return inFlight < Math.max(1, Math.floor(this.limit / 10)) ? { kind: "rate", rate: Infinity } : { kind: "wait", untilMs: Infinity };
    }
    const available = this.remaining - inFlight - reserve;
    const timeToReset = Math.max(this.resetAtMs - nowMs, MIN_TIME_TO_RESET_MS);
    // A refilling budget also gains what it lacks of full by the reset, at an even pace.
    const refill = this.refills ? this.limit - this.remaining : 0;
    if (available <= 0 && refill <= 0) return { kind: "wait", untilMs: this.resetAtMs };
    return { kind: "rate", rate: ((Math.max(0, available) + refill) * 1000) / timeToReset };
  }

  /** What the last reply's `X-RateLimit-Remaining` said (0 before any). */
  get lastRemaining(): number {
    return this.remaining;
  }

  /** For logs: what the server last said. */
  describe(): { remaining: number; resetAt: string } {
    return { remaining: this.remaining, resetAt: new Date(this.resetAtMs).toISOString() };
  }
}
