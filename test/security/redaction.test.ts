import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors.js";
import { main } from "../../src/cli.js";
import { SecretRegistry, redactingStream } from "../../src/secrets/redact.js";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";
import { makeApi, TOKEN, startScriptedApi } from "../live/helpers.js";

/** The token as a JSON string escape sequence, so it is not in the reply's text as such. */
const escaped = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

let server: ScriptedApi;
let baseUrl: string;
let project: TempProject;
beforeEach(async () => {
  ({ server, baseUrl } = await startScriptedApi());
  project = tempProject({ "transformations/a.yaml": doc("Kept-document", "src_1") });
});
afterEach(async () => {
  await server.close();
  project.cleanup();
});

describe("strings of an error reply are scrubbed of the token", () => {
  it("an error's type, field and message", async () => {
    server.script.push({ status: 422, body: { errors: [{ type: `Bad ${TOKEN}`, field: `if ${TOKEN}`, message: `echo ${TOKEN}` }] } });
    const { api } = makeApi(baseUrl);
    const error = (await api.get("x").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(JSON.stringify(error.errors)).not.toContain(TOKEN);
    expect(error.errors[0]).toEqual({ type: "Bad [redacted]", field: "if [redacted]", message: "echo [redacted]" });
    expect(error.message).not.toContain(TOKEN);
  });

  it("a success's data is live state, kept as the server holds it (even \\u-escaped): the output boundary redacts it", async () => {
    const body = `{"data":{"transformations":[{"id":"tf_1","name":"steal ${escaped}","sourceId":"src_1","enabled":true,"if":"event = '${TOKEN}'","newEventName":"x${TOKEN}"}],"pagination":{"current":"MA==","totalEntries":1}}}`;
    server.script.push({ body });
    const { api } = makeApi(baseUrl);
    const page = await api.listPage();
    // Verification and the next plan compare these with what was written: "[redacted]" here would never converge.
    expect(page.items[0]).toMatchObject({ name: `steal ${TOKEN}`, if: `event = '${TOKEN}'`, newEventName: `x${TOKEN}` });
  });
});

describe("nothing printed holds the token", () => {
  const env = (): NodeJS.ProcessEnv => ({ SEGMENT_API_TOKEN: TOKEN, TRANSYNC_LOG_LEVEL: "trace" });

  it("plan --prune with a live name, an error field and type echoing the token, in every format", async () => {
    server.seed(1, () => ({ name: `steal ${TOKEN}`, workspaceId: "ws_1" }));
    for (const format of ["text", "json", "markdown"]) {
      const res = await runCli(["plan", "--prune", "--api-url", baseUrl, "--format", format, "--debug"], { env: env(), cwd: project.dir });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toContain("steal [redacted]");
      expect(res.stdout + res.stderr).not.toContain(TOKEN);
    }
    server.script.push({ status: 422, body: { errors: [{ type: `T${TOKEN}`, field: `F${TOKEN}`, message: `M${TOKEN}` }] } });
    const failed = await runCli(["plan", "--api-url", baseUrl, "--debug"], { env: env(), cwd: project.dir });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("F[redacted]");
    expect(failed.stdout + failed.stderr).not.toContain(TOKEN);
  });
});

describe("the output boundary redacts every registered secret", () => {
  it("SecretRegistry ignores short values and redacts the longest secret first", () => {
    const secrets = new SecretRegistry();
    secrets.add("abc");
    secrets.add(undefined);
    secrets.add("hunter2-key");
    secrets.add("hunter2-key-long");
    expect(secrets.redact("abc hunter2-key-long hunter2-key")).toBe("abc [redacted] [redacted]");
  });

  it("a stream keeps isTTY and columns and redacts secrets added after it was made", () => {
    let out = "";
    const secrets = new SecretRegistry();
    const stream = redactingStream({ write: (s: string) => ((out += s), true), isTTY: true, columns: 80 }, secrets);
    secrets.add("added-at-run-time");
    stream.write("key=added-at-run-time\n");
    expect(out).toBe("key=[redacted]\n");
    expect(stream.isTTY).toBe(true);
    expect(stream.columns).toBe(80);
  });

  it("main() wraps stdout, stderr and the logger: GITHUB_TOKEN and SEGMENT_API_TOKEN never come out", async () => {
    // Secrets chosen to collide with what transync prints: a document name (stdout), a path in a log line
    // (logger), the API URL in an error message (stderr).
    let stdout = "";
    let stderr = "";
    const code = await main(["node", "transync", "plan", "--api-url", baseUrl, "--log-level", "debug"], {
      stdout: { write: (s: string) => ((stdout += s), true), isTTY: false },
      stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
      env: { SEGMENT_API_TOKEN: "apiCalls", GITHUB_TOKEN: "Kept-document" },
      cwd: project.dir,
    });
    expect(code).toBe(0);
    expect(stdout).toContain("[redacted]");
    expect(stdout).not.toContain("Kept-document");
    expect(stderr).toContain('"[redacted]":');
    expect(stderr).not.toContain("apiCalls");
  });
});
