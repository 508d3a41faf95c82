/**
 * The client's own rate estimate, CUBIC-style as in the AWS SDKs' "adaptive" retry mode: a 429 cuts
 * the rate to `BETA` times the rate being sent, then the rate grows back along a cubic curve that is
 * flat near the old maximum (careful where the last 429 came from) and steep away from it (probing
 * quickly once the old maximum holds). Why CUBIC rather than AIMD: additive increase climbs back
 * linearly, so after one 429 at 50 requests/s it takes tens of seconds to return; the cubic returns
 * to the old maximum in `K` seconds whatever the rate (about 3 s at 50/s), then probes beyond it.
 *
 * Pure: every method takes the time in ms, so tests drive it with numbers.
 */

/** Multiplicative decrease after a 429 (AWS SDK and CUBIC: 0.7). */
export const CUBIC_BETA = 0.7;
/** Scale of the cubic growth (AWS SDK: 0.4). */
export const CUBIC_C = 0.4;
/** Never slower than this, requests per second (AWS SDK: 0.5). */
export const MIN_RATE = 0.5;

export class CubicRate {
  private lastMaxRate: number;
  private lastThrottleMs: number;
  /** Seconds the cubic needs to climb from `BETA * lastMaxRate` back to `lastMaxRate`. */
  private windowS = 0;
  /** Number of 429s seen. */
  throttles = 0;

  /**
   * Starts as if a 429 had just ended at `startRate`, at the flat part of the curve: the rate stays
   * near `startRate` for a moment, then probes upward.
   */
  constructor(startRate: number, nowMs: number) {
    this.lastMaxRate = startRate;
    this.lastThrottleMs = nowMs;
  }

  /** The rate the cubic allows at `nowMs`, requests per second. */
  rateAt(nowMs: number): number {
    const t = (nowMs - this.lastThrottleMs) / 1000 - this.windowS;
    return Math.max(MIN_RATE, CUBIC_C * t ** 3 + this.lastMaxRate);
  }

  /** A 429 at `nowMs` while sending at `sendingRate`: remember it as the maximum and cut. Returns the new rate. */
  throttled(sendingRate: number, nowMs: number): number {
    const base = Math.max(MIN_RATE, Math.min(sendingRate, this.rateAt(nowMs)));
    this.throttles += 1;
    this.lastMaxRate = base;
    this.windowS = Math.cbrt((base * (1 - CUBIC_BETA)) / CUBIC_C);
    this.lastThrottleMs = nowMs;
    return this.rateAt(nowMs);
  }
}
