import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { parseRateLimitResetMs, parseRetryAfterMs } from "../../src/live/rate-headers.js";
import { Throttle } from "../../src/live/throttle.js";
import { FakeServer } from "./fake-server.js";
import { captureLogger, fakeClock, makeApi, settingsFor } from "./helpers.js";

describe("rate-limit header parsing", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it("reads Retry-After as seconds or HTTP date", () => {
    expect(parseRetryAfterMs("7", now)).toBe(7000);
    expect(parseRetryAfterMs("Thu, 01 Jan 2026 00:00:03 GMT", now)).toBe(3000);
    expect(parseRetryAfterMs("Wed, 31 Dec 2025 23:59:00 GMT", now)).toBe(0);
    expect(parseRetryAfterMs("soon", now)).toBeUndefined();
    expect(parseRetryAfterMs(null, now)).toBeUndefined();
  });
  it("reads X-RateLimit-Reset as RFC 5322 date, seconds from now, epoch seconds or ms", () => {
    expect(parseRateLimitResetMs("Thu, 01 Jan 2026 00:00:02 GMT", now)).toBe(now + 2000);
    expect(parseRateLimitResetMs("3", now)).toBe(now + 3000);
    expect(parseRateLimitResetMs(String(now / 1000 + 4), now)).toBe(now + 4000);
    expect(parseRateLimitResetMs(String(now + 5000), now)).toBe(now + 5000);
    expect(parseRateLimitResetMs("garbage", now)).toBeUndefined();
  });
});

describe("Throttle (fake clock)", () => {
  it("lets a burst through, then spaces requests at the rate", async () => {
    // Time stands still while they queue: each reservation lands 100 ms after the previous one.
    const sleeps: number[] = [];
    const clock = { now: () => 0, sleep: async (ms: number) => void sleeps.push(ms), random: () => 0.5 };
    const throttle = new Throttle({ rate: 10, burst: 2, clock, logger: captureLogger().logger });
    await Promise.all(Array.from({ length: 6 }, () => throttle.acquire()));
    // 2 at once, then 4 reservations 100 ms apart, each taken when requested.
    expect(sleeps).toEqual([100, 200, 300, 400]);
  });

  it("holds every request until the reset once X-RateLimit-Remaining reaches 0", async () => {
    const clock = fakeClock(1_000_000);
    const { logger, lines } = captureLogger();
    const throttle = new Throttle({ rate: 1000, clock, logger });
    const headers = new Headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "2" });
    throttle.observe({ status: 200, headers, text: "" });
    await throttle.acquire();
    expect(clock.now()).toBe(1_002_000);
    expect(lines.join("")).toContain("holding requests");
    throttle.observe({ status: 200, headers: new Headers({ "x-ratelimit-remaining": "50", "x-ratelimit-reset": "9" }), text: "" });
    await throttle.acquire();
    expect(clock.now()).toBe(1_002_000);
  });

  it("a 429 with Retry-After holds every other request too", async () => {
    const clock = fakeClock(0);
    const throttle = new Throttle({ rate: 1000, clock, logger: captureLogger().logger });
    throttle.observe({ status: 429, headers: new Headers({ "retry-after": "2" }), text: "" });
    await throttle.acquire();
    expect(clock.now()).toBe(2000);
    expect(throttle.throttledMs).toBe(2000);
  });

  it("caps a hold at maxHoldMs", async () => {
    const clock = fakeClock(0);
    const throttle = new Throttle({ rate: 1000, clock, logger: captureLogger().logger, maxHoldMs: 5000 });
    throttle.observe({ status: 200, headers: new Headers({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "3600" }), text: "" });
    await throttle.acquire();
    expect(clock.now()).toBe(5000);
  });
});

describe("throttling over HTTP", () => {
  let server: FakeServer;
  let baseUrl: string;
  beforeEach(async () => {
    server = new FakeServer();
    server.seed(1);
    baseUrl = await server.start();
  });
  afterEach(async () => {
    await server.close();
  });

  it("keeps 30 requests at rate 20 to at least ~1 s of real time", async () => {
    // Times taken when the client sends (not when the server gets round to reading): a loaded machine
    // delays the server, not the token bucket.
    const times: number[] = [];
    const fetchAt: typeof fetch = (input, init) => (times.push(Date.now()), fetch(input, init));
    const api = new HttpLiveApi(settingsFor(baseUrl, { rate: 20 }), { logger: captureLogger().logger, fetch: fetchAt });
    const started = Date.now();
    await Promise.all(Array.from({ length: 30 }, () => api.get("tf_00000")));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // Burst of 10 (half a second's worth), then one every 50 ms: at most ~20 in the first 500 ms.
    expect(times.filter((t) => t - (times[0] ?? 0) < 500).length).toBeLessThanOrEqual(21);
    expect(api.stats().throttledMs).toBeGreaterThan(0);
  });

  it("holds requests after X-RateLimit-Remaining 0 until X-RateLimit-Reset", async () => {
    let served = 0;
    server.extraHeaders = (): Record<string, string> => {
      served += 1;
      return served === 1 ? { "x-ratelimit-remaining": "0", "x-ratelimit-reset": new Date(Date.now() + 3000).toUTCString() } : { "x-ratelimit-remaining": "99" };
    };
    const { api, clock } = makeApi(baseUrl);
    await api.get("tf_00000");
    await api.get("tf_00000");
    const hold = clock.sleeps.find((ms) => ms > 1000);
    expect(hold).toBeGreaterThanOrEqual(2000);
    expect(hold).toBeLessThanOrEqual(3000);
    expect(server.requests).toHaveLength(2);
  });
});
