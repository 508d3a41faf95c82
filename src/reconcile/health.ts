/**
 * Room src/reconcile/: what `transync reconcile` adds to plan and apply: health verdicts, metrics,
 * the pause between cycles and the receiver of Segment's forwarded audit events that cuts it short.
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

/** How long the API may be unreachable before `/readyz` fails, without `--ready-grace`: two intervals. */
export function defaultReadyGraceMs(intervalMs: number): number {
  return 2 * intervalMs;
}

/**
 * Whether a retry's reason (src/live/retry.ts: the reply's status or the network error's code, then
 * why) says the API is unreachable: a 5xx or a network error; a 429 is an API that answers.
 */
export function isUnreachableRetry(reason: string): boolean {
  const first = reason.split(" ")[0] ?? "";
  return /^5\d\d$/.test(first) || !/^\d+$/.test(first);
}

/** How a cycle ended: `unreachable` when it failed because the API could not be reached (network, 5xx). */
export type CycleEnd = "ok" | "failed" | "unreachable";

/**
 * Liveness and readiness of the reconcile loop, kept apart as Kubernetes means them. Liveness
 * (`/healthz`): the loop still starts cycles; failed cycles (the API or git down) do not count,
 * since a restart would not fix them. Readiness (`/readyz`): the last cycle finished without error,
 * and the API has not been unreachable for longer than the grace (`--ready-grace`), counted from its
 * first failed request even while a cycle still retries; a cycle that failed only because the API
 * was unreachable keeps it ready within the grace (a blip is not an outage).
 */
export class ReconcileHealth {
  private lastStartMs: number;
  private running = false;
  private lastResult: { end: CycleEnd; atMs: number } | undefined;
  private unreachableSinceMs: number | undefined;
  private succeeded = false;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
    private readonly readyGraceMs: number = defaultReadyGraceMs(intervalMs),
  ) {
    // The process start counts as a start: the first cycle begins at once.
    this.lastStartMs = now();
  }

  /** A request found the API unreachable (a network error or a 5xx): the grace runs from the first. */
  apiUnreachable(): void {
    this.unreachableSinceMs ??= this.now();
  }

  /** The API answered (a plan read it): the outage, if any, is over. */
  apiReachable(): void {
    this.unreachableSinceMs = undefined;
  }

  cycleStarted(): void {
    this.lastStartMs = this.now();
    this.running = true;
  }

  cycleEnded(end: CycleEnd | boolean): void {
    this.running = false;
    const how = end === true ? "ok" : end === false ? "failed" : end;
    if (how === "unreachable") this.apiUnreachable();
    else if (how === "ok") this.apiReachable();
    this.succeeded ||= how === "ok";
    this.lastResult = { end: how, atMs: this.now() };
  }

  liveness(): HealthVerdict {
    const window = livenessWindowMs(this.intervalMs);
    const since = this.now() - this.lastStartMs;
    if (since <= window) return { ok: true, detail: this.running ? "ok: a cycle is running\n" : "ok: the loop is alive\n" };
    const what = this.running ? `the current cycle started ${seconds(since)} ago` : `no cycle has started for ${seconds(since)}`;
    return { ok: false, detail: `stuck: ${what} (allowed: ${seconds(window)})\n` };
  }

  readiness(): HealthVerdict {
    const down = this.unreachableSinceMs === undefined ? undefined : this.now() - this.unreachableSinceMs;
    if (down !== undefined && down > this.readyGraceMs)
      return {
        ok: false,
        detail: `not ready: the API has been unreachable for ${seconds(down)} (--ready-grace: ${seconds(this.readyGraceMs)})\n`,
      };
    if (this.lastResult === undefined) return { ok: false, detail: "not ready: no cycle has finished yet\n" };
    const at = new Date(this.lastResult.atMs).toISOString();
    if (this.lastResult.end === "ok") return { ok: true, detail: `ok: the last cycle succeeded at ${at}\n` };
    // The grace keeps a pod that has served ready through a blip; one that never succeeded is not ready yet.
    if (this.lastResult.end === "unreachable" && down !== undefined && this.succeeded)
      return {
        ok: true,
        detail: `ok: the API has been unreachable for ${seconds(down)}, within --ready-grace (${seconds(this.readyGraceMs)}); the last cycle failed at ${at}\n`,
      };
    return { ok: false, detail: `not ready: the last cycle failed at ${at}; see the logs\n` };
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)}s`;
}
