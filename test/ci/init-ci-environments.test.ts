import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { FakeGitLab } from "../forge/fake-gitlab.js";
import { git } from "../helpers/git.js";
import { runCli } from "../helpers/run-cli.js";
import { prodWorkspace, sameTransformations, stagingWorkspace } from "../helpers/two-environments.js";
import { actionStep, expectAllPassed, useCiBench } from "./ci-bench.js";
import { runGitHubJob, runGitLabPipeline } from "./run-workflow.js";

/**
 * `transync init --from-workspace --env staging --env prod=… --ci <provider>` is green by construction
 * (issue 34): it adopts two workspaces, each with a read-only and a write token, and writes the CI for
 * exactly those environments; then every job of every file it wrote runs for real against the emulator
 * with exactly the secrets the job names: the pull request's plan of both environments, the applies in
 * --env order (staging first), and drift. Pull-request and drift jobs name read secrets only (the
 * emulator refuses those tokens every write), each apply job its own environment's write secret only.
 */
const TOKENS = {
  SEGMENT_API_TOKEN_STAGING_READ: "stg-read-only",
  SEGMENT_API_TOKEN_STAGING: "stg-write",
  SEGMENT_API_TOKEN_PRD_RO: "prd-read-only", // prod's read variable given by --env prod=SEGMENT_API_TOKEN_PRD_RO
  SEGMENT_API_TOKEN_PROD: "prd-write",
};
const READ = { staging: "SEGMENT_API_TOKEN_STAGING_READ", prod: "SEGMENT_API_TOKEN_PRD_RO" } as const;
const WRITE = { staging: "SEGMENT_API_TOKEN_STAGING", prod: "SEGMENT_API_TOKEN_PROD" } as const;
const ENVS = ["staging", "prod"] as const;
const WORKSPACE = { staging: "ws_stg", prod: "ws_prd" } as const;
const NEW_RULE = "Rename Signup";

const sources = (prefix: "stg" | "prd") => [
  { id: `src_${prefix}_web`, slug: "web" },
  { id: `src_${prefix}_ios`, slug: "ios" },
];
const bench = useCiBench("transync-init-envs", () => [
  stagingWorkspace({
    tokens: [TOKENS.SEGMENT_API_TOKEN_STAGING],
    readOnlyTokens: [TOKENS.SEGMENT_API_TOKEN_STAGING_READ],
    sources: sources("stg"),
    transformations: sameTransformations("stg"),
  }),
  prodWorkspace({
    tokens: [TOKENS.SEGMENT_API_TOKEN_PROD],
    readOnlyTokens: [TOKENS.SEGMENT_API_TOKEN_PRD_RO],
    sources: sources("prd"),
    transformations: sameTransformations("prd"),
  }),
]);

/** init as a user runs it (read tokens only), pushed as main's first commit; the CI files it wrote. */
async function adopt(provider: "github" | "gitlab", style: "script" | "action" = "script"): Promise<Record<string, string>> {
  const args = [
    "init",
    "--from-workspace",
    "--env",
    "staging",
    "--env",
    `prod=${READ.prod}`,
    "--ci",
    provider,
    "--ci-style",
    style,
    "--api-url",
    bench.emulator.url,
  ];
  const env = {
    [READ.staging]: TOKENS[READ.staging],
    [READ.prod]: TOKENS[READ.prod],
    TRANSYNC_ALLOW_API_HOSTS: new URL(bench.emulator.url).host,
  };
  const result = await runCli(args, { cwd: bench.dev, env });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).toContain(`The CI needs each read token (${READ.staging}, ${READ.prod})`);
  bench.commitAndPush("transync init --from-workspace", "main");
  const folder = provider === "github" ? join(bench.dev, ".github", "workflows") : bench.dev;
  const names = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name) && name !== "transync.yaml");
  return Object.fromEntries(names.map((name) => [name, readFileSync(join(folder, name), "utf8")]));
}

/** A pull request adding a rule for both environments (the `web` alias resolves in each workspace), then its merge. */
function openPullRequest(): void {
  const rule = `apiVersion: transync/v1\nkind: Transformation\nname: ${NEW_RULE}\nsourceId: web\nenabled: true\nif: event = 'Signup'\nnewEventName: Signed Up\n`;
  writeFileSync(join(bench.dev, "transformations", "rename-signup.yaml"), rule);
  bench.commitAndPush("a rule for both environments", "feature");
}

const hasNewRule = (env: (typeof ENVS)[number]): boolean => bench.emulator.transformations(WORKSPACE[env]).some((t) => t.name === NEW_RULE);
const markers = (bodies: string[]): string[] => bodies.map((body) => body.split("\n", 1)[0]!).sort();

type Workflow = { jobs: Record<string, Record<string, unknown>> };
/** Every `secrets.NAME` a job reads: the secrets its runner is given, and nothing else. */
const secretsOf = (job: unknown): string[] => [...new Set([...JSON.stringify(job).matchAll(/secrets\.(\w+)/g)].map((m) => m[1]!))].sort();
const valuesOf = (names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, name === "GITHUB_TOKEN" ? "ghs_test" : TOKENS[name as keyof typeof TOKENS]]));

describe("transync init --from-workspace --env staging --env prod --ci", () => {
  it("github: the PR plans both environments with read tokens, the applies run staging then prod with their own write tokens, drift is green", async () => {
    const files = await adopt("github");
    expect(Object.keys(files).sort()).toEqual(["transync-apply.yml", "transync-drift.yml", "transync-pr.yml"]);
    // The adopted project has no TransformationTest files, where `transync test` fails: no step runs it.
    expect(Object.values(files).join("\n")).not.toMatch(/transync test\b/);
    const [pr, apply, drift] = (["transync-pr.yml", "transync-apply.yml", "transync-drift.yml"] as const).map(
      (name) => parse(files[name]!) as Workflow,
    );
    expect(Object.keys(apply!.jobs)).toEqual(["apply-staging", "apply-prod"]);
    expect(Object.keys(drift!.jobs)).toEqual(["drift-staging", "drift-prod"]);
    expect(secretsOf(pr!.jobs.plan)).toEqual(["GITHUB_TOKEN", READ.prod, READ.staging]);
    for (const env of ENVS) {
      expect(secretsOf(apply!.jobs[`apply-${env}`])).toEqual([WRITE[env], READ[env]].sort());
      expect(apply!.jobs[`apply-${env}`]!.environment).toBe(env);
      expect(secretsOf(drift!.jobs[`drift-${env}`])).toEqual([READ[env]]);
    }
    expect(apply!.jobs["apply-prod"]!.needs).toBe("apply-staging");

    openPullRequest();
    for (const env of ENVS) {
      const runner = bench.runnerOn("feature", valuesOf(secretsOf(pr!.jobs.plan)), { "matrix.environment": env });
      const runs = await runGitHubJob(pr as never, "plan", runner);
      expectAllPassed(runs);
      expect(runs.map((r) => r.name)).toEqual(["Validate", "Fetch the last applied commit", "Plan", "Comment"]);
    }
    // One comment per environment, each planning the new rule's create in its workspace.
    for (const comment of bench.github.comments.get(7) ?? [])
      expect(comment.body).toMatch(new RegExp(`create[^\n]*${NEW_RULE}|${NEW_RULE}[^\n]*create`, "i"));
    expect(markers((bench.github.comments.get(7) ?? []).map((c) => c.body))).toEqual([
      "<!-- transync-plan env=prod -->",
      "<!-- transync-plan env=staging -->",
    ]);
    expect(ENVS.map(hasNewRule)).toEqual([false, false]); // a pull request only plans

    bench.merge();
    // `needs:` runs them in this order; each runner holds exactly its job's secrets.
    for (const env of ENVS) {
      const job = `apply-${env}`;
      expectAllPassed(await runGitHubJob(apply as never, job, bench.runnerOn("main", valuesOf(secretsOf(apply!.jobs[job])))));
      expect(hasNewRule(env), env).toBe(true);
      expect(bench.appliedRef(env)).toBe(git(bench.origin, "rev-parse", "main"));
    }
    for (const env of ENVS) {
      const job = `drift-${env}`;
      expectAllPassed(await runGitHubJob(drift as never, job, bench.runnerOn("main", valuesOf(secretsOf(drift!.jobs[job])))));
    }
  }, 300_000);

  it("github --ci-style action: a plan job per environment with its read token, the applies staging then prod, drift green", async () => {
    const files = await adopt("github", "action");
    expect(Object.keys(files).sort()).toEqual(["transync-action.yml", "transync-drift.yml"]);
    expect(Object.values(files).join("\n")).not.toMatch(/command: test\b/);
    const [workflow, drift] = (["transync-action.yml", "transync-drift.yml"] as const).map((name) => parse(files[name]!) as Workflow);
    expect(Object.keys(workflow!.jobs)).toEqual(["plan-staging", "plan-prod", "apply-staging", "apply-prod"]);
    for (const env of ENVS) {
      expect(secretsOf(workflow!.jobs[`plan-${env}`])).toEqual([READ[env]]);
      expect(secretsOf(workflow!.jobs[`apply-${env}`])).toEqual([WRITE[env]]);
    }
    const fromSameRepository = { "github.event.pull_request.head.repo.full_name == github.repository": "true" };
    openPullRequest();
    for (const env of ENVS) {
      const job = `plan-${env}`;
      const runner = bench.runnerOn("feature", valuesOf(secretsOf(workflow!.jobs[job])), fromSameRepository);
      const runs = await runGitHubJob(workflow as never, job, runner, actionStep);
      expectAllPassed(runs);
      expect(runs.map((r) => r.name)).toEqual(["Fetch the last applied commit", "validate", "plan"]);
    }
    expect(markers((bench.github.comments.get(7) ?? []).map((c) => c.body))).toEqual([
      "<!-- transync-plan env=prod -->",
      "<!-- transync-plan env=staging -->",
    ]);
    expect(ENVS.map(hasNewRule)).toEqual([false, false]);
    bench.merge();
    for (const env of ENVS) {
      const job = `apply-${env}`;
      expectAllPassed(
        await runGitHubJob(workflow as never, job, bench.runnerOn("main", valuesOf(secretsOf(workflow!.jobs[job]))), actionStep),
      );
      expect(hasNewRule(env), env).toBe(true);
      expect(bench.appliedRef(env)).toBe(git(bench.origin, "rev-parse", "main"));
    }
    for (const env of ENVS) {
      const job = `drift-${env}`;
      expectAllPassed(await runGitHubJob(drift as never, job, bench.runnerOn("main", valuesOf(secretsOf(drift!.jobs[job])))));
    }
  }, 300_000);

  it("gitlab: the merge request validates and plans both environments unprotected, the push applies staging then prod, the schedule finds no drift", async () => {
    const files = await adopt("gitlab");
    expect(Object.keys(files)).toEqual([".gitlab-ci.yml"]);
    const pipeline = parse(files[".gitlab-ci.yml"]!) as Record<string, unknown>;
    const header = files[".gitlab-ci.yml"]!.split("\n")
      .filter((line) => line.startsWith("#"))
      .join("\n");
    for (const env of ENVS) {
      expect(header).toMatch(new RegExp(`\\b${READ[env]} \\(masked, NOT protected\\b`));
      expect(header).toMatch(new RegExp(`\\b${WRITE[env]} \\(masked, PROTECTED\\b`));
    }
    expect(JSON.stringify(pipeline)).not.toMatch(/\$\{?SEGMENT_API_TOKEN/);
    // Each apply job in its GitLab environment, the scope of its write variable (the header says so).
    for (const env of ENVS) {
      expect((pipeline[`apply:${env}`] as { environment: string }).environment).toBe(env);
      expect(header).toMatch(new RegExp(`\\b${WRITE[env]} \\(masked, PROTECTED, environment scope \`${env}\``));
    }
    const unprotected = { [READ.staging]: TOKENS[READ.staging], [READ.prod]: TOKENS[READ.prod], GITLAB_TOKEN: "glpat-comment" };
    const gitlab = new FakeGitLab("42", "glpat-comment");
    await gitlab.start();
    try {
      openPullRequest();
      const mr = await runGitLabPipeline(
        pipeline,
        {
          ...unprotected, // GitLab gives a merge-request pipeline no protected variable
          CI_PIPELINE_SOURCE: "merge_request_event",
          CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main",
          CI_DEFAULT_BRANCH: "main",
          CI_MERGE_REQUEST_IID: "7",
          CI_PROJECT_ID: "42",
          CI_API_V4_URL: gitlab.apiUrl,
        },
        bench.runnerOn("feature", {}),
      );
      expect(mr.map((r) => r.name)).toEqual(["validate:staging", "validate:prod", "plan:staging", "plan:prod"]);
      expectAllPassed(mr);
      expect(markers((gitlab.notes.get(7) ?? []).map((n) => n.body))).toEqual([
        "<!-- transync-plan env=prod -->",
        "<!-- transync-plan env=staging -->",
      ]);
      expect(ENVS.map(hasNewRule)).toEqual([false, false]);
    } finally {
      await gitlab.stop();
    }
    bench.merge();
    const pushRunner = bench.runnerOn("main", {});
    git(pushRunner.checkout, "config", `url.${bench.origin}.insteadOf`, "https://oauth2:glpat-test@gitlab.test/acme/init.git");
    const pushed = await runGitLabPipeline(
      pipeline,
      {
        ...TOKENS,
        GITLAB_TOKEN_WRITE: "glpat-test",
        CI_PIPELINE_SOURCE: "push",
        CI_COMMIT_BRANCH: "main",
        CI_DEFAULT_BRANCH: "main",
        CI_SERVER_HOST: "gitlab.test",
        CI_PROJECT_PATH: "acme/init",
      },
      pushRunner,
    );
    expect(pushed.map((r) => r.name)).toEqual(["apply:staging", "apply:prod"]);
    expectAllPassed(pushed);
    expect(ENVS.map(hasNewRule)).toEqual([true, true]);
    for (const env of ENVS) expect(bench.appliedRef(env)).toBe(git(bench.origin, "rev-parse", "main"));
    const schedule = await runGitLabPipeline(
      pipeline,
      { ...unprotected, CI_PIPELINE_SOURCE: "schedule", CI_DEFAULT_BRANCH: "main" },
      bench.runnerOn("main", {}),
    );
    expect(schedule.map((r) => r.name)).toEqual(["drift:staging", "drift:prod"]);
    expectAllPassed(schedule);
  }, 300_000);
});
