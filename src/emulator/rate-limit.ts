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

interface Limit {
  rate: number;
  burst: number;
  /** Fixed-window length, ms; undefined for a token bucket. */
  windowMs?: number;
}

function normalize(config: RateLimitConfig | null): Limit | null {
  if (!config || config.requestsPerSecond <= 0) return null;
  const rate = config.requestsPerSecond;
  if (config.windowSeconds !== undefined && config.windowSeconds > 0) {
    const windowMs = Math.round(config.windowSeconds * 1000);
    return { rate, burst: Math.max(1, Math.round((rate * windowMs) / 1000)), windowMs };
  }
  return { rate, burst: config.burst && config.burst > 0 ? config.burst : Math.max(1, rate) };
}

/**
 * A limit per workspace that the client is not told, only shown through the headers: a token bucket
 * (`requestsPerSecond` refill, `burst` capacity; Reset = when the bucket is full again), or with
 * `windowSeconds` fixed windows aligned to the epoch (Consumed = requests of the current window,
 * Reset = its end), which is what Segment's headers describe. Off (null or rate 0) still answers
 * the headers, with a notional remaining of 1000 and a reset at the next second.
 */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  private windows = new Map<string, { index: number; consumed: number }>();
  private limit: Limit | null = null;

  constructor(
    config: RateLimitConfig | null | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.set(config ?? null);
  }

  set(config: RateLimitConfig | null): void {
    this.buckets.clear();
    this.windows.clear();
    this.limit = normalize(config);
  }

  take(workspaceId: string): RateDecision {
    const now = this.now();
    if (!this.limit) {
      return { allowed: true, msBeforeNext: 0, consumed: 0, headers: headers(0, UNLIMITED_REMAINING, Math.ceil((now + 1) / 1000) * 1000) };
    }
    return this.limit.windowMs === undefined
      ? this.takeToken(workspaceId, now, this.limit)
      : this.takeWindow(workspaceId, now, this.limit.burst, this.limit.windowMs);
  }

  private takeToken(workspaceId: string, now: number, { rate, burst }: Limit): RateDecision {
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

  /** As rate-limiter-flexible counts: a refused request is counted in the window too. */
  private takeWindow(workspaceId: string, now: number, points: number, windowMs: number): RateDecision {
    const index = Math.floor(now / windowMs);
    const current = this.windows.get(workspaceId);
    const window = current && current.index === index ? current : { index, consumed: 0 };
    this.windows.set(workspaceId, window);
    window.consumed += 1;
    const allowed = window.consumed <= points;
    const resetAt = (index + 1) * windowMs;
    return {
      allowed,
      msBeforeNext: allowed ? 0 : resetAt - now,
      consumed: window.consumed,
      headers: headers(window.consumed, points - window.consumed, resetAt),
    };
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
