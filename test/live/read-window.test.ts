import { describe, expect, it } from "vitest";
import { LATENCY_RISE, READ_WINDOW_MAX, READ_WINDOW_START, ReadWindow } from "../../src/live/read-window.js";

/** Feeds `n` answered reads of `latencyMs` each. */
function answer(window: ReadWindow, n: number, latencyMs: number, extra: { throttled?: number; remaining?: number } = {}): void {
  for (let i = 0; i < n; i++) window.observe({ latencyMs, throttled: extra.throttled ?? 0, remaining: extra.remaining });
}

describe("ReadWindow: reads in flight follow the server", () => {
  it("starts at the old fixed 8 and grows by one per read answered while the latency stays flat, up to its cap", () => {
    const window = new ReadWindow();
    expect(window.size()).toBe(READ_WINDOW_START);
    answer(window, 10, 50);
    expect(window.size()).toBe(READ_WINDOW_START + 10);
    answer(window, 1_000, 50);
    expect(window.size()).toBe(READ_WINDOW_MAX);
  });

  it("holds once the latency rises: requests queue somewhere, more in flight would only wait", () => {
    const window = new ReadWindow();
    answer(window, 4, 50);
    const held = window.size();
    answer(window, 50, 50 * LATENCY_RISE + 1);
    expect(window.size()).toBe(held);
  });

  it("halves on each new 429, and grows back from there", () => {
    const window = new ReadWindow();
    answer(window, 24, 50);
    expect(window.size()).toBe(32);
    answer(window, 1, 50, { throttled: 1 });
    expect(window.size()).toBe(16);
    answer(window, 1, 50, { throttled: 1 }); // the same 429 again: no second cut
    expect(window.size()).toBe(17);
    answer(window, 1, 50, { throttled: 3 });
    expect(window.size()).toBe(8);
  });

  it("keeps no more in flight than the server's X-RateLimit-Remaining, and never fewer than one", () => {
    const window = new ReadWindow();
    answer(window, 20, 50, { remaining: 5 });
    expect(window.size()).toBe(5);
    answer(window, 1, 50, { remaining: 0 });
    expect(window.size()).toBe(1);
    answer(window, 1, 50);
    expect(window.size()).toBe(READ_WINDOW_START + 22);
  });

  it("never exceeds an explicit cap (--concurrency)", () => {
    const window = new ReadWindow(3);
    expect(window.size()).toBe(3);
    answer(window, 100, 50);
    expect(window.size()).toBe(3);
  });
});
