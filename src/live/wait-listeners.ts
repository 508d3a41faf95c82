import type { WaitListener } from "./live-api.js";

/** The listeners of one client's waits (LiveApi.onWait): added and removed at any time, each told in turn. */
export class WaitListeners {
  private readonly listeners = new Set<WaitListener>();

  add(listener: WaitListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  readonly emit: WaitListener = (waitMs, reason) => {
    for (const listener of this.listeners) listener(waitMs, reason);
  };
}
