import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { parseRateLimitResetMs, parseRetryAfterMs } from "../../src/live/rate-headers.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";
import { captureLogger, fakeClock, makeApi, settingsFor, startScriptedApi } from "./helpers.js";

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

describe("pacing over HTTP", () => {
  let server: ScriptedApi;
  let baseUrl: string;
  beforeEach(async () => ({ server, baseUrl } = await startScriptedApi(1)));
  afterEach(() => server.close());

  it("--rate is a ceiling: 30 requests at rate 20 are spaced about 50 ms apart on the client's clock", async () => {
    // The fake server sends no rate-limit headers; a start rate far above the ceiling leaves only the ceiling.
    // Times are the client's (fake) clock when each request is sent: its waits move it, real time does not,
    // so a loaded machine changes nothing here.
    const clock = fakeClock();
    const times: number[] = [];
    const fetchAt: typeof fetch = (input, init) => (times.push(clock.now()), fetch(input, init));
    const api = new HttpLiveApi(settingsFor(baseUrl, { rate: 20 }), {
      logger: captureLogger().logger,
      fetch: fetchAt,
      startRate: 1000,
      ...clock,
    });
    await Promise.all(Array.from({ length: 30 }, () => api.get("tf_00000")));
    const first = times[0] ?? 0;
    // One every 50 ms (a send may run 25 ms early): the 30th about 1.4 s after the first, at most ~12 in the first 500 ms.
    expect((times.at(-1) ?? 0) - first).toBeGreaterThanOrEqual(1300);
    expect(times.filter((t) => t - first < 500).length).toBeLessThanOrEqual(12);
    expect(api.stats().throttledMs).toBeGreaterThan(0);
  });

  it("holds requests after X-RateLimit-Remaining 0 until X-RateLimit-Reset", async () => {
    let served = 0;
    const { api, clock } = makeApi(baseUrl);
    // Dated by the client's (fake) clock, as a server whose clock agrees: no real time passes between the two.
    server.extraHeaders = (): Record<string, string> => {
      served += 1;
      return served === 1
        ? { "x-ratelimit-remaining": "0", "x-ratelimit-reset": new Date(clock.now() + 3000).toUTCString() }
        : { "x-ratelimit-remaining": "99" };
    };
    await api.get("tf_00000");
    await api.get("tf_00000");
    const hold = clock.sleeps.find((ms) => ms > 1000);
    expect(hold).toBeGreaterThanOrEqual(2000);
    expect(hold).toBeLessThanOrEqual(3000);
    expect(server.requests).toHaveLength(2);
  });

  it("a 429's Retry-After (an HTTP date) holds the other requests too, and the call is retried", async () => {
    const { api, clock, lines } = makeApi(baseUrl, {}, { startRate: 1000 });
    server.script.push(() => ({
      status: 429,
      headers: { "retry-after": new Date(clock.now() + 2000).toUTCString() },
      body: { errors: [{ type: "RateLimited", message: "Rate limit exceeded" }] },
    }));
    await Promise.all([api.get("tf_00000"), api.get("tf_00000")]);
    expect(api.stats().byStatus["429"]).toBe(1);
    expect(clock.sleeps.some((ms) => ms >= 1000 && ms <= 2000)).toBe(true);
    expect(lines.join("")).toContain("API answered 429; holding requests and slowing down");
  });
});
