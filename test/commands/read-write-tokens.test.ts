import { afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import type { Plan } from "../../src/plan/types.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { prodWorkspace } from "../helpers/two-environments.js";
import { PASSING, TRANSFORMATIONS } from "./test-fixtures.js";

/**
 * Issue 34, read and write tokens: `environments.<env>.planTokenEnv` is the variable plan, import and
 * test --check-with-segment read; apply and reconcile read `tokenEnv` (SEGMENT_API_TOKEN by default).
 * The prod workspace has two tokens: READ (Segment's read-only kind: every write is a 403) and WRITE.
 */
const READ = "prd-read-token";
const WRITE = "prd-write-token";

describe("read and write tokens", () => {
  let emulator: RunningEmulator;
  let project: TempProject;

  const start = async (environment: string) => {
    emulator = await startTestEmulator({ workspaces: [prodWorkspace({ tokens: [WRITE], readOnlyTokens: [READ] })] });
    project = tempProject({ "transformations/a.yaml": doc("A", "src_prd_web") });
    project.write("transync.yaml", projectFile(environment));
  };
  const projectFile = (environment: string) =>
    `apiVersion: transync/v1\napiUrl: "${emulator.url}"\ndefaultEnvironment: prod\nenvironments:\n  prod: { workspace: prd${environment} }\n`;
  const run = (env: Record<string, string>, ...args: string[]) =>
    runCli(args, { cwd: project.dir, env: { ...env, TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host } });
  const liveNames = async () => {
    const reply = await fetch(`${emulator.url}/transformations`, { headers: { authorization: `Bearer ${WRITE}` } });
    const body = (await reply.json()) as { data: { transformations: Array<{ name: string }> } };
    return body.data.transformations.map((t) => t.name);
  };

  afterEach(async () => {
    await emulator?.close();
    project?.cleanup();
  });

  it("with planTokenEnv set and tokenEnv unset, plan works and apply names the variable it needs, writing nothing", async () => {
    await start(", planTokenEnv: SEGMENT_API_TOKEN_PROD_READ");
    const plan = await run({ SEGMENT_API_TOKEN_PROD_READ: READ }, "plan", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    expect((JSON.parse(plan.stdout) as Plan).workspaceId).toBe("ws_prd");
    const apply = await run({ SEGMENT_API_TOKEN_PROD_READ: READ }, "apply", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('SEGMENT_API_TOKEN is not set (the write token of environment "prod"');
    expect(apply.stderr).toContain("planTokenEnv SEGMENT_API_TOKEN_PROD_READ is read only by");
    expect(apply.stderr).not.toContain("at ");
    expect(apply.stderr).not.toContain(READ);
    expect(await liveNames()).toEqual([]);
  });

  it("plan reads planTokenEnv and never tokenEnv; apply reads tokenEnv and never planTokenEnv", async () => {
    await start(", tokenEnv: SEGMENT_API_TOKEN_PROD, planTokenEnv: SEGMENT_API_TOKEN_PROD_READ");
    // plan with the write variable unset: it does not need it.
    const plan = await run({ SEGMENT_API_TOKEN_PROD_READ: READ }, "plan");
    expect(plan.code, plan.stderr).toBe(0);
    // apply with the read variable holding the read-only token: were it used, the create would be a 403.
    const apply = await run({ SEGMENT_API_TOKEN_PROD_READ: READ, SEGMENT_API_TOKEN_PROD: WRITE }, "apply", "--auto-approve");
    expect(apply.code, apply.stderr).toBe(0);
    expect(await liveNames()).toEqual(["A"]);
    const output = plan.stdout + plan.stderr + apply.stdout + apply.stderr;
    expect(output).not.toContain(READ);
    expect(output).not.toContain(WRITE);
  });

  it("the read token really is refused writes: apply given it as tokenEnv fails with 403 naming the variable", async () => {
    await start(", tokenEnv: SEGMENT_API_TOKEN_PROD");
    const apply = await run({ SEGMENT_API_TOKEN_PROD: READ }, "apply", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain("403");
    expect(apply.stderr).toContain("SEGMENT_API_TOKEN_PROD");
    expect(await liveNames()).toEqual([]);
  });

  it("a missing read token names planTokenEnv's variable", async () => {
    await start(", tokenEnv: SEGMENT_API_TOKEN_PROD, planTokenEnv: SEGMENT_API_TOKEN_PROD_READ");
    const plan = await run({ SEGMENT_API_TOKEN_PROD: WRITE }, "plan");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'SEGMENT_API_TOKEN_PROD_READ is not set (the read token of environment "prod", planTokenEnv in transync.yaml)',
    );
  });

  it("import reads with planTokenEnv", async () => {
    await start(", tokenEnv: SEGMENT_API_TOKEN_PROD, planTokenEnv: SEGMENT_API_TOKEN_PROD_READ");
    const imported = await run({ SEGMENT_API_TOKEN_PROD_READ: READ }, "import", "--env", "prod");
    expect(imported.code, imported.stderr).toBe(0);
  });

  it("unset planTokenEnv: plan reads tokenEnv as before", async () => {
    await start(", tokenEnv: SEGMENT_API_TOKEN_PROD");
    const plan = await run({ SEGMENT_API_TOKEN_PROD: WRITE }, "plan");
    expect(plan.code, plan.stderr).toBe(0);
  });

  it("planTokenEnv must follow tokenEnv's naming rule: another secret's name is a validate error", async () => {
    await start(", planTokenEnv: GITHUB_TOKEN");
    const validate = await run({}, "validate");
    expect(validate.code).toBe(1);
    expect(validate.stdout + validate.stderr).toMatch(/transync\.yaml:5:\d+.*planTokenEnv/);
  });

  it("a pull-request plan reads the base's planTokenEnv, not the one the head names", async () => {
    await start(", tokenEnv: SEGMENT_API_TOKEN_PROD, planTokenEnv: SEGMENT_API_TOKEN_PROD_READ");
    git(project.dir, "init", "-q");
    commitAll(project.dir, "base");
    git(project.dir, "branch", "base");
    project.write("transync.yaml", projectFile(", tokenEnv: SEGMENT_API_TOKEN_PROD, planTokenEnv: SEGMENT_API_TOKEN_PROD"));
    commitAll(project.dir, "head reads with the write token");
    const env = { SEGMENT_API_TOKEN_PROD_READ: READ, SEGMENT_API_TOKEN_PROD: "not-the-token-a-plan-reads" };
    const plan = await run(env, "plan", "--base", "base", "--format", "json");
    expect(plan.code, plan.stderr).toBe(0);
    const parsed = JSON.parse(plan.stdout) as Plan;
    expect(parsed.pullRequest?.environment).toMatchObject({ name: "prod", tokenEnv: "SEGMENT_API_TOKEN_PROD_READ" });
    expect(parsed.pullRequest?.settingChanges).toEqual([
      { setting: "planTokenEnv", env: "prod", base: "SEGMENT_API_TOKEN_PROD_READ", head: "SEGMENT_API_TOKEN_PROD", inThisPlan: false },
    ]);
  });

  it("reconcile reads tokenEnv: with only the read token it names the write variable and writes nothing", async () => {
    await start(", tokenEnv: SEGMENT_API_TOKEN_PROD, planTokenEnv: SEGMENT_API_TOKEN_PROD_READ");
    const readOnly = await run({ SEGMENT_API_TOKEN_PROD_READ: READ }, "reconcile", "--once");
    expect(readOnly.code).toBe(1);
    // reconcile logs its cycle's error as a JSON line: the quotes are escaped there.
    expect(readOnly.stderr).toContain("SEGMENT_API_TOKEN_PROD is not set (the write token of environment");
    expect(readOnly.stderr).toContain("tokenEnv in transync.yaml; apply and reconcile read it");
    expect(await liveNames()).toEqual([]);
    const both = await run({ SEGMENT_API_TOKEN_PROD_READ: READ, SEGMENT_API_TOKEN_PROD: WRITE }, "reconcile", "--once");
    expect(both.code, both.stderr).toBe(0);
    expect(await liveNames()).toEqual(["A"]);
  });

  it("test --check-with-segment reads planTokenEnv", async () => {
    emulator = await startTestEmulator({ workspaces: [testWorkspace()] });
    project = tempProject({
      "transync.yaml": `apiVersion: transync/v1\napiUrl: "${emulator.url}"\nenvironments:\n  staging: { tokenEnv: SEGMENT_API_TOKEN_STAGING, planTokenEnv: SEGMENT_API_TOKEN_STAGING_READ, sources: { web: src_stg_web } }\ndefaultEnvironment: staging\n`,
      "transformations/all.yaml": TRANSFORMATIONS,
      "tests/a.yaml": PASSING,
    });
    const checked = await run({ SEGMENT_API_TOKEN_STAGING_READ: TEST_TOKEN }, "test", "--check-with-segment");
    expect(checked.code, checked.stderr).toBe(0);
  });
});
