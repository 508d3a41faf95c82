import { afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { call, create, isErrorEnvelope } from "./http.js";

/** The limiter's clock, frozen: a slow machine between two requests must not refill the bucket or end a window. */
const NOW = Date.parse("2026-01-01T10:00:30Z");
const frozen = { now: () => NOW };

describe("emulator rate limit and fault injection", () => {
  let emulator: RunningEmulator;
  afterEach(() => emulator.close());

  it("a token bucket answers 429 with Retry-After and X-RateLimit-* headers", async () => {
    emulator = await startTestEmulator({ rateLimit: { requestsPerSecond: 2, burst: 3 } }, frozen);
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await call(emulator, "GET", "/transformations"));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    const ok = replies[0]!;
    expect(ok.headers.get("x-ratelimit-remaining")).toBe("2");
    expect(ok.headers.get("x-ratelimit-consumed")).toBe("1");
    expect(ok.headers.get("x-ratelimit-reset")).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const limited = replies[3]!;
    expect(isErrorEnvelope(limited)).toBe(true);
    expect(limited.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.body.errors[0]).toMatchObject({ type: "RequestError", data: { remainingPoints: 0, msBeforeNext: expect.any(Number) } });
    emulator.setRateLimit(null);
    expect((await call(emulator, "GET", "/transformations")).status).toBe(200);
  });

  it("windowSeconds: fixed windows as Segment's headers describe (Consumed counts the window, Reset is its end)", async () => {
    // 0.05/s over 60 s windows: 3 requests per window; the window of 10:00:00 to 10:01:00, time frozen at 10:00:30.
    emulator = await startTestEmulator({ rateLimit: { requestsPerSecond: 0.05, windowSeconds: 60 } }, frozen);
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await call(emulator, "GET", "/transformations"));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(replies.map((r) => r.headers.get("x-ratelimit-remaining"))).toEqual(["2", "1", "0", "0"]);
    expect(replies.map((r) => r.headers.get("x-ratelimit-consumed"))).toEqual(["1", "2", "3", "4"]);
    expect(replies[0]!.headers.get("x-ratelimit-reset")).toBe(new Date("2026-01-01T10:01:00Z").toUTCString());
    expect(replies[3]!.headers.get("retry-after")).toBe("30");
  });

  it("the bucket is per workspace", async () => {
    emulator = await startTestEmulator({
      workspaces: [
        { id: "ws_test", slug: "a", name: "A", tokens: ["test-token"] },
        { id: "ws_b", slug: "b", name: "B", tokens: ["b-token"] },
      ],
      rateLimit: { requestsPerSecond: 1, burst: 1 },
    });
    expect((await call(emulator, "GET", "/")).status).toBe(200);
    expect((await call(emulator, "GET", "/")).status).toBe(429);
    expect((await call(emulator, "GET", "/", { token: "b-token" })).status).toBe(200);
  });

  it("seeded 429/503 faults are deterministic and carry Retry-After", async () => {
    emulator = await startTestEmulator({ faults: { seed: 42, rate429: 0.3, rate503: 0.2 } });
    const run = async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await call(emulator, "GET", "/")).status);
      return statuses;
    };
    const first = await run();
    emulator.setFaults({ seed: 42 });
    expect(await run()).toEqual(first);
    expect(first).toContain(429);
    expect(first).toContain(503);
    expect(first).toContain(200);
    emulator.setFaults({ rate429: 0, rate503: 1 });
    const unavailable = await call(emulator, "GET", "/");
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("retry-after")).toBe("1");
    expect(isErrorEnvelope(unavailable)).toBe(true);
  });

  it("dropResponseAfterWrite carries out the write and destroys the connection", async () => {
    emulator = await startTestEmulator();
    emulator.setFaults({ dropResponseAfterWrite: 1 });
    await expect(create(emulator, { name: "Dropped" })).rejects.toThrow();
    expect(emulator.transformations("ws_test").map((t) => t.name)).toEqual(["Dropped"]);
    expect((await call(emulator, "GET", "/transformations")).status).toBe(200); // reads are never dropped
    expect(emulator.stats().byStatus.dropped).toBe(1);
  });

  it("latencyMs delays every request", async () => {
    emulator = await startTestEmulator({ faults: { latencyMs: 120 } });
    const started = Date.now();
    await call(emulator, "GET", "/");
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("a configurable body limit answers 413 in the envelope", async () => {
    emulator = await startTestEmulator({ maxBodyBytes: 200 });
    const res = await create(emulator, { name: "x".repeat(300) });
    expect(res.status).toBe(413);
    expect(res.body.errors[0].type).toBe("PayloadLimitError");
  });
});
