import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";
import { TOKEN, startScriptedApi } from "../live/helpers.js";
import { SecretRegistry } from "../../src/secrets/redact.js";
import { escapeHtml, escapeText } from "../../src/escape/markdown-escape.js";

/**
 * A hash key is any string the operator chose, quotes and backslashes included. The boundary
 * redactor sees text after transync's own encoders ran: JSON (reports, JSON log lines), XML (junit),
 * HTML and Markdown escapes (PR comments). A secret written in any of those forms must be caught too.
 */
const KEY = `k"ey\\with<&>_*|quotes`;
const ENCODED = {
  json: JSON.stringify(KEY).slice(1, -1),
  jsonTwice: JSON.stringify(JSON.stringify(KEY)).slice(3, -3),
  html: escapeHtml(KEY),
  markdown: escapeText(KEY),
  url: encodeURIComponent(KEY),
};

describe("SecretRegistry redacts a secret in the forms transync's encoders write it", () => {
  it.each(Object.entries(ENCODED))("%s", (_form, encoded) => {
    const secrets = new SecretRegistry();
    secrets.add(KEY);
    expect(encoded).not.toBe(KEY);
    expect(secrets.redact(`before ${encoded} after`)).toBe("before [redacted] after");
  });
});

describe("a server echoing a hash key with quotes in an error", () => {
  let server: ScriptedApi;
  let baseUrl: string;
  let project: TempProject;
  beforeEach(async () => {
    ({ server, baseUrl } = await startScriptedApi());
    const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };
    project = tempProject({ "transformations/a.yaml": doc("Hashed", "src_1", { hashPropertiesConfiguration: hash }) });
  });
  afterEach(async () => {
    await server.close();
    project.cleanup();
  });

  it("apply --format json and its JSON log lines never hold it, in any form", async () => {
    const echo = {
      status: 422,
      body: { errors: [{ type: "ValidationError", field: "hashPropertiesConfiguration.key", message: `bad key ${KEY}` }] },
    };
    for (let i = 0; i < 10; i++) server.script.push((req) => (req.method === "POST" ? echo : undefined));
    const env = { SEGMENT_API_TOKEN: TOKEN, TRANSYNC_KEY_EMAIL: KEY, TRANSYNC_LOG_LEVEL: "debug" };
    const res = await runCli(["apply", "--auto-approve", "--api-url", baseUrl, "--format", "json"], { env, cwd: project.dir });
    expect(res.code).toBe(1);
    expect(res.stdout + res.stderr).toContain("bad key [redacted]");
    for (const encoded of [KEY, ...Object.values(ENCODED)]) expect(res.stdout + res.stderr).not.toContain(encoded);
  });
});

describe("transync test: a case whose events hold the hash key and the token", () => {
  it.each(["text", "json", "junit"])("--format %s prints neither, in any form", async (format) => {
    const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };
    const project = tempProject({
      "transformations/a.yaml": doc("Hashed", "src_1", { if: "all", hashPropertiesConfiguration: hash }),
      "tests/a.yaml": JSON.stringify({
        apiVersion: "transync/v1",
        kind: "TransformationTest",
        cases: [
          {
            name: "leaks",
            source: "src_1",
            event: { type: "track", properties: { email: "a@b.c", note: `${TOKEN} ${KEY}` } },
            expect: { event: { type: "track", properties: { email: KEY, note: TOKEN } } },
          },
        ],
      }),
    });
    try {
      const res = await runCli(["test", "--format", format], {
        env: { SEGMENT_API_TOKEN: TOKEN, TRANSYNC_KEY_EMAIL: KEY },
        cwd: project.dir,
      });
      expect(res.code, res.stderr).toBe(1);
      expect(res.stdout).toContain("[redacted]");
      for (const secret of [KEY, ...Object.values(ENCODED), TOKEN]) expect(res.stdout + res.stderr).not.toContain(secret);
    } finally {
      project.cleanup();
    }
  });
});
