/**
 * How many reads (`get`) may be in flight: a window that follows the server instead of a fixed
 * number (issue 25). It starts at `start` and, while nothing says the server is limited, grows by one
 * per read answered (so it doubles per round trip, as TCP's slow start) until the latency of the
 * reads rises: a reply taking over LATENCY_RISE times the fastest one means requests now queue at the
 * server (or the network), so more in flight would add waiting, not throughput, and the window
 * holds. A 429 halves it; an `X-RateLimit-Remaining` caps it at what is left of the budget (the
 * pacer, src/live/pacer.ts, still spaces every request: the window only bounds what waits for it).
 *
 * Pure: the caller passes each reply's latency and what the client's statistics say.
 */

/** Reads in flight before anything is known (the fixed default before issue 25). */
export const READ_WINDOW_START = 8;
/** Never more than this in flight, whatever the server allows (sockets and memory stay bounded). */
export const READ_WINDOW_MAX = 128;
/** A reply slower than this many times the fastest one seen means requests queue somewhere. */
export const LATENCY_RISE = 2;

export interface ReadSignals {
  /** How long the read took, ms. */
  latencyMs: number;
  /** Replies answered 429 so far (the client's `stats().byStatus["429"]`). */
  throttled: number;
  /** The last `X-RateLimit-Remaining`, when the server sends one. */
  remaining?: number;
}

export class ReadWindow {
  private window: number;
  private fastestMs = Infinity;
  private throttledSeen = 0;
  private remaining: number | undefined;

  constructor(
    private readonly max: number = READ_WINDOW_MAX,
    start: number = READ_WINDOW_START,
  ) {
    this.window = Math.max(1, Math.min(start, max));
  }

  /** Reads that may be in flight now. */
  size(): number {
    const budget = this.remaining === undefined ? Infinity : Math.max(1, this.remaining);
    return Math.max(1, Math.min(this.window, budget));
  }

  /** One read answered (or failed with a reply): what it says of the server. */
  observe(signals: ReadSignals): void {
    this.remaining = signals.remaining;
    if (signals.throttled > this.throttledSeen) {
      this.throttledSeen = signals.throttled;
      this.window = Math.max(1, Math.floor(this.window / 2));
      return;
    }
    this.fastestMs = Math.min(this.fastestMs, signals.latencyMs);
    if (signals.latencyMs > LATENCY_RISE * Math.max(this.fastestMs, 1)) return;
    this.window = Math.min(this.max, this.window + 1);
  }
}
