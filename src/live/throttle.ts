import type { Logger } from "../log.js";
import type { Clock } from "./clock.js";
import type { RawReply, Send } from "./http-send.js";
import { parseRateLimitResetMs, parseRemaining, parseRetryAfterMs } from "./rate-headers.js";

export interface ThrottleOptions {
  /** Requests per second. */
  rate: number;
  /** Requests that may go at once after an idle spell; default half a second's worth, at least 1. */
  burst?: number;
  /** Hold further requests once `X-RateLimit-Remaining` is at or below this; default 1. */
  lowWater?: number;
  /** Never hold longer than this for one header (a far-off reset is clock skew); default 60 s. */
  maxHoldMs?: number;
  clock: Clock;
  logger: Logger;
  /** Told of each wait worth showing (progress display); logging stays here. */
  onWait?: (waitMs: number, reason: string) => void;
}

/** Pacing waits shorter than this are the normal rhythm of the rate, not worth a progress note. */
const NOTABLE_WAIT_MS = 500;

/**
 * Client-side token bucket plus an adaptive hold. Reservations are taken synchronously (the bucket
 * may go negative), so concurrent callers queue up at the rate instead of racing.
 */
export class Throttle {
  private tokens: number;
  private lastRefill: number;
  private holdUntil = 0;
  private readonly burst: number;
  private readonly lowWater: number;
  private readonly maxHoldMs: number;
  throttledMs = 0;

  constructor(private readonly options: ThrottleOptions) {
    this.burst = Math.max(1, options.burst ?? Math.ceil(options.rate / 2));
    this.tokens = this.burst;
    this.lastRefill = options.clock.now();
    this.lowWater = options.lowWater ?? 1;
    this.maxHoldMs = options.maxHoldMs ?? 60_000;
  }

  /** Waits until a request may be sent. */
  async acquire(signal?: AbortSignal): Promise<void> {
    const { clock } = this.options;
    await this.waitForHold(signal);
    this.refill();
    this.tokens -= 1;
    if (this.tokens < 0) {
      const waitMs = Math.ceil((-this.tokens / this.options.rate) * 1000);
      if (waitMs >= NOTABLE_WAIT_MS) this.options.onWait?.(waitMs, `client rate limit ${this.options.rate}/s`);
      await clock.sleep(waitMs, signal);
      this.throttledMs += waitMs;
      await this.waitForHold(signal);
    }
  }

  /** Holds every request until `untilMs` (epoch ms); a later hold extends, an earlier one is ignored. */
  holdUntilMs(untilMs: number, why: Record<string, unknown>): void {
    const now = this.options.clock.now();
    const capped = Math.min(untilMs, now + this.maxHoldMs);
    if (capped <= this.holdUntil || capped <= now) return;
    this.holdUntil = capped;
    this.options.logger.info({ ...why, holdMs: capped - now }, "API rate limit nearly used up; holding requests until it resets");
  }

  /** Reads the rate-limit headers of a reply and holds when the server's budget is (nearly) gone. */
  observe(reply: RawReply): void {
    const now = this.options.clock.now();
    if (reply.status === 429) {
      const retryAfterMs = parseRetryAfterMs(reply.headers.get("retry-after"), now);
      if (retryAfterMs !== undefined) this.holdUntilMs(now + retryAfterMs, { status: 429, retryAfterMs });
      return;
    }
    const remaining = parseRemaining(reply.headers.get("x-ratelimit-remaining"));
    if (remaining === undefined || remaining > this.lowWater) return;
    const resetMs = parseRateLimitResetMs(reply.headers.get("x-ratelimit-reset"), now);
    if (resetMs !== undefined) this.holdUntilMs(resetMs, { remaining });
  }

  private async waitForHold(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const holdMs = this.holdUntil - this.options.clock.now();
      if (holdMs <= 0) return;
      this.options.onWait?.(holdMs, "server rate limit");
      await this.options.clock.sleep(holdMs, signal);
      this.throttledMs += holdMs;
    }
  }

  private refill(): void {
    const now = this.options.clock.now();
    const elapsedMs = Math.max(0, now - this.lastRefill);
    this.tokens = Math.min(this.burst, this.tokens + (elapsedMs * this.options.rate) / 1000);
    this.lastRefill = now;
  }
}

/** Wraps one send: wait for the bucket before it, read the rate-limit headers after it. */
export function withThrottle(send: Send, throttle: Throttle): Send {
  return async (request) => {
    await throttle.acquire(request.signal);
    const reply = await send(request);
    throttle.observe(reply);
    return reply;
  };
}
