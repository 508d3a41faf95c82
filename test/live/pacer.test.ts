import { describe, expect, it } from "vitest";
import { CubicRate, CUBIC_BETA } from "../../src/live/cubic-rate.js";
import type { RawReply, Send } from "../../src/live/http-send.js";
import { Pacer, withPacer } from "../../src/live/pacer.js";
import { ServerBudget } from "../../src/live/server-budget.js";
import { captureLogger } from "./helpers.js";
import { SimClock } from "./sim-clock.js";
import { drive, simServer } from "./sim-server.js";

/** Sends per whole second of simulated time, from the first send. */
function perSecond(sentAt: number[]): number[] {
  const start = sentAt[0] ?? 0;
  const counts: number[] = [];
  for (const at of sentAt) {
    const s = Math.floor((at - start) / 1000);
    counts[s] = (counts[s] ?? 0) + 1;
  }
  return Array.from(counts, (c) => c ?? 0);
}

function reply(status: number, headers: Record<string, string>): RawReply {
  return { status, headers: new Headers(headers), text: "{}" };
}

describe("CubicRate", () => {
  it("cuts to 0.7 of the sending rate on a 429, is back at it K seconds later, then grows past it", () => {
    const cubic = new CubicRate(50, 0);
    expect(cubic.throttled(40, 1000)).toBeCloseTo(40 * CUBIC_BETA);
    const k = Math.cbrt((40 * (1 - CUBIC_BETA)) / 0.4);
    expect(cubic.rateAt(1000 + k * 1000)).toBeCloseTo(40);
    expect(cubic.rateAt(1000 + (k + 1) * 1000)).toBeLessThan(42); // flat near the old maximum
    expect(cubic.rateAt(1000 + (k + 6) * 1000)).toBeGreaterThan(100); // then probing
  });
});

describe("ServerBudget", () => {
  const budget = (): ServerBudget => new ServerBudget({ reserve: 0, maxAheadMs: 60_000 });
  it("spreads Remaining over the time to Reset, counting requests in flight as spent", () => {
    const b = budget();
    b.observe(new Headers({ "x-ratelimit-remaining": "10", "x-ratelimit-reset": "5" }), 0);
    expect(b.advise(0, 0)).toEqual({ kind: "rate", rate: 2 });
    expect(b.advise(0, 4)).toEqual({ kind: "rate", rate: 1.2 });
    expect(b.advise(0, 10)).toEqual({ kind: "wait", untilMs: 5000 });
    // After the reset: one request at a time (a tenth of the last budget of 11) until a reply tells the new budget.
    expect(b.advise(5000, 0)).toEqual({ kind: "rate", rate: Infinity });
    expect(b.advise(5000, 1)).toEqual({ kind: "wait", untilMs: Infinity });
  });
  it("a reset that moves while still ahead is a refilling bucket: what it lacks of full comes back by the reset", () => {
    const b = budget();
    b.observe(new Headers({ "x-ratelimit-remaining": "9", "x-ratelimit-reset": "1" }), 0);
    b.observe(new Headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "2" }), 100);
    expect(b.refills).toBe(true);
    expect(b.advise(100, 0)).toEqual({ kind: "rate", rate: (10 * 1000) / 2000 });
  });
  it("a reset far in the future is read as at most maxAheadMs away", () => {
    const b = budget();
    b.observe(new Headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "3600" }), 0);
    expect(b.advise(0, 0)).toEqual({ kind: "wait", untilMs: 60_000 });
  });
});

describe("Pacer on a scripted clock and server", () => {
  it("slows before Remaining reaches 0: a window of 10 requests per 10 s is spread, not burst, and never 429", async () => {
    const clock = new SimClock();
    const server = simServer(clock, { rate: 1, windowSeconds: 10, latencyMs: 20 });
    const { sentAt } = await drive(clock, server.send, { workers: 8, durationMs: 25_000 });
    expect(server.answered[429]).toBeUndefined();
    // Each window's 10 requests are spread over it (about 1 s apart), not sent at once with a 9 s wait after.
    const halves = perSecond(sentAt).reduce<number[]>(
      (acc, n, s) => ((acc[Math.floor(s / 5)] = (acc[Math.floor(s / 5)] ?? 0) + n), acc),
      [],
    );
    for (const half of halves.slice(0, 4)) expect(half).toBeGreaterThanOrEqual(4);
    for (const half of halves.slice(0, 4)) expect(half).toBeLessThanOrEqual(6);
  });

  it("waits for Reset once the budget is spent, logging the hold", async () => {
    const clock = new SimClock();
    const { logger, lines } = captureLogger();
    const pacer = new Pacer({ clock, logger });
    const resetAt = new Date(clock.now() + 3000).toUTCString();
    let calls = 0;
    const send: Send = async () =>
      calls++ === 0
        ? reply(200, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": resetAt })
        : reply(200, { "x-ratelimit-remaining": "50", "x-ratelimit-reset": "1" });
    const paced = withPacer(send, pacer);
    const start = clock.now();
    await clock.run(paced({ method: "GET", path: "/" }));
    await clock.run(paced({ method: "GET", path: "/" }));
    expect(clock.now() - start).toBe(3000);
    expect(lines.join("")).toContain("holding requests until it resets");
  });

  it("caps a lying Reset far in the future at maxHoldMs", async () => {
    const clock = new SimClock();
    const pacer = new Pacer({ clock, logger: captureLogger().logger, maxHoldMs: 5000 });
    const send: Send = async () =>
      reply(200, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": new Date(clock.now() + 3_600_000).toUTCString() });
    const paced = withPacer(send, pacer);
    const start = clock.now();
    await clock.run(paced({ method: "GET", path: "/" }));
    await clock.run(paced({ method: "GET", path: "/" }));
    expect(clock.now() - start).toBe(5000);
  });

  it("backs off on 429 (holding for Retry-After, cutting the rate), then recovers", async () => {
    const clock = new SimClock();
    // No rate-limit headers: the client starts at 40/s against a limit of 20/s it is not told.
    const server = simServer(clock, { rate: 20, burst: 5, headers: false, latencyMs: 20 });
    const { sentAt, pacer, lines } = await drive(clock, server.send, { workers: 8, durationMs: 30_000, startRate: 40 });
    const rejected = server.answered[429] ?? 0;
    const ok = server.answered[200] ?? 0;
    expect(rejected).toBeGreaterThan(0);
    expect(rejected / (ok + rejected)).toBeLessThan(0.05);
    expect(lines.join("")).toContain("API answered 429");
    const seconds = perSecond(sentAt);
    // Without headers CUBIC probes past the limit every few seconds and each probe costs a 1 s hold:
    // about three quarters of the limit, never far above it.
    const lastTen = seconds.slice(20, 30).reduce((a, b) => a + b, 0) / 10;
    expect(lastTen).toBeGreaterThan(0.6 * 20);
    expect(lastTen).toBeLessThan(1.1 * 20);
    expect(pacer.throttledMs).toBeGreaterThan(1000);
  });

  it("with no headers at all, starts at the start rate and probes upward", async () => {
    const clock = new SimClock();
    const server = simServer(clock, { rate: 10_000, headers: false, latencyMs: 5 });
    const { sentAt } = await drive(clock, server.send, { workers: 16, durationMs: 10_000 });
    const seconds = perSecond(sentAt);
    expect(seconds[0]).toBeLessThanOrEqual(12);
    expect(seconds[8]).toBeGreaterThan(3 * (seconds[0] ?? 0));
    expect(server.answered[429]).toBeUndefined();
  });

  it("follows a budget the server states: at a limit of 20/s (window or bucket), ~R achieved and no 429", async () => {
    for (const shape of [{ windowSeconds: 1 }, { burst: 20 }]) {
      const clock = new SimClock();
      const server = simServer(clock, { rate: 20, latencyMs: 60, ...shape });
      const { pacer } = await drive(clock, server.send, { workers: 16, durationMs: 20_000 });
      const ok = server.answered[200] ?? 0;
      expect(server.answered[429]).toBeUndefined();
      expect(ok / 20 / 20).toBeGreaterThan(0.95);
      // Never more in flight than the budget allows: concurrency follows the budget, not the pool of 16.
      expect(pacer.peakInFlight).toBeLessThanOrEqual(shape.burst ?? 20);
    }
  });

  it("--rate is only a ceiling: a generous server is used up to it", async () => {
    const clock = new SimClock();
    const server = simServer(clock, { rate: 1000, latencyMs: 5 });
    const start = clock.now();
    const { sentAt } = await drive(clock, server.send, { workers: 16, durationMs: 5000, ceiling: 20 });
    const inTime = sentAt.filter((at) => at < start + 5000).length;
    expect(inTime).toBeGreaterThanOrEqual(95);
    expect(inTime).toBeLessThanOrEqual(5 * 20 + 2);
  });

  it("goes fast against a server whose budget is large", async () => {
    const clock = new SimClock();
    const server = simServer(clock, { rate: 5000, latencyMs: 10 });
    await drive(clock, server.send, { workers: 16, durationMs: 3000 });
    // 16 in flight at 10 ms each allow 1,600/s; the pacer should not be what limits.
    expect((server.answered[200] ?? 0) / 3).toBeGreaterThan(1200);
  });
});
