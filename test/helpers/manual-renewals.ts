import type { RenewalTimer } from "../../src/lock/lock.js";

/** A lock's renewal timer fired by the test (`fire()`: one renewal of every held lock, awaited), never by time. */
export interface ManualRenewals {
  timer: RenewalTimer;
  /** Runs one renewal of each lock still held and resolves when they are written. */
  fire(): Promise<void>;
  /** The interval each lock asked for. */
  intervals: number[];
}

export function manualRenewals(): ManualRenewals {
  const held = new Set<() => Promise<void>>();
  const intervals: number[] = [];
  return {
    intervals,
    timer: (everyMs, renew) => {
      intervals.push(everyMs);
      held.add(renew);
      return () => void held.delete(renew);
    },
    fire: async () => {
      await Promise.all([...held].map((renew) => renew()));
    },
  };
}
