import { InterruptedError } from "../errors.js";

/** Time as the client sees it; injected so tests run without real waits. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1); for jitter. */
  random(): number;
}

function interrupted(): InterruptedError {
  return new InterruptedError("Interrupted while waiting to call the API.");
}

/** A real wait that ends early (with InterruptedError) when `signal` aborts. */
export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(interrupted());
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(interrupted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export const systemClock: Clock = { now: () => Date.now(), sleep: realSleep, random: () => Math.random() };
