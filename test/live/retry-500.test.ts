import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, UnknownOutcomeError } from "../../src/errors.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";
import { failureOf, makeApi, startScriptedApi } from "./helpers.js";

let server: ScriptedApi;
let baseUrl: string;
const internal = { status: 500, body: { errors: [{ type: "InternalServerError", message: "boom" }] } };

beforeEach(async () => ({ server, baseUrl } = await startScriptedApi(2)));
afterEach(() => server.close());

function sequence(): string[] {
  return server.requests.map((r) => `${r.method} ${r.path}`);
}

describe("HTTP 500 is retried like octokit: GET, PATCH and DELETE, never POST", () => {
  it("GET: one 500, then the reply", async () => {
    server.script.push(internal);
    const { api, clock } = makeApi(baseUrl, {}, { retryBaseMs: 1000 });
    expect((await api.get("tf_00000")).id).toBe("tf_00000");
    expect(sequence()).toEqual(["GET /transformations/tf_00000", "GET /transformations/tf_00000"]);
    expect(clock.sleeps).toEqual([500]);
    expect(api.stats().byStatus).toEqual({ "500": 1, "200": 1 });
  });

  it("list: a 500 on a page is retried, the read goes on", async () => {
    server.script.push(internal);
    const { api } = makeApi(baseUrl);
    expect((await api.listPage()).items).toHaveLength(2);
    expect(sequence()).toEqual(["GET /transformations", "GET /transformations"]);
  });

  it("PATCH: one 500, then the update", async () => {
    server.script.push(internal);
    const { api } = makeApi(baseUrl);
    expect((await api.update("tf_00001", { enabled: false })).enabled).toBe(false);
    expect(sequence()).toEqual(["PATCH /transformations/tf_00001", "PATCH /transformations/tf_00001"]);
  });

  it("DELETE: one 500, then the delete", async () => {
    server.script.push(internal);
    const { api } = makeApi(baseUrl);
    await api.remove("tf_00001");
    expect(sequence()).toEqual(["DELETE /transformations/tf_00001", "DELETE /transformations/tf_00001"]);
    expect(server.store.has("tf_00001")).toBe(false);
  });

  it("POST: a 500 is an unknown outcome, sent once", async () => {
    server.script.push(internal);
    const { api } = makeApi(baseUrl);
    expect(await failureOf<unknown>(api.create({ name: "n", sourceId: "s", enabled: true, if: "event='n'" }))).toBeInstanceOf(
      UnknownOutcomeError,
    );
    expect(sequence()).toEqual(["POST /transformations"]);
  });

  it("a GET that keeps failing with 500 stops at --max-retries and names the status", async () => {
    for (let i = 0; i < 5; i++) server.script.push(internal);
    const { api } = makeApi(baseUrl, { maxRetries: 2 });
    const error = (await failureOf<unknown>(api.get("tf_00000"))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(500);
    expect(error.attempts).toBe(3);
    expect(error.message).toContain("--max-retries 2");
    expect(sequence()).toHaveLength(3);
  });

  it("other 5xx statuses without a retry meaning (501) are not retried", async () => {
    server.script.push({ status: 501, body: { errors: [{ type: "NotImplemented" }] } });
    const { api } = makeApi(baseUrl);
    expect(((await failureOf<unknown>(api.get("tf_00000"))) as ApiError).status).toBe(501);
    expect(sequence()).toHaveLength(1);
  });
});
