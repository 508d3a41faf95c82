import type { RateLimitConfig } from "./types.js";

export interface RateDecision {
  allowed: boolean;
  /** Headers the real service sends (https://docs.segmentapis.com/tag/Rate-Limits). */
  headers: Record<string, string>;
  /** When refused: wait before the next token, ms. */
  msBeforeNext: number;
  consumed: number;
}

/** Reported when the limit is off: a notional bucket that never empties. */
const UNLIMITED_REMAINING = 1000;

/**
 * A token bucket per workspace: `requestsPerSecond` refill, `burst` capacity. Off (null or rate 0)
 * still answers the headers, with a notional remaining of 1000 and a reset at the next second.
 */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  private config: Required<RateLimitConfig> | null = null;

  constructor(config: RateLimitConfig | null | undefined, private readonly now: () => number = Date.now) {
    this.set(config ?? null);
  }

  set(config: RateLimitConfig | null): void {
    this.buckets.clear();
    this.config = config && config.requestsPerSecond > 0 ? { requestsPerSecond: config.requestsPerSecond, burst: config.burst && config.burst > 0 ? config.burst : Math.max(1, config.requestsPerSecond) } : null;
  }

  take(workspaceId: string): RateDecision {
    const now = this.now();
    if (!this.config) {
      return { allowed: true, msBeforeNext: 0, consumed: 0, headers: headers(0, UNLIMITED_REMAINING, Math.ceil((now + 1) / 1000) * 1000) };
    }
    const { requestsPerSecond: rate, burst } = this.config;
    const bucket = this.buckets.get(workspaceId) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(workspaceId, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const consumed = Math.ceil(burst - bucket.tokens);
    const msBeforeNext = allowed ? 0 : Math.ceil(((1 - bucket.tokens) / rate) * 1000);
    const fullAt = now + ((burst - bucket.tokens) / rate) * 1000;
    return { allowed, msBeforeNext, consumed, headers: headers(consumed, Math.floor(bucket.tokens), Math.ceil(fullAt / 1000) * 1000) };
  }
}

function headers(consumed: number, remaining: number, resetAtMs: number): Record<string, string> {
  return {
    "x-ratelimit-consumed": String(consumed),
    "x-ratelimit-remaining": String(Math.max(0, remaining)),
    // RFC 5322 date, e.g. "Tue, 05 Nov 2024 10:00:01 GMT" (Date#toUTCString is that format).
    "x-ratelimit-reset": new Date(resetAtMs).toUTCString(),
  };
}
