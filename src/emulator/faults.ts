import type { EmulatorConfig, Faults } from "./types.js";

export const NO_FAULTS: Faults = { seed: 1, rate429: 0, rate503: 0, rate500: 0, dropResponseAfterWrite: 0, latencyMs: 0 };

/** Config form (with the aliases `rate5xx`, `dropAfterWrite`) -> Faults. */
export function faultsFrom(config: EmulatorConfig["faults"], base: Faults = NO_FAULTS): Faults {
  if (!config) return { ...base };
  const { rate5xx, dropAfterWrite, ...rest } = config;
  const merged: Faults = { ...base, ...stripUndefined(rest) };
  if (rate5xx !== undefined && config.rate503 === undefined) merged.rate503 = rate5xx;
  if (dropAfterWrite !== undefined && config.dropResponseAfterWrite === undefined) merged.dropResponseAfterWrite = dropAfterWrite;
  return merged;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** mulberry32: a small seeded PRNG, so a seed reproduces the same fault sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type FaultDecision = { kind: "none" } | { kind: "status"; status: 429 | 500 | 503 };

/**
 * Decides, per request, which fault to inject. Every request draws the same number of values in
 * the same order, so a seed gives the same decisions whatever the faults are set to.
 */
export class FaultInjector {
  private faults: Faults;
  private random: () => number;

  constructor(faults: Faults) {
    this.faults = faults;
    this.random = seededRandom(faults.seed);
  }

  /** Merges a change; a new `seed` restarts the sequence. */
  set(change: Partial<Faults>): void {
    this.faults = { ...this.faults, ...stripUndefined(change) };
    if (change.seed !== undefined) this.random = seededRandom(change.seed);
  }

  get current(): Faults {
    return { ...this.faults };
  }

  /** Drawn when a request arrives: a status to answer instead of processing, or none. */
  beforeProcessing(): FaultDecision {
    const [r429, r503, r500] = [this.random(), this.random(), this.random()];
    if (r429 < this.faults.rate429) return { kind: "status", status: 429 };
    if (r503 < this.faults.rate503) return { kind: "status", status: 503 };
    if (r500 < this.faults.rate500) return { kind: "status", status: 500 };
    return { kind: "none" };
  }

  /** Drawn after a successful write: true means destroy the connection instead of replying. */
  dropAfterWrite(): boolean {
    return this.random() < this.faults.dropResponseAfterWrite;
  }
}
