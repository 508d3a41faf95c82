/**
 * Room src/reconcile/: what `transync reconcile` adds to plan and apply: health verdicts, metrics.
 * May import: the ground floor.
 */
/** A verdict of one health endpoint: the HTTP status follows `ok`, the text says why. */
export interface HealthVerdict {
  ok: boolean;
  detail: string;
}

/** At least this long without a new cycle before the loop counts as stuck: a slow apply (retries, many objects) is not a hang. */
export const MIN_LIVENESS_WINDOW_MS = 10 * 60_000;

/** How long the loop may go without starting a cycle before `/healthz` fails: three intervals, at least ten minutes. */
export function livenessWindowMs(intervalMs: number): number {
  return Math.max(3 * intervalMs, MIN_LIVENESS_WINDOW_MS);
}

/**
 * Liveness and readiness of the reconcile loop, kept apart as Kubernetes means them. Liveness
 * (`/healthz`): the loop still starts cycles; failed cycles (the API or git down) do not count,
 * since a restart would not fix them. Readiness (`/readyz`): the last cycle finished without error.
 */
export class ReconcileHealth {
  private lastStartMs: number;
  private running = false;
  private lastResult: { ok: boolean; atMs: number } | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {
    // The process start counts as a start: the first cycle begins at once.
    this.lastStartMs = now();
  }

  cycleStarted(): void {
    this.lastStartMs = this.now();
    this.running = true;
  }

  cycleEnded(ok: boolean): void {
    this.running = false;
    this.lastResult = { ok, atMs: this.now() };
  }

  liveness(): HealthVerdict {
    const window = livenessWindowMs(this.intervalMs);
    const since = this.now() - this.lastStartMs;
    if (since <= window) return { ok: true, detail: this.running ? "ok: a cycle is running\n" : "ok: the loop is alive\n" };
    const what = this.running ? `the current cycle started ${seconds(since)} ago` : `no cycle has started for ${seconds(since)}`;
    return { ok: false, detail: `stuck: ${what} (allowed: ${seconds(window)})\n` };
  }

  readiness(): HealthVerdict {
    if (this.lastResult === undefined) return { ok: false, detail: "not ready: no cycle has finished yet\n" };
    const at = new Date(this.lastResult.atMs).toISOString();
    return this.lastResult.ok
      ? { ok: true, detail: `ok: the last cycle succeeded at ${at}\n` }
      : { ok: false, detail: `not ready: the last cycle failed at ${at}; see the logs\n` };
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)}s`;
}
