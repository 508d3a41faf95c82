import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CI_PIPELINES, INIT_ENVIRONMENT, type CiProvider, type CiStyle } from "../../src/init/templates.js";
import { FakeGitLab } from "../forge/fake-gitlab.js";
import { TEST_TOKEN } from "../helpers/emulator.js";
import { git } from "../helpers/git.js";
import { runCli } from "../helpers/run-cli.js";
import { actionStep, expectAllPassed, READ_TOKEN, useCiBench } from "./ci-bench.js";
import { runGitHubJob, runGitLabPipeline, type Runner } from "./run-workflow.js";

/**
 * `transync init --ci <provider> --ci-style <style>` is green by construction: the pipeline it writes,
 * run for real against the emulator (its scripts in bash, the Action's steps through the Action's
 * entry), with exactly the secrets the files name and the environments they use, validates and plans
 * the first pull request and applies its merge, in the project init wrote (only the source id set,
 * as init's own "Next:" line asks). Pull-request, merge-request and drift jobs get only the read token,
 * which the emulator refuses every write (`readOnlyTokens`): they can only read. Only the apply job,
 * in the protected place (a GitHub environment, a push to GitLab's default branch), gets the write token.
 */
const STYLES = Object.entries(CI_PIPELINES).flatMap(([provider, styles]) =>
  Object.keys(styles).map((style) => [provider as CiProvider, style as CiStyle] as const),
);
const SOURCE_ID = "src_web";
const RULE = "Rename Order Completed";
const { tokenEnv: WRITE_VARIABLE, planTokenEnv: READ_VARIABLE } = INIT_ENVIRONMENT;

const bench = useCiBench("transync-init-ci");

/** init as a user runs it, the source id filled in, pushed as main's first commit; the CI files it wrote. */
async function initProject(provider: CiProvider, style: CiStyle): Promise<Record<string, string>> {
  const result = await runCli(["init", "--ci", provider, "--ci-style", style], { cwd: bench.dev });
  expect(result.code, result.stderr).toBe(0);
  const projectFile = join(bench.dev, "transync.yaml");
  writeFileSync(projectFile, readFileSync(projectFile, "utf8").replace("REPLACE_WITH_THE_SOURCE_ID", SOURCE_ID));
  bench.commitAndPush("transync init", "main");
  const folder = provider === "github" ? join(bench.dev, ".github", "workflows") : bench.dev;
  const names = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name) && name !== "transync.yaml");
  return Object.fromEntries(names.map((name) => [name, readFileSync(join(folder, name), "utf8")]));
}

/** Every string of a parsed workflow (its values, not its comments). */
const stringsIn = (value: unknown): string[] =>
  typeof value === "string" ? [value] : typeof value === "object" && value !== null ? Object.values(value).flatMap(stringsIn) : [];

/** Every `secrets.NAME` the values read (GitHub): the secrets a repository, or a job, must hold. */
const secretsIn = (values: unknown[]): string[] =>
  [...new Set(values.flatMap(stringsIn).flatMap((text) => [...text.matchAll(/secrets\.(\w+)/g)].map((m) => m[1]!)))].sort();
const secretsNamed = (files: Record<string, string>): string[] => secretsIn(Object.values(files).map((text) => parse(text)));

/** The environments the files run transync with: TRANSYNC_ENV, the matrix, the Action's `environment:` input. */
function environmentsUsed(files: Record<string, string>): string[] {
  const used = Object.values(files).flatMap((text) => [
    ...[...text.matchAll(/^\s*(?:TRANSYNC_ENV|environment): (\w+)\s*$/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/^\s*environment: \[(.*)\]/gm)].flatMap((m) => m[1]!.split(",").map((e) => e.trim())),
  ]);
  return [...new Set(used)].sort();
}

interface ProjectEnvironment {
  tokenEnv: string;
  planTokenEnv: string;
}
function projectEnvironments(): Record<string, ProjectEnvironment> {
  return (parse(readFileSync(join(bench.dev, "transync.yaml"), "utf8")) as { environments: Record<string, ProjectEnvironment> })
    .environments;
}

/** A runner of the bench, its pull request from the repository itself (not a fork). */
const runnerOn = (branch: string, secrets: Record<string, string>, expressions: Record<string, string> = {}): Runner =>
  bench.runnerOn(branch, secrets, { "github.event.pull_request.head.repo.full_name == github.repository": "true", ...expressions });
const live = (): string[] => bench.emulator.transformations("ws_test").map((t) => `${t.name}@${t.sourceId}`);

/** A pull request that changes the example, then its merge to main. */
function openPullRequest(): void {
  const file = join(bench.dev, "transformations", "example.yaml");
  writeFileSync(file, readFileSync(file, "utf8").replace("newEventName: Order Placed", "newEventName: Order Placed\ndrop: false"));
  bench.commitAndPush("the first change", "feature");
}

describe.each(STYLES)("transync init --ci %s --ci-style %s", (provider, style) => {
  it("writes one pipeline whose environments and token variables are those of its transync.yaml, and it runs green", async () => {
    const files = await initProject(provider, style);
    expect(Object.keys(files).sort()).toEqual([...CI_PIPELINES[provider][style]!].sort());
    const environments = projectEnvironments();
    expect(Object.keys(environments)).toEqual([INIT_ENVIRONMENT.name]);
    expect(environmentsUsed(files)).toEqual(Object.keys(environments));
    expect(environments[INIT_ENVIRONMENT.name]).toMatchObject({ tokenEnv: WRITE_VARIABLE, planTokenEnv: READ_VARIABLE });
    for (const text of Object.values(files)) {
      const named = [...new Set([...text.matchAll(/\bSEGMENT_API_TOKEN\w*/g)].map((m) => m[0]))].sort();
      expect(named, text.slice(0, 200)).toEqual(expect.arrayContaining([READ_VARIABLE]));
      expect([READ_VARIABLE, WRITE_VARIABLE]).toEqual(expect.arrayContaining(named));
    }
    if (provider === "github") await runGitHub(files, style);
    else await runGitLab(files);
    expect(live()).toEqual([`${RULE}@${SOURCE_ID}`]);
    expect(bench.appliedRef(INIT_ENVIRONMENT.name)).toBe(git(bench.origin, "rev-parse", "main"));
  }, 240_000);
});

/** The secrets of one job (GitHub), and the environment whose secrets it may read. */
function jobOf(workflow: Record<string, unknown>, job: string): { secrets: string[]; environment: unknown } {
  const definition = (workflow.jobs as Record<string, Record<string, unknown>>)[job]!;
  return { secrets: secretsIn([definition]), environment: definition.environment };
}

/** The value of each secret a runner is given: the read-only token, the write token, the GitHub token. */
const SECRET_VALUES: Record<string, string> = { [READ_VARIABLE]: READ_TOKEN, [WRITE_VARIABLE]: TEST_TOKEN, GITHUB_TOKEN: "ghs_test" };
const secretsOnly = (names: string[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, SECRET_VALUES[name]!]));

async function runGitHub(files: Record<string, string>, style: CiStyle): Promise<void> {
  expect(secretsNamed(files)).toEqual([...(style === "script" ? ["GITHUB_TOKEN"] : []), WRITE_VARIABLE, READ_VARIABLE].sort());
  const workflow = (name: string) => parse(files[name]!) as Record<string, unknown>;
  const [pr, prJob, apply, applyJob] =
    style === "script"
      ? ["transync-pr.yml", "plan", "transync-apply.yml", "apply"]
      : ["transync-action.yml", "plan", "transync-action.yml", "apply"];
  const action = style === "action" ? actionStep : undefined;
  // The pull-request and drift jobs name the read token only; the write token only the apply job, in the
  // GitHub environment whose secret it is (the apply job's own plan step, if any, reads with the read token).
  const prSecrets = jobOf(workflow(pr!), prJob!);
  expect(prSecrets.secrets).toEqual([...(style === "script" ? ["GITHUB_TOKEN"] : []), READ_VARIABLE]);
  expect(prSecrets.environment).toBeUndefined();
  expect(jobOf(workflow("transync-drift.yml"), "drift")).toEqual({ secrets: [READ_VARIABLE], environment: undefined });
  const applySecrets = jobOf(workflow(apply!), applyJob!);
  expect(applySecrets.secrets).toContain(WRITE_VARIABLE);
  expect(applySecrets.environment).toBe(INIT_ENVIRONMENT.name);

  openPullRequest();
  // Each job's runner holds exactly the secrets the job names: a job naming another fails on its missing value.
  const planRuns = await runGitHubJob(
    workflow(pr!),
    prJob!,
    runnerOn("feature", secretsOnly(prSecrets.secrets), { "matrix.environment": INIT_ENVIRONMENT.name }),
    action,
  );
  expectAllPassed(planRuns);
  expect(planRuns.map((r) => r.name)).toEqual(
    expect.arrayContaining(style === "script" ? ["Validate", "Plan", "Test", "Comment"] : ["validate", "plan", "test"]),
  );
  expect(planRuns.map((r) => r.output).join("\n")).toMatch(/create/i);
  expect((bench.github.comments.get(7) ?? []).map((c) => c.body.split("\n", 1)[0])).toEqual([
    `<!-- transync-plan env=${INIT_ENVIRONMENT.name} -->`,
  ]);
  expect(live()).toEqual([]); // a pull request only plans

  bench.merge();
  expectAllPassed(await runGitHubJob(workflow(apply!), applyJob!, runnerOn("main", secretsOnly(applySecrets.secrets)), action));
  expectAllPassed(await runGitHubJob(workflow("transync-drift.yml"), "drift", runnerOn("main", secretsOnly([READ_VARIABLE]))));
  // Every job of every file init wrote ran above, so every transync command in them ran.
  const jobs = Object.keys(files).flatMap((name) => Object.keys(workflow(name).jobs as object).map((job) => `${name} ${job}`));
  expect(jobs.sort()).toEqual([`${pr} ${prJob}`, `${apply} ${applyJob}`, "transync-drift.yml drift"].sort());
}

async function runGitLab(files: Record<string, string>): Promise<void> {
  const pipeline = parse(files[".gitlab-ci.yml"]!) as Record<string, unknown>;
  // The project's CI/CD variables, as the file's header names them: the read token unprotected, so
  // merge-request pipelines get it; the write token protected, so only default-branch pipelines do.
  const header = files[".gitlab-ci.yml"]!.split("\n")
    .filter((line) => line.startsWith("#"))
    .join("\n");
  expect(header).toMatch(new RegExp(`\\b${READ_VARIABLE} \\(masked, NOT protected\\b`));
  expect(header).toMatch(new RegExp(`\\b${WRITE_VARIABLE} \\(masked, PROTECTED\\b`));
  // No job hands a token to itself under another name (a job's `variables:` would do it).
  expect(JSON.stringify(pipeline)).not.toMatch(/\$\{?SEGMENT_API_TOKEN/);
  const unprotected = { [READ_VARIABLE]: READ_TOKEN, GITLAB_TOKEN: "glpat-comment" };
  const project = { ...unprotected, [WRITE_VARIABLE]: TEST_TOKEN, GITLAB_TOKEN_WRITE: "glpat-test" };
  for (const name of Object.keys(project)) expect(header).toMatch(new RegExp(`\\b${name}\\b`));
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
      runnerOn("feature", {}),
    );
    expect(mr.map((r) => r.name)).toEqual(["validate", "plan"]);
    expectAllPassed(mr);
    expect((gitlab.notes.get(7) ?? []).map((n) => n.body.split("\n", 1)[0])).toEqual([
      `<!-- transync-plan env=${INIT_ENVIRONMENT.name} -->`,
    ]);
    expect(live()).toEqual([]);
  } finally {
    await gitlab.stop();
  }
  bench.merge();
  const pushRunner = runnerOn("main", {});
  git(pushRunner.checkout, "config", `url.${bench.origin}.insteadOf`, "https://oauth2:glpat-test@gitlab.test/acme/init.git");
  const pushed = await runGitLabPipeline(
    pipeline,
    {
      ...project,
      CI_PIPELINE_SOURCE: "push",
      CI_COMMIT_BRANCH: "main",
      CI_DEFAULT_BRANCH: "main",
      CI_SERVER_HOST: "gitlab.test",
      CI_PROJECT_PATH: "acme/init",
    },
    pushRunner,
  );
  expect(pushed.map((r) => r.name)).toEqual(["apply"]);
  expectAllPassed(pushed);
  const schedule = await runGitLabPipeline(
    pipeline,
    { ...unprotected, CI_PIPELINE_SOURCE: "schedule", CI_DEFAULT_BRANCH: "main" }, // drift reads only
    runnerOn("main", {}),
  );
  expect(schedule.map((r) => r.name)).toEqual(["drift"]);
  expectAllPassed(schedule);
  // Every job of the file ran in one of the three pipelines, so every transync command in it ran.
  const jobs = Object.keys(pipeline).filter((key) => !["default", "variables", "stages", "workflow"].includes(key));
  expect(jobs.sort()).toEqual(["apply", "drift", "plan", "validate"]);
}
