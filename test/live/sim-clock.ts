import type { Clock } from "../../src/live/clock.js";
import { InterruptedError } from "../../src/errors.js";

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/**
 * A scripted clock for concurrent code: `sleep` registers a timer, and `run` moves time from one timer
 * to the next once every promise that can settle has settled. Many callers can wait at once, unlike
 * helpers' fakeClock (whose sleeps return at once). Nothing real is waited for.
 */
export class SimClock implements Clock {
  private time: number;
  private seq = 0;
  private timers: Timer[] = [];

  constructor(start = Date.parse("2026-01-01T00:00:00Z")) {
    this.time = start;
  }

  now = (): number => this.time;
  random = (): number => 0.5;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted) return Promise.reject(new InterruptedError("interrupted"));
    return new Promise((resolve, reject) => {
      const timer: Timer = { at: this.time + Math.max(0, ms), seq: this.seq++, resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        "abort",
        () => {
          this.timers = this.timers.filter((t) => t !== timer);
          reject(new InterruptedError("interrupted"));
        },
        { once: true },
      );
    });
  };

  /** Runs until `work` settles, moving time forward; fails if simulated time passes `limitMs`. */
  async run<T>(work: Promise<T>, limitMs = 3_600_000): Promise<T> {
    let done = false;
    const result = work.finally(() => (done = true));
    const end = this.time + limitMs;
    for (;;) {
      await settle();
      if (done) return result;
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const timer = this.timers.shift();
      if (!timer) throw new Error("SimClock: work is stuck with no timer pending");
      if (timer.at > end) throw new Error(`SimClock: work still running after ${limitMs} ms of simulated time`);
      this.time = Math.max(this.time, timer.at);
      timer.resolve();
    }
  }
}

/** Lets every promise that can settle now settle (a few macrotask turns). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}
