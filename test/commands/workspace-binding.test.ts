import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { tempProject, doc, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const STAGING_TOKEN = "sgp_staging_0123456789abcdef";
const PROD_TOKEN = "sgp_prod_fedcba9876543210";

/** Two workspaces, each with its own token, as a real team runs staging and production. */
function twoWorkspaces() {
  return {
    workspaces: [
      {
        id: "ws_stg",
        slug: "acme-staging",
        name: "Acme Staging",
        tokens: [STAGING_TOKEN],
        transformations: [{ id: "tfm_s", name: "Staging only", sourceId: "src_stg_web", enabled: true, if: "event = 'S'" }],
      },
      {
        id: "ws_prd",
        slug: "acme-prod",
        name: "Acme Prod",
        tokens: [PROD_TOKEN],
        transformations: [{ id: "tfm_p", name: "Prod only", sourceId: "src_prd_web", enabled: true, if: "event = 'P'" }],
      },
    ],
  };
}

function projectFile(url: string, extra = ""): string {
  return [
    "apiVersion: transync/v1",
    "environments:",
    `  staging: { workspace: acme-staging, tokenEnv: SEGMENT_API_TOKEN_STAGING, apiUrl: "${url}", sources: { web: src_stg_web } }`,
    `  prod: { workspace: ws_prd, tokenEnv: SEGMENT_API_TOKEN_PROD, apiUrl: "${url}", sources: { web: src_prd_web } }`,
    extra,
  ].join("\n");
}

describe("an environment is bound to its workspace and its token", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const run = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    runCli(args, { env: { TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host, ...env }, cwd: project.dir });

  beforeEach(async () => {
    emulator = await startTestEmulator(twoWorkspaces());
    project = tempProject({ "transync.yaml": projectFile(emulator.url) });
    project.write("transformations/a.yaml", doc("Brand new", "web"));
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  it("the staging token given for prod: plan and apply stop after GET /, naming both workspaces; nothing read, nothing written", async () => {
    const env = { SEGMENT_API_TOKEN_PROD: STAGING_TOKEN, SEGMENT_API_TOKEN_STAGING: STAGING_TOKEN };
    emulator.resetStats();
    const plan = await run(env, "plan", "--env", "prod", "--prune");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'environment "prod" is bound to workspace "ws_prd", but the token in SEGMENT_API_TOKEN_PROD reaches workspace "acme-staging" (ws_stg)',
    );
    const apply = await run(env, "apply", "--env", "prod", "--prune", "--auto-approve");
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain("nothing was read or written");
    expect(Object.keys(emulator.stats().byRoute).filter((route) => !route.endsWith(" /"))).toEqual([]);
    expect(emulator.transformations("ws_stg").map((t) => t.name)).toEqual(["Staging only"]);
    for (const out of [plan.stdout, plan.stderr, apply.stdout, apply.stderr]) expect(out).not.toContain(STAGING_TOKEN);
  });

  it("each environment's own token reaches its own workspace: plan and apply go through, by slug or by id", async () => {
    const env = { SEGMENT_API_TOKEN_PROD: PROD_TOKEN, SEGMENT_API_TOKEN_STAGING: STAGING_TOKEN };
    const staging = await run(env, "apply", "--env", "staging", "--auto-approve");
    expect(staging.code).toBe(0);
    const prod = await run(env, "apply", "--env", "prod", "--auto-approve");
    expect(prod.code).toBe(0);
    expect(emulator.transformations("ws_stg").map((t) => [t.name, t.sourceId])).toEqual([
      ["Staging only", "src_stg_web"],
      ["Brand new", "src_stg_web"],
    ]);
    expect(emulator.transformations("ws_prd").map((t) => [t.name, t.sourceId])).toEqual([
      ["Prod only", "src_prd_web"],
      ["Brand new", "src_prd_web"],
    ]);
  });

  it("an environment's token variable that is unset is named; SEGMENT_API_TOKEN is not read in its place", async () => {
    const run1 = await run({ SEGMENT_API_TOKEN: PROD_TOKEN }, "plan", "--env", "prod");
    expect(run1.code).toBe(1);
    expect(run1.stderr).toContain('SEGMENT_API_TOKEN_PROD is not set (the token of environment "prod", tokenEnv in transync.yaml)');
    expect(emulator.stats().requests).toBe(0);
  });

  it("a token variable a pull request could point at another secret is refused by validate at file:line", async () => {
    project.write("transync.yaml", projectFile(emulator.url).replace("SEGMENT_API_TOKEN_PROD", "NPM_TOKEN"));
    const validate = await run({}, "validate");
    expect(validate.code).toBe(1);
    expect(validate.stdout).toMatch(/transync\.yaml:4:\d+ environments\.prod\.tokenEnv: .*SEGMENT_API_TOKEN/);
    const plan = await run({ NPM_TOKEN: "npm_secret_value", SEGMENT_API_TOKEN: PROD_TOKEN }, "plan", "--env", "prod");
    expect(plan.code).toBe(1);
    expect(emulator.stats().requests).toBe(0);
  });

  it("no environment token shows in any output, whichever environment runs", async () => {
    const env = { SEGMENT_API_TOKEN_PROD: PROD_TOKEN, SEGMENT_API_TOKEN_STAGING: STAGING_TOKEN };
    project.write("transformations/b.yaml", doc(`Echo ${PROD_TOKEN}`, "web"));
    const plan = await run(env, "plan", "--env", "staging", "--format", "markdown");
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain("Echo");
    expect(plan.stdout + plan.stderr).not.toContain(PROD_TOKEN);
  });
});
