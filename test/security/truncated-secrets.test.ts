import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SecretRegistry, redactingStream } from "../../src/secrets/redact.js";
import { shorten, withCutRedactor } from "../../src/secrets/redact-cuts.js";
import { createProgress } from "../../src/apply/progress.js";
import { withStatusLine, silentLogger } from "../../src/log.js";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";
import { TOKEN, startScriptedApi } from "../live/helpers.js";

/**
 * Output shortens long text (a reply snippet at 160 characters, a long test value at 2,000, a divergence
 * at 120, the progress line at the terminal's width, a diff excerpt that starts mid-string). A secret cut
 * there would no longer be whole and would pass the boundary's redactor, showing its first or last
 * characters; so transync redacts text before it cuts it (src/secrets/redact-cuts.ts). The boundary itself
 * replaces whole secrets only (test/security/redaction-oracle.test.ts says why).
 */
const SECRET = "ghs_0123456789abcdefghijklmnopqrstuvwxyz";
const pieces = (secret: string): string[] => [secret.slice(0, 6), secret.slice(-6)];

function registry(): SecretRegistry {
  const secrets = new SecretRegistry();
  secrets.add(SECRET);
  return secrets;
}

describe("a cut made by transync", () => {
  it("redacts the run's secrets before it cuts, so no part of one is left at the cut", () => {
    const secrets = registry();
    const cut = withCutRedactor(
      (text) => secrets.redact(text),
      () => shorten(`reply: bad ${SECRET}`, 20),
    );
    expect(cut).toBe("reply: bad [redacted…");
  });

  it("outside a run (nothing registered) cuts the text as is", () => {
    expect(shorten("abcdef", 3)).toBe("abc…");
    expect(shorten("abc", 3)).toBe("abc");
  });

  it("the boundary alone leaves a piece of a secret before an ellipsis as written: it cannot know who wrote it", () => {
    expect(registry().redact(`x ${SECRET.slice(0, 20)}… and …${SECRET.slice(-15)}`)).toBe(
      `x ${SECRET.slice(0, 20)}… and …${SECRET.slice(-15)}`,
    );
  });
});

describe("the apply progress line", () => {
  it("cut at the terminal's width, shows no part of a secret in an object's name", () => {
    let out = "";
    const secrets = registry();
    const stream = withStatusLine(redactingStream({ write: (s: string) => ((out += s), true), isTTY: true, columns: 40 }, secrets));
    withCutRedactor(
      (text) => secrets.redact(text),
      () => {
        const progress = createProgress({ stream, logger: silentLogger(), total: 1 });
        progress.onEvent({ type: "start", index: 0, kind: "create", name: `echo ${SECRET}` });
        progress.finish();
      },
    );
    expect(out).toContain("[redacted");
    for (const piece of pieces(SECRET)) expect(out).not.toContain(piece);
  });
});

describe("cuts in the output of commands", () => {
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

  it("a reply that is not JSON, its snippet cut at 160 characters across GITHUB_TOKEN", async () => {
    server.script.push({ status: 200, body: `${"x".repeat(150)} ${SECRET} and more` });
    const res = await runCli(["plan", "--api-url", baseUrl], { env: { SEGMENT_API_TOKEN: TOKEN, GITHUB_TOKEN: SECRET }, cwd: project.dir });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("[redacted…");
    for (const piece of pieces(SECRET)) expect(res.stdout + res.stderr).not.toContain(piece);
  });

  it("transync test: a value cut at 2,000 characters across a hash key", async () => {
    const key = "hash-key-0123456789-abcdefghij";
    // The value starts 37 characters into the event's JSON: the key straddles the cut at 2,000.
    const long = `${"y".repeat(1_950)}${key}`;
    const cases = [
      {
        name: "long",
        source: "src_1",
        event: { type: "track", properties: { note: long } },
        expect: { event: { type: "track", properties: {} } },
      },
    ];
    project.write("tests/a.yaml", JSON.stringify({ apiVersion: "transync/v1", kind: "TransformationTest", cases }));
    const res = await runCli(["test"], { env: { TRANSYNC_KEY_EMAIL: key }, cwd: project.dir });
    expect(res.code, res.stderr).toBe(1);
    expect(res.stdout).toContain("[redac");
    for (const piece of pieces(key)) expect(res.stdout).not.toContain(piece);
  });
});
