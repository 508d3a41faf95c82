import { describe, expect, it } from "vitest";
import { CycleTrigger } from "../../src/reconcile/cycle-trigger.js";

const HOUR_MS = 3_600_000;

describe("CycleTrigger: the pause between cycles, cut short by a forwarded audit event", () => {
  it("a request during a pause ends it; the request is taken, so the next pause waits again", async () => {
    const trigger = new CycleTrigger();
    const paused = trigger.pause(HOUR_MS, new AbortController().signal);
    expect(trigger.request()).toBe("queued");
    expect(await paused).toBe("requested");
    expect(trigger.queued).toBe(false);
  });

  it("any number of requests during a cycle queue one cycle, which the next pause runs at once", async () => {
    const trigger = new CycleTrigger();
    expect([trigger.request(), trigger.request(), trigger.request()]).toEqual(["queued", "coalesced", "coalesced"]);
    expect(await trigger.pause(HOUR_MS, new AbortController().signal)).toBe("requested");
    expect(trigger.queued).toBe(false);
    const stop = new AbortController();
    const second = trigger.pause(HOUR_MS, stop.signal);
    stop.abort(); // nothing else was queued: only the signal ends this pause
    expect(await second).toBe("aborted");
  });

  it("ends on the signal, and at once when it is already aborted", async () => {
    const trigger = new CycleTrigger();
    const stop = new AbortController();
    const paused = trigger.pause(HOUR_MS, stop.signal);
    stop.abort();
    expect(await paused).toBe("aborted");
    expect(await trigger.pause(HOUR_MS, stop.signal)).toBe("aborted");
  });

  it("ends after the interval with nothing requested", async () => {
    expect(await new CycleTrigger().pause(1, new AbortController().signal)).toBe("interval");
  });
});
