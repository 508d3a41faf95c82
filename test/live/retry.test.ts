import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, NetworkError, UnknownOutcomeError } from "../../src/errors.js";
import { HttpLiveApi } from "../../src/live/http-live-api.js";
import { ScriptedApi } from "../helpers/scripted-api.js";
import { captureLogger, makeApi, settingsFor, startScriptedApi, TOKEN } from "./helpers.js";

let server: ScriptedApi;
let baseUrl: string;
const input = { name: "a", sourceId: "s", enabled: true, if: "event='a'" };
const tooMany = { errors: [{ type: "RequestError", message: "Too many requests" }] };

beforeEach(async () => ({ server, baseUrl } = await startScriptedApi(1)));
afterEach(() => server.close());

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected a failure"),
    (e: unknown) => e,
  );
}

function logRecords(lines: string[]): Array<Record<string, unknown>> {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("retries", () => {
  it("honours Retry-After in seconds and logs the wait", async () => {
    server.script.push({ status: 429, headers: { "retry-after": "3" }, body: tooMany });
    const { api, clock, lines } = makeApi(baseUrl);
    expect((await api.get("tf_00000")).id).toBe("tf_00000");
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toContain(3000);
    const waits = logRecords(lines).filter((r) => r.waitMs === 3000);
    expect(waits[0]).toMatchObject({
      level: 40,
      method: "GET",
      path: "/transformations/tf_00000",
      status: 429,
      attempt: 1,
      reason: "retry-after",
    });
    expect(api.stats()).toMatchObject({ calls: 1, retries: 1, waitedMs: 3000, byStatus: { "429": 1, "200": 1 } });
  });

  it("honours Retry-After as an HTTP date", async () => {
    const { api, clock } = makeApi(baseUrl);
    // Dated by the client's (fake) clock, as a server whose clock agrees: no real time passes between the two.
    server.script.push(() => ({ status: 429, headers: { "retry-after": new Date(clock.now() + 5000).toUTCString() }, body: tooMany }));
    await api.get("tf_00000");
    const retryWait = clock.sleeps.find((ms) => ms >= 1000);
    // An HTTP date has whole seconds: 5 s from now, less the part of a second it drops.
    expect(retryWait).toBeGreaterThan(4000);
    expect(retryWait).toBeLessThanOrEqual(5000);
  });

  it("uses msBeforeNext of a 429 body when there is no Retry-After", async () => {
    server.script.push({ status: 429, body: { errors: [{ type: "RequestError", data: { remainingPoints: 0, msBeforeNext: 1234 } }] } });
    const { api, clock } = makeApi(baseUrl);
    await api.get("tf_00000");
    expect(clock.sleeps).toEqual([1234]);
  });

  it("retries a burst of 503s with capped exponential backoff, then succeeds", async () => {
    for (let i = 0; i < 4; i++) server.script.push({ status: 503, body: { errors: [{ type: "Unavailable" }] } });
    const { api, clock } = makeApi(baseUrl, {}, { retryBaseMs: 1000, maxWaitMs: 3000 });
    expect((await api.listPage()).items).toHaveLength(1);
    expect(server.requests).toHaveLength(5);
    // Full jitter with random() = 0.5: half of min(cap, base * 2^(n-1)).
    expect(clock.sleeps).toEqual([500, 1000, 1500, 1500]);
  });

  it("tells onWait's listeners of every retry wait and rate-limit hold, for a progress display, until they stop listening", async () => {
    server.script.push({ status: 503, body: { errors: [{ type: "Unavailable" }] } });
    server.script.push({ status: 429, headers: { "retry-after": "2" }, body: tooMany });
    const { api } = makeApi(baseUrl, {}, { retryBaseMs: 1000, maxWaitMs: 3000 });
    const waits: Array<[number, string]> = [];
    const stop = api.onWait((waitMs, reason) => waits.push([waitMs, reason]));
    await api.listPage();
    expect(waits[0]).toEqual([500, "503 backoff"]);
    expect(waits[1]).toEqual([2000, "429 retry-after"]);
    expect(waits.slice(2).every(([, reason]) => reason === "server rate limit")).toBe(true);
    stop();
    const told = waits.length;
    server.script.push({ status: 503, body: { errors: [{ type: "Unavailable" }] } });
    await api.listPage();
    expect(waits).toHaveLength(told);
    expect(api.stats().byStatus["503"]).toBe(2);
  });

  it("retries a dropped GET connection", async () => {
    server.script.push({ drop: true });
    const { api } = makeApi(baseUrl);
    expect((await api.get("tf_00000")).id).toBe("tf_00000");
    expect(api.stats().byStatus).toEqual({ network: 1, "200": 1 });
  });

  it("gives up after maxRetries with an ApiError carrying the attempts", async () => {
    for (let i = 0; i < 10; i++) server.script.push({ status: 503, body: { errors: [{ type: "Unavailable", message: "down" }] } });
    const { api } = makeApi(baseUrl, { maxRetries: 2 });
    const error = (await failureOf(api.get("tf_00000"))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(3);
    expect(error.message).toContain("3 attempt(s)");
    expect(server.requests).toHaveLength(3);
  });

  it("gives up when the retry budget would be exceeded", async () => {
    for (let i = 0; i < 10; i++) server.script.push({ status: 503, headers: { "retry-after": "4" }, body: tooMany });
    const { api, clock } = makeApi(baseUrl, { retryBudgetMs: 10_000 });
    const error = (await failureOf(api.get("tf_00000"))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(3);
    expect(error.message).toContain("retry budget");
    expect(clock.sleeps.filter((ms) => ms === 4000)).toHaveLength(2);
  });

  it("does not retry other statuses such as 501 on a GET", async () => {
    server.script.push({ status: 501, body: { errors: [{ type: "Internal" }] } });
    const { api } = makeApi(baseUrl);
    expect(((await failureOf(api.get("tf_00000"))) as ApiError).status).toBe(501);
    expect(server.requests).toHaveLength(1);
  });

  it("reports connection refused after retries as a NetworkError without the token", async () => {
    const closed = new ScriptedApi();
    const closedUrl = await closed.start();
    await closed.close();
    const { logger, lines } = captureLogger();
    const api = new HttpLiveApi(settingsFor(closedUrl, { maxRetries: 2 }), { logger, sleep: async () => {}, retryBaseMs: 1 });
    const error = (await failureOf(api.listPage())) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.message).toContain("3 attempt(s)");
    expect([error.message, ...lines].join("\n")).not.toContain(TOKEN);
  });
});

describe("POST is never retried after an unknown outcome", () => {
  it("a dropped connection is an UnknownOutcomeError and the server saw exactly one POST", async () => {
    server.script.push({ drop: true });
    const { api } = makeApi(baseUrl);
    const error = (await failureOf(api.create(input))) as UnknownOutcomeError;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error.method).toBe("POST");
    expect(error.path).toBe("/transformations");
    expect(server.count("POST")).toBe(1);
  });

  it.each([500, 502, 503, 504])("HTTP %i on POST is an unknown outcome, not retried", async (status) => {
    server.script.push({ status, headers: { "retry-after": "1" }, body: { errors: [{ type: "Internal" }] } });
    const { api } = makeApi(baseUrl);
    expect(await failureOf(api.create(input))).toBeInstanceOf(UnknownOutcomeError);
    expect(server.count("POST")).toBe(1);
  });

  it("a timeout on POST is an unknown outcome; on GET it is retried", async () => {
    // The first two replies never come (held until the end), so only the timeout ends them; the timeout
    // is far above an unloaded reply's time, so the third (answered at once) is in time on a busy machine.
    let release: () => void = () => undefined;
    const held = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    server.script.push(
      () => held,
      () => held,
    );
    try {
      const { api } = makeApi(baseUrl, { timeoutMs: 2000 });
      const error = await failureOf(api.create(input));
      expect(error).toBeInstanceOf(UnknownOutcomeError);
      expect((error as Error).message).toContain("timed out");
      expect(await api.get("tf_00000")).toMatchObject({ id: "tf_00000" });
      expect(server.requests.map((r) => r.method)).toEqual(["POST", "GET", "GET"]);
    } finally {
      release();
    }
  });

  it("a 429 on POST is retried as is", async () => {
    server.script.push({ status: 429, headers: { "retry-after": "1" }, body: tooMany });
    const { api } = makeApi(baseUrl);
    expect((await api.create(input)).name).toBe("a");
    expect(server.count("POST")).toBe(2);
    expect(server.store.size).toBe(2);
  });

  it("connection refused before sending is retried for a POST", async () => {
    let calls = 0;
    const flaky: typeof fetch = async (url, init) => {
      calls += 1;
      if (calls === 1)
        throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
      return fetch(url, init);
    };
    const { api } = makeApi(baseUrl, {}, { fetch: flaky });
    expect((await api.create(input)).name).toBe("a");
    expect(server.count("POST")).toBe(1);
    expect(api.stats().retries).toBe(1);
  });
});
