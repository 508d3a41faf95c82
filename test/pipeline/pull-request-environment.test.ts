import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import type { Plan } from "../../src/plan/types.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { PRD, prodWorkspace, STG, stagingWorkspace } from "../helpers/two-environments.js";

/**
 * Issue 33, finding 4: a pull request added `evil: {}` and `defaultEnvironment: evil` to
 * transync.yaml; `plan --base main` without --env (the Action's default) read the workspace the
 * default token reaches, with no workspace check, and exited 0. The environment of a pull-request
 * plan is the operator's --env or the base's defaultEnvironment, and one the base defines.
 */
describe("a pull-request plan's environment comes from the base, never from the head", () => {
  let emulator: RunningEmulator;
  let repo: TempProject;

  const projectFile = (extra: string) =>
    [
      "apiVersion: transync/v1",
      `apiUrl: "${emulator.url}"`,
      "environments:",
      "  staging: { workspace: stg, tokenEnv: SEGMENT_API_TOKEN_STAGING }",
      "  prod: { workspace: prd, tokenEnv: SEGMENT_API_TOKEN_PROD }",
      extra,
    ].join("\n");

  const run = (...args: string[]) =>
    runCli(args, {
      cwd: repo.dir,
      env: {
        // The default token reaches staging: what a hostile environment without tokenEnv would read with.
        SEGMENT_API_TOKEN: STG,
        SEGMENT_API_TOKEN_STAGING: STG,
        SEGMENT_API_TOKEN_PROD: PRD,
        TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host,
      },
    });

  beforeEach(async () => {
    emulator = await startTestEmulator({ workspaces: [stagingWorkspace(), prodWorkspace()] });
    repo = tempProject({ "transformations/a.yaml": doc("A", "src_prd_web") });
    repo.write("transync.yaml", projectFile("defaultEnvironment: prod\n"));
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
    git(repo.dir, "branch", "base");
    repo.write("transync.yaml", projectFile("  evil: {}\ndefaultEnvironment: evil\n"));
    commitAll(repo.dir, "head adds an unbound environment and makes it the default");
  });
  afterEach(async () => {
    await emulator.close();
    repo.cleanup();
  });

  it("without --env the plan reads the base's defaultEnvironment, with its token and workspace, and says so", async () => {
    const res = await run("plan", "--base", "base", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as Plan;
    expect(plan.workspaceId).toBe("ws_prd");
    expect(plan.origin.env).toBe("prod");
    expect(plan.pullRequest?.environment).toEqual({ name: "prod", from: "base", tokenEnv: "SEGMENT_API_TOKEN_PROD", workspace: "prd" });
    expect(plan.pullRequest?.settingChanges).toEqual([{ setting: "defaultEnvironment", base: "prod", head: "evil", inThisPlan: false }]);
  });

  it("text and Markdown name the environment, who chose it, its token variable and workspace, and the ignored default", async () => {
    const text = await run("plan", "--base", "base");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      "Environment `prod` (the base's defaultEnvironment): token from `SEGMENT_API_TOKEN_PROD`, bound to workspace `prd`; read workspace ws_prd.",
    );
    expect(text.stdout).toContain("! defaultEnvironment is now `evil`, was `prod`: the base's is used until merged.");
    const markdown = await run("plan", "--base", "base", "--format", "markdown");
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).toContain(
      "Environment `prod` (the base's defaultEnvironment): token from `SEGMENT_API_TOKEN_PROD`, bound to workspace `prd`; read workspace `ws_prd`.",
    );
    expect(markdown.stdout).toContain("> - defaultEnvironment is now `evil`, was `prod`: the base's is used until merged.");
  });

  it("--env naming an environment the base does not define is refused before any request", async () => {
    const res = await run("plan", "--base", "base", "--env", "evil");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`environment "evil" (from --env) is not defined in the base's transync.yaml ("base", `);
    expect(res.stderr).toContain('The base defines: "staging", "prod".');
    expect(emulator.stats().requests).toBe(0);
  });

  it("--env naming an environment the base defines is planned with the base's binding", async () => {
    const res = await run("plan", "--base", "base", "--env", "staging", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as Plan;
    expect(plan.workspaceId).toBe("ws_stg");
    expect(plan.pullRequest?.environment).toEqual({
      name: "staging",
      from: "--env",
      tokenEnv: "SEGMENT_API_TOKEN_STAGING",
      workspace: "stg",
    });
  });

  it("a head that rebinds the environment's workspace and token variable is shown so, and planned with the base's", async () => {
    git(repo.dir, "checkout", "-q", "-b", "rebind", "base");
    repo.write(
      "transync.yaml",
      projectFile("defaultEnvironment: prod\n").replace(
        "prod: { workspace: prd, tokenEnv: SEGMENT_API_TOKEN_PROD }",
        "prod: { workspace: stg, tokenEnv: SEGMENT_API_TOKEN }",
      ),
    );
    commitAll(repo.dir, "head points prod at the staging workspace and the default token");
    const res = await run("plan", "--base", "base", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout) as Plan;
    expect(plan.workspaceId).toBe("ws_prd");
    expect(plan.pullRequest?.settingChanges).toEqual([
      { setting: "workspace", env: "prod", base: "prd", head: "stg", inThisPlan: false },
      { setting: "tokenEnv", env: "prod", base: "SEGMENT_API_TOKEN_PROD", head: "SEGMENT_API_TOKEN", inThisPlan: false },
    ]);
    const text = await run("plan", "--base", "base");
    expect(text.stdout).toContain("! workspace of environment `prod` is now `stg`, was `prd`: the base's is used until merged.");
    expect(text.stdout).toContain("! tokenEnv of environment `prod` is now `SEGMENT_API_TOKEN`, was `SEGMENT_API_TOKEN_PROD`");
  });

  it("--base applied: the head's defaultEnvironment cannot pick an environment with nothing recorded when others are", async () => {
    git(repo.dir, "update-ref", "refs/transync/applied/prod", "base");
    const res = await run("plan", "--base", "applied");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      `no applied commit is recorded for environment "evil", which the head's defaultEnvironment names, but there is one for "prod"`,
    );
    expect(emulator.stats().requests).toBe(0);
    const withEnv = await run("plan", "--base", "applied", "--env", "prod", "--format", "json");
    expect(withEnv.code, withEnv.stderr).toBe(0);
    const plan = JSON.parse(withEnv.stdout) as Plan;
    expect(plan.workspaceId).toBe("ws_prd");
    expect(plan.pullRequest?.environment).toEqual({ name: "prod", from: "--env", tokenEnv: "SEGMENT_API_TOKEN_PROD", workspace: "prd" });
  });

  it("a head's hostile workspace value is shown escaped: no line, heading or HTML of its own in text or Markdown", async () => {
    git(repo.dir, "checkout", "-q", "-b", "hostile", "base");
    const hostile = JSON.stringify("prd\n## Forged `heading` </code><img src=x>\u202e");
    repo.write("transync.yaml", projectFile("defaultEnvironment: prod\n").replace("workspace: prd,", `workspace: ${hostile},`));
    commitAll(repo.dir, "head writes a hostile workspace");
    const text = await run("plan", "--base", "base");
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("workspace of environment `prod` is now `prd\\n## Forged");
    expect(text.stdout).not.toMatch(/^## Forged/m);
    expect(text.stdout).not.toContain("\u202e");
    const markdown = await run("plan", "--base", "base", "--format", "markdown");
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).not.toMatch(/^\s*(?:> )?(?:- )?## Forged/m);
    // In a code span (longer fence than any backtick run inside), HTML is shown as text.
    expect(markdown.stdout).toContain("is now ``prd\\n## Forged `heading` </code><img src=x>\\u202e``, was `prd`");
    expect(markdown.stdout).not.toContain("\u202e");
  });
});
