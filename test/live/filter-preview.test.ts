import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors.js";
import { HttpFilterPreview } from "../../src/live/filter-preview.js";
import { makeApi, startScriptedApi, TOKEN } from "./helpers.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";

const EVENT = { type: "track", event: "A" };

/** The filter preview's client over a scripted server: what it sends, and how it decodes a lying reply. */
describe("HttpFilterPreview", () => {
  let server: ScriptedApi;
  let baseUrl: string;
  beforeEach(async () => ({ server, baseUrl } = await startScriptedApi()));
  afterEach(() => server.close());
  const preview = () => new HttpFilterPreview(makeApi(baseUrl).api);

  it("sends { filter: { if, actions: [DROP] }, payload } and reads result null as dropped, an object as kept", async () => {
    server.script.push(
      { body: { data: { inputPayload: EVENT, result: null } } },
      { body: { data: { inputPayload: EVENT, result: EVENT } } },
    );
    expect(await preview().dropsEvent("event = 'A'", EVENT)).toBe(true);
    expect(await preview().dropsEvent("event = 'B'", EVENT)).toBe(false);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /destination/filters/preview",
      "POST /destination/filters/preview",
    ]);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ filter: { if: "event = 'A'", actions: [{ type: "DROP" }] }, payload: EVENT });
  });

  it("a lying server: result absent, a string, a number, true or a list is a malformed reply (ApiError), never a decision", async () => {
    for (const result of [undefined, "null", 0, true, [EVENT]]) {
      server.script.push({ body: { data: { inputPayload: EVENT, ...(result === undefined ? {} : { result }) } } });
      const error = await preview()
        .dropsEvent("all", EVENT)
        .catch((e: unknown) => e);
      expect(error, JSON.stringify(result)).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toMatch(
        /malformed reply from the API: `data\.result` is .*, not an object \(the event kept\) or null \(the event dropped\)/,
      );
    }
    server.script.push({ body: { result: null } });
    await expect(preview().dropsEvent("all", EVENT)).rejects.toThrow(/has no `data` object/);
  });

  it("a 5xx is retried like a GET's (a preview changes nothing), not an unknown outcome", async () => {
    server.script.push({ status: 503 }, { body: { data: { inputPayload: EVENT, result: null } } });
    expect(await preview().dropsEvent("all", EVENT)).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  // 401 is what the Public API's error table gives a token without permission for the resource; 403 is kept in case a server sends it.
  it.each([
    [401, "Unauthorized"],
    [403, "Forbidden"],
  ])("%i: names what the token needs, with the server's words and without the token", async (status, type) => {
    server.script.push({ status, body: { errors: [{ type, message: `no access for ${TOKEN}` }] } });
    const error = (await preview()
      .dropsEvent("all", EVENT)
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toContain(`POST /destination/filters/preview: HTTP ${status}: ${type}: no access for [redacted].`);
    expect(error.message).toContain("needs a token that may read the destination filters");
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain("Protocols");
  });
});
