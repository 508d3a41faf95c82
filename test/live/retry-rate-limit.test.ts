import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ApiError } from "../../src/errors.js";
import { DEFAULT_RATE_LIMIT_BUDGET_MS } from "../../src/live/retry.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";
import { failureOf, makeApi, startScriptedApi } from "./helpers.js";

/**
 * Issue 21, item 2: a 429 says the call was not carried out, so it is always safe to repeat; it is
 * retried within a time budget (DEFAULT_RATE_LIMIT_BUDGET_MS, honouring Retry-After), not within
 * the small count of --max-retries, which 5xx and network errors keep.
 */
let server: ScriptedApi;
let baseUrl: string;
const tooMany = { errors: [{ type: "RequestError", message: "Too many requests" }] };
const unavailable = { status: 503, body: { errors: [{ type: "ServiceUnavailable", message: "down" }] } };
const input = { name: "a", sourceId: "s", enabled: true, if: "event='a'" };

beforeEach(async () => ({ server, baseUrl } = await startScriptedApi(1)));
afterEach(() => server.close());

describe("429 is retried within a time budget", () => {
  it("20 replies 429 in a row, then success: a GET and a POST both succeed with --max-retries 2", async () => {
    const { api, clock } = makeApi(baseUrl, { maxRetries: 2 });
    for (let i = 0; i < 20; i++) server.script.push({ status: 429, headers: { "retry-after": "1" }, body: tooMany });
    expect((await api.get("tf_00000")).id).toBe("tf_00000");
    for (let i = 0; i < 20; i++) server.script.push({ status: 429, headers: { "retry-after": "1" }, body: tooMany });
    expect((await api.create(input)).name).toBe("a");
    expect(server.count("POST")).toBe(21);
    expect(clock.sleeps.filter((ms) => ms === 1000)).toHaveLength(40);
  });

  it(`a server that answers 429 for ever is given up after the budget of ${DEFAULT_RATE_LIMIT_BUDGET_MS / 60_000} minutes`, async () => {
    const { api, clock } = makeApi(baseUrl);
    for (let i = 0; i < 100; i++) server.script.push({ status: 429, headers: { "retry-after": "60" }, body: tooMany });
    const error = await failureOf<ApiError>(api.get("tf_00000"));
    expect(error.status).toBe(429);
    // Five waits of 60 s fill the 5 minutes; the sixth would pass them.
    expect(error.attempts).toBe(6);
    expect(clock.sleeps).toEqual([60_000, 60_000, 60_000, 60_000, 60_000]);
    expect(error.message).toContain("rate-limit budget of 300 s");
  });

  it("a Retry-After longer than the budget is not waited for", async () => {
    const { api, clock } = makeApi(baseUrl);
    server.script.push({ status: 429, headers: { "retry-after": "3600" }, body: tooMany });
    expect((await failureOf<ApiError>(api.get("tf_00000"))).attempts).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("429s between 5xx do not use up --max-retries; the 5xx still do", async () => {
    const { api } = makeApi(baseUrl, { maxRetries: 2 });
    const rateLimited = { status: 429, headers: { "retry-after": "1" }, body: tooMany };
    server.script.push(unavailable, rateLimited, rateLimited, rateLimited, unavailable, rateLimited);
    expect((await api.get("tf_00000")).id).toBe("tf_00000");
    server.script.push(unavailable, rateLimited, unavailable, rateLimited, unavailable);
    const error = await failureOf<ApiError>(api.get("tf_00000"));
    expect(error.status).toBe(503);
    expect(error.message).toContain("--max-retries 2");
  });
});
