import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import type { ScriptedApi } from "../helpers/scripted-api.js";
import { TOKEN, startScriptedApi } from "../live/helpers.js";

/**
 * A saved plan is an artifact (CI uploads it): it must hold no registered secret, even one a server
 * echoed into live state (the API token included: a reply's data is kept as the server holds it, so
 * that what apply wrote reads back equal). The plan itself is redacted, and its digest made over the
 * redacted plan, so `apply PLANFILE` still accepts it.
 */
const KEY = "hash-key-echoed-by-the-server";
const GITHUB = "ghs_github-token-echoed";
const SECRETS = [KEY, GITHUB, TOKEN];

let server: ScriptedApi;
let baseUrl: string;
let project: TempProject;
const env = { SEGMENT_API_TOKEN: TOKEN, TRANSYNC_KEY_EMAIL: KEY, GITHUB_TOKEN: GITHUB };
beforeEach(async () => {
  ({ server, baseUrl } = await startScriptedApi());
  // An unmanaged object (deleted with --prune) whose name, FQL and hash key echo the secrets.
  const echoed = { algorithm: "SHA256", paths: ["properties.email"], key: KEY };
  server.seed(1, () => ({
    name: `copy ${GITHUB} ${KEY} ${TOKEN}`,
    if: `event = '${KEY}'`,
    newEventName: GITHUB,
    hashPropertiesConfiguration: echoed,
  }));
  const hash = { algorithm: "SHA256", paths: ["properties.email"], key: { fromEnv: "TRANSYNC_KEY_EMAIL" } };
  project = tempProject({ "transformations/a.yaml": doc("Hashed", "src_1", { hashPropertiesConfiguration: hash }) });
});
afterEach(async () => {
  await server.close();
  project.cleanup();
});

describe("a saved plan holds no registered secret", () => {
  it.each(["text", "json", "markdown"])(
    "plan --prune --out FILE --format %s: neither the file nor the output holds one",
    async (format) => {
      const res = await runCli(["plan", "--prune", "--api-url", baseUrl, "--format", format, "--out", "plan.json"], {
        env,
        cwd: project.dir,
      });
      expect(res.code, res.stderr).toBe(0);
      const saved = readFileSync(join(project.dir, "plan.json"), "utf8");
      expect(saved).toContain("[redacted]");
      for (const secret of SECRETS) expect(saved + res.stdout + res.stderr).not.toContain(secret);
    },
  );

  it("the redacted plan, saved with --out or from --format json on stdout, is accepted by apply PLANFILE", async () => {
    const res = await runCli(["plan", "--prune", "--api-url", baseUrl, "--format", "json", "--out", "plan.json"], {
      env,
      cwd: project.dir,
    });
    expect(res.code, res.stderr).toBe(0);
    project.write("stdout-plan.json", res.stdout);
    expect(res.stdout).toBe(readFileSync(join(project.dir, "plan.json"), "utf8"));
    const applied = await runCli(["apply", "stdout-plan.json", "--auto-approve", "--api-url", baseUrl], { env, cwd: project.dir });
    // This fake server returns the hash key it was sent (the API never does): apply's read-back
    // compares it with the key it sent (the variable's value), not with the `fromEnv` reference.
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout, applied.stderr).toContain("Apply: 1 created, 0 updated, 1 deleted, 0 failed.");
    expect(applied.stdout).not.toMatch(/did not converge/i);
    expect(server.count("DELETE")).toBe(1);
    expect(server.count("POST")).toBe(1);
    for (const secret of SECRETS) expect(applied.stdout + applied.stderr).not.toContain(secret);
  });
});

describe("imported documents hold no registered secret", () => {
  it("import --out DIR: a live name and FQL that echo GITHUB_TOKEN and the API token are written as [redacted]", async () => {
    const res = await runCli(["import", "--out", "imported", "--api-url", baseUrl], { env, cwd: project.dir });
    expect(res.code, res.stderr).toBe(0);
    const written = res.stdout
      .split("\n")
      .filter((l) => l.startsWith("  "))
      .map((l) => readFileSync(join(project.dir, l.trim()), "utf8"));
    expect(written.join("")).toContain("[redacted]");
    for (const secret of [GITHUB, TOKEN]) expect(written.join("") + res.stdout + res.stderr).not.toContain(secret);
  });
});
