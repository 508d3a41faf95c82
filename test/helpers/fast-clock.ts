import { realSleep, type Clock } from "../../src/live/clock.js";
import { seededRandom } from "../../src/emulator/faults.js";

/**
 * A clock that runs `factor` times faster than real time, for the API client of in-process runs:
 * a server's `Retry-After: 1` is waited for 1000/factor ms, and `now` moves on to match, so
 * every wait, deadline and pace keeps its proportions. Jitter is seeded.
 */
export function acceleratedClock(factor: number, seed = 1): Clock {
  const start = Date.now();
  return {
    now: () => start + (Date.now() - start) * factor,
    sleep: (ms, signal) => realSleep(ms / factor, signal),
    random: seededRandom(seed),
  };
}
