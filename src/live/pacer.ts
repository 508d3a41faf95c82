import type { Logger } from "../log.js";
import type { Clock } from "./clock.js";
import { CubicRate } from "./cubic-rate.js";
import type { RawReply, Send } from "./http-send.js";
import { msBeforeNextFromBody, parseRetryAfterMs } from "./rate-headers.js";
import { ServerBudget } from "./server-budget.js";

export interface PacerOptions {
  clock: Clock;
  logger: Logger;
  /** `--rate`: never more requests per second than this; default none. */
  ceiling?: number;
  /** Rate before any reply said anything, and the start of the probe of a server without headers; default 10/s. */
  startRate?: number;
  /** Requests of the server's budget kept unspent; default 1. */
  reserve?: number;
  /** Cap of one wait for a reset or a `Retry-After` (a far-off time is a lie or clock skew); default 60 s. */
  maxHoldMs?: number;
  /** Told of each wait worth showing (progress display); logging stays here. */
  onWait?: (waitMs: number, reason: string) => void;
}

/** Segment states a default limit above 600 requests/minute; 10/s is safely under it, and only the start. */
export const DEFAULT_START_RATE = 10;
export const DEFAULT_MAX_HOLD_MS = 60_000;
/** Pacing waits shorter than this are the normal rhythm of the rate, not worth a progress note. */
const NOTABLE_WAIT_MS = 500;
/** Sends may run this far ahead of their spacing, so timer lateness does not cost throughput. */
const TOLERANCE_MS = 25;
/** The send rate is measured over buckets of this length and smoothed (AWS SDK: 0.5 s, 0.8). */
const MEASURE_BUCKET_MS = 500;
const MEASURE_SMOOTHING = 0.8;

/**
 * Paces requests from what the server says (docs/pacing.md): the budget of the last reply's
 * `X-RateLimit-Remaining` spread over the time to `X-RateLimit-Reset`; on a 429 a hold for its
 * `Retry-After` and a CUBIC cut of the rate; with no headers at all, a CUBIC probe from `startRate`.
 * `--rate` is only a ceiling. Callers queue in order; only the first of them waits on the clock.
 */
export class Pacer {
  private readonly budget: ServerBudget;
  private readonly cubic: CubicRate;
  private readonly maxHoldMs: number;
  private queue: Promise<void> = Promise.resolve();
  private lastSendMs = -Infinity;
  private holdUntil = 0;
  private loggedHoldUntil = 0;
  private inFlight = 0;
  private measured = 0;
  private bucketStart: number;
  private bucketCount = 0;
  private wake: () => void = () => undefined;
  private changed: Promise<void> = Promise.resolve();
  /** Time callers spent waiting here, ms. */
  throttledMs = 0;
  /** Most requests in flight at once. */
  peakInFlight = 0;

  constructor(private readonly options: PacerOptions) {
    const now = options.clock.now();
    this.maxHoldMs = options.maxHoldMs ?? DEFAULT_MAX_HOLD_MS;
    this.budget = new ServerBudget({ reserve: options.reserve ?? 0, maxAheadMs: this.maxHoldMs });
    this.cubic = new CubicRate(options.startRate ?? DEFAULT_START_RATE, now);
    this.bucketStart = now;
    this.rearm();
  }

  /** Waits until a request may be sent, then counts it in flight; pair with `done()`. */
  async acquire(signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(() => this.waitForSlot(signal));
    this.queue = turn.catch(() => undefined);
    await turn;
  }

  /** A request ended; `reply` is its answer, if one came. */
  done(reply?: RawReply): void {
    this.inFlight -= 1;
    if (reply) this.observe(reply);
    this.notify();
  }

  /** The last `X-RateLimit-Remaining` the server sent, if it sent one. */
  rateLimitRemaining(): number | undefined {
    return this.budget.known ? this.budget.lastRemaining : undefined;
  }

  /** The rate allowed now, requests per second (Infinity: as fast as the budget window lets). */
  rate(): number {
    const now = this.options.clock.now();
    const advice = this.budget.advise(now, this.inFlight);
    const own = this.budget.known && this.cubic.throttles === 0 ? Infinity : this.cubicRate(now);
    const fromServer = advice.kind === "rate" ? advice.rate : Infinity;
    return Math.min(this.options.ceiling ?? Infinity, own, fromServer);
  }

  private cubicRate(now: number): number {
    // As the AWS SDK does: never more than twice what is actually sent, so an idle spell is no licence to burst.
    const start = this.options.startRate ?? DEFAULT_START_RATE;
    return Math.min(this.cubic.rateAt(now), Math.max(start, 2 * this.measured));
  }

  private async waitForSlot(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.options.clock.now();
      const blockedUntil = this.blockedUntil(now);
      const rate = this.rate();
      const next = Math.max(blockedUntil, this.lastSendMs + 1000 / rate - TOLERANCE_MS);
      if (next <= now) {
        this.lastSendMs = Math.max(this.lastSendMs + 1000 / rate, now - TOLERANCE_MS);
        this.sent(now);
        return;
      }
      await this.pause(
        Math.min(next - now, this.maxHoldMs),
        blockedUntil > now ? "server rate limit" : `pacing at ${rate.toFixed(1)}/s`,
        signal,
      );
    }
  }

  /** Until when nothing may be sent: a 429's hold, or the budget is spent until its reset. */
  private blockedUntil(now: number): number {
    const advice = this.budget.advise(now, this.inFlight);
    if (advice.kind !== "wait") return this.holdUntil;
    // Spent with requests still out: their replies may say more, so wait for them (pause wakes on each).
    const until = Math.min(advice.untilMs, now + this.maxHoldMs);
    if (this.inFlight === 0 && until > this.loggedHoldUntil && until - now >= NOTABLE_WAIT_MS) {
      this.loggedHoldUntil = until;
      this.options.logger.info(
        { ...this.budget.describe(), holdMs: until - now },
        "API rate limit nearly used up; holding requests until it resets",
      );
    }
    return Math.max(this.holdUntil, until);
  }

  private sent(now: number): void {
    this.inFlight += 1;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
    this.bucketCount += 1;
    if (now - this.bucketStart >= MEASURE_BUCKET_MS) {
      const current = (this.bucketCount * 1000) / (now - this.bucketStart);
      this.measured = MEASURE_SMOOTHING * current + (1 - MEASURE_SMOOTHING) * this.measured;
      this.bucketStart = now;
      this.bucketCount = 0;
    }
  }

  private observe(reply: RawReply): void {
    const now = this.options.clock.now();
    this.budget.observe(reply.headers, now);
    if (reply.status !== 429) return;
    const before = this.rate();
    const sending = this.measured > 0 ? this.measured : Math.min(before, this.options.startRate ?? DEFAULT_START_RATE);
    const after = this.cubic.throttled(sending, now);
    const waitMs = parseRetryAfterMs(reply.headers.get("retry-after"), now) ?? msBeforeNextFromBody(reply.text);
    const holdMs = Math.min(waitMs ?? 0, this.maxHoldMs);
    if (now + holdMs > this.holdUntil) this.holdUntil = now + holdMs;
    this.options.logger.info(
      { status: 429, holdMs, rate: Number(after.toFixed(2)), measuredRate: Number(this.measured.toFixed(2)) },
      "API answered 429; holding requests and slowing down",
    );
  }

  /** Sleeps up to `ms`, or less when a reply changes what is known. */
  private async pause(ms: number, reason: string, signal?: AbortSignal): Promise<void> {
    const { clock } = this.options;
    if (ms >= NOTABLE_WAIT_MS) {
      this.options.logger.debug({ waitMs: Math.round(ms), reason }, "waiting before calling the API");
      this.options.onWait?.(ms, reason);
    }
    const local = new AbortController();
    const both = signal ? AbortSignal.any([signal, local.signal]) : local.signal;
    const started = clock.now();
    const slept = clock.sleep(ms, both).catch((error: unknown) => {
      if (signal?.aborted) throw error;
    });
    try {
      await Promise.race([slept, this.inFlight > 0 ? this.changed : new Promise<never>(() => undefined)]);
    } finally {
      local.abort();
      this.throttledMs += clock.now() - started;
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.rearm();
    wake();
  }

  private rearm(): void {
    this.changed = new Promise((resolve) => (this.wake = resolve));
  }
}

/** Wraps one send: wait for the pacer before it, tell the pacer what the reply said after it. */
export function withPacer(send: Send, pacer: Pacer): Send {
  return async (request) => {
    await pacer.acquire(request.signal);
    let reply: RawReply | undefined;
    try {
      reply = await send(request);
      return reply;
    } finally {
      pacer.done(reply);
    }
  };
}
