import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors.js";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";
import { makeApi, TOKEN, startScriptedApi } from "../live/helpers.js";

/**
 * An (allowed) API server that answers with a redirect must not make transync send anything to the
 * other host: fetch drops the Authorization header across origins, but re-sends the body of a 307/308,
 * and a create or update body holds the hash key read from the environment.
 */
const TRANSYNC_KEY_EMAIL = "hash-key-from-the-environment";

let api: ScriptedApi;
let other: ScriptedApi;
let apiUrl: string;
let otherUrl: string;
beforeEach(async () => {
  ({ server: api, baseUrl: apiUrl } = await startScriptedApi());
  ({ server: other, baseUrl: otherUrl } = await startScriptedApi());
});
afterEach(async () => {
  await api.close();
  await other.close();
});

const redirect = (status: number) => ({ status, headers: { location: `${otherUrl}/collect` }, body: "" });
const body = {
  name: "A",
  sourceId: "src_1",
  enabled: true,
  if: "all",
  hashPropertiesConfiguration: { algorithm: "SHA256", paths: ["properties.email"], key: TRANSYNC_KEY_EMAIL },
};

describe("a redirect from the API server is not followed", () => {
  it.each([301, 302, 303, 307, 308])(
    "POST answered %i: nothing reaches the other host; an ApiError naming the redirect",
    async (status) => {
      api.script.push(redirect(status));
      const { api: client } = makeApi(apiUrl);
      const error = await client.create(body as never).catch((e: unknown) => e);
      expect(other.requests).toEqual([]);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toMatch(new RegExp(`HTTP ${status}.*redirect.*${otherUrl}/collect.*not followed`));
    },
  );

  it("GET answered 302: the list is not read from the other host", async () => {
    api.script.push(redirect(302));
    const { api: client } = makeApi(apiUrl);
    await expect(client.listPage()).rejects.toBeInstanceOf(ApiError);
    expect(other.requests).toEqual([]);
    expect(api.requests).toHaveLength(1);
  });
});

describe("apply against a redirecting server", () => {
  let project: TempProject;
  beforeEach(() => {
    const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };
    project = tempProject({ "transformations/a.yaml": doc("Hashed", "src_1", { hashPropertiesConfiguration: hash }) });
  });
  afterEach(() => project.cleanup());

  it("exit 1; the hash key and the token never reach the other host; the output names the redirect", async () => {
    // Scripted answers are taken one per request: the reads before the POST are served from the store.
    for (let i = 0; i < 10; i++) api.script.push((req) => (req.method === "POST" ? redirect(307) : undefined));
    const env = { SEGMENT_API_TOKEN: TOKEN, TRANSYNC_KEY_EMAIL };
    const res = await runCli(["apply", "--auto-approve", "--api-url", apiUrl], { env, cwd: project.dir });
    expect(res.code).toBe(1);
    expect(api.requests.some((r) => r.method === "POST" && r.body.includes(TRANSYNC_KEY_EMAIL))).toBe(true);
    expect(other.requests).toEqual([]);
    expect(res.stderr).toContain("redirect");
    expect(res.stdout + res.stderr).not.toContain(TRANSYNC_KEY_EMAIL);
  });
});
