import { describe, expect, it } from "vitest";
import { doc } from "../helpers/project.js";
import { PRD, STG, useTwoEnvironments } from "../helpers/two-environments.js";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject } from "../helpers/project.js";
import { PASSING, TRANSFORMATIONS } from "./test-fixtures.js";

/**
 * Issue 33, finding 10: an error about the token names the variable that was read (the
 * environment's `tokenEnv`), never SEGMENT_API_TOKEN when that variable was not the one read.
 */
describe("token errors name the variable actually read", () => {
  const two = useTwoEnvironments();

  it("a 401 with an environment's tokenEnv names that variable, not SEGMENT_API_TOKEN", async () => {
    await two.start();
    two.writeProjectFile();
    two.project.write("transformations/a.yaml", doc("A", "src_prd_web"));
    const env = {
      SEGMENT_API_TOKEN_PROD: "revoked-token",
      SEGMENT_API_TOKEN: PRD,
      TRANSYNC_ALLOW_API_HOSTS: new URL(two.emulator.url).host,
    };
    const run = await runCli(["plan", "--env", "prod"], { env, cwd: two.project.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("HTTP 401");
    expect(run.stderr).toContain("Check that SEGMENT_API_TOKEN_PROD is a valid token");
    expect(run.stderr).not.toMatch(/SEGMENT_API_TOKEN(?!_PROD)/);
  });

  it("without tokenEnv the 401 names SEGMENT_API_TOKEN, the variable read", async () => {
    await two.start();
    two.project.write("transync.yaml", `apiVersion: transync/v1\napiUrl: "${two.emulator.url}"\n`);
    two.project.write("transformations/a.yaml", doc("A", "src_prd_web"));
    const env = { SEGMENT_API_TOKEN: "revoked-token", TRANSYNC_ALLOW_API_HOSTS: new URL(two.emulator.url).host };
    const run = await runCli(["plan"], { env, cwd: two.project.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Check that SEGMENT_API_TOKEN is a valid token");
  });

  it("a saved plan applied with a token of another workspace names the environment's tokenEnv", async () => {
    await two.start();
    const url = two.emulator.url;
    // tokenEnv without a workspace binding: only the plan's own workspace check can catch the wrong token.
    two.project.write(
      "transync.yaml",
      `apiVersion: transync/v1\nenvironments:\n  prod: { tokenEnv: SEGMENT_API_TOKEN_PROD, apiUrl: "${url}" }\n`,
    );
    two.project.write("transformations/a.yaml", doc("A", "src_prd_web"));
    const host = { TRANSYNC_ALLOW_API_HOSTS: new URL(url).host };
    const plan = await runCli(["plan", "--env", "prod", "--out", "plan.json"], {
      env: { ...host, SEGMENT_API_TOKEN_PROD: PRD },
      cwd: two.project.dir,
    });
    expect(plan.code, plan.stderr).toBe(0);
    const apply = await runCli(["apply", "plan.json"], { env: { ...host, SEGMENT_API_TOKEN_PROD: STG }, cwd: two.project.dir });
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain("but SEGMENT_API_TOKEN_PROD (and the API URL) reach workspace ws_stg");
  });

  it("test --check-with-segment refused the preview: the advice names the environment's tokenEnv", async () => {
    const emulator = await startTestEmulator({ workspaces: [{ ...testWorkspace(), filterPreview: { permitted: false } }] });
    const project = tempProject({
      "transync.yaml": `apiVersion: transync/v1\napiUrl: "${emulator.url}"\nenvironments:\n  staging: { tokenEnv: SEGMENT_API_TOKEN_STAGING, sources: { web: src_stg_web } }\ndefaultEnvironment: staging\n`,
      "transformations/all.yaml": TRANSFORMATIONS,
      "tests/a.yaml": PASSING,
    });
    try {
      const env = { SEGMENT_API_TOKEN_STAGING: TEST_TOKEN, TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host };
      const run = await runCli(["test", "--check-with-segment"], { env, cwd: project.dir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("SEGMENT_API_TOKEN_STAGING");
      expect(run.stderr).not.toMatch(/SEGMENT_API_TOKEN(?!_STAGING)/);
    } finally {
      await emulator.close();
      project.cleanup();
    }
  });
});
