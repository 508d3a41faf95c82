/** What a request for a cycle did: queued one, or found one already queued. */
export type TriggerOutcome = "queued" | "coalesced";

/**
 * The pause between reconcile cycles, cut short by a request (an audit event the receiver accepted):
 * at most one cycle is ever queued, so any number of requests during a cycle, or during a pause,
 * give one extra cycle, never a storm of them.
 */
export class CycleTrigger {
  private pending = false;
  private wake: (() => void) | undefined;

  /** Queues one cycle to run as soon as the one running (if any) ends. */
  request(): TriggerOutcome {
    if (this.pending) return "coalesced";
    this.pending = true;
    this.wake?.();
    return "queued";
  }

  /** Whether a cycle is queued and not yet started. */
  get queued(): boolean {
    return this.pending;
  }

  /**
   * Waits `ms`, or until a cycle is requested (at once when one was requested during the last
   * cycle), or until `signal` aborts. A request it ends on is taken: the cycle that follows is the one asked for.
   */
  async pause(ms: number, signal: AbortSignal): Promise<"interval" | "requested" | "aborted"> {
    if (signal.aborted) return "aborted";
    if (!this.pending)
      await new Promise<void>((done) => {
        const finish = (): void => {
          clearTimeout(timer);
          signal.removeEventListener("abort", finish);
          this.wake = undefined;
          done();
        };
        const timer = setTimeout(finish, ms);
        signal.addEventListener("abort", finish, { once: true });
        this.wake = finish;
      });
    if (signal.aborted) return "aborted";
    if (!this.pending) return "interval";
    this.pending = false;
    return "requested";
  }
}
