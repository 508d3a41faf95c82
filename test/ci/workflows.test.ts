import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { FakeGitLab } from "../forge/fake-gitlab.js";
import { TEST_TOKEN } from "../helpers/emulator.js";
import { git } from "../helpers/git.js";
import { doc, docs } from "../helpers/project.js";
import { READ_TOKEN, useCiBench } from "./ci-bench.js";
import { readWorkflow, runGitHubJob, runGitLabPipeline, type Runner, type ScriptRun } from "./run-workflow.js";

/**
 * Each example workflow, run for real: its scripts in bash, its transync commands against the
 * emulator, in a git repository shaped as the workflow expects (a bare `origin`, a fresh clone per
 * run as a runner makes, refs/transync/* only where an earlier run pushed them).
 */
const PROJECT = [
  "apiVersion: transync/v1",
  "environments:",
  "  production: { tokenEnv: SEGMENT_API_TOKEN_PRODUCTION, planTokenEnv: SEGMENT_API_TOKEN_PRODUCTION_READ, sources: { web: src_web } }",
  "  staging: { tokenEnv: SEGMENT_API_TOKEN_STAGING, sources: { web: src_web_staging } }",
  "",
].join("\n");
/** A TransformationTest file the PR and MR jobs run (`transync test`): B matches only event B. */
const TESTS = [
  "apiVersion: transync/v1",
  "kind: TransformationTest",
  "cases:",
  "  - name: B applies to B",
  "    source: web",
  "    event: { type: track, event: B }",
  "    expect: { matched: [B] }",
  "",
].join("\n");
const GITLAB_PUSH_URL = "https://oauth2:glpat-test@gitlab.test/acme/segment-config.git";

const bench = useCiBench("transync-ci");
beforeEach(() => {
  writeFileSync(join(bench.dev, "transync.yaml"), PROJECT);
  push("first", {
    "transformations/orders.yaml": docs(doc("A", "web"), doc("B", "web", { if: "event = 'B'" })),
    "tests/orders.yaml": TESTS,
  });
});

/** A developer commits files (null removes one) and pushes `branch`. */
function push(message: string, files: Record<string, string | null>, branch = "main"): void {
  if (git(bench.dev, "branch", "--show-current") !== branch) git(bench.dev, "checkout", "-q", "-B", branch);
  for (const [path, content] of Object.entries(files)) {
    if (content === null) {
      rmSync(join(bench.dev, path));
      continue;
    }
    mkdirSync(join(bench.dev, path, ".."), { recursive: true });
    writeFileSync(join(bench.dev, path), content);
  }
  git(bench.dev, "add", "-A");
  git(bench.dev, "commit", "-q", "-m", message);
  git(bench.dev, "push", "-q", "origin", branch);
}

/** A fresh full clone of `origin` on `branch` (actions/checkout with fetch-depth: 0; GitLab with GIT_DEPTH 0), and a runner for it. */
function runnerOn(branch: string, expressions: Record<string, string> = {}): Runner & { summary: string } {
  const { checkout, env, expressions: base } = bench.checkoutOn(branch);
  git(checkout, "config", `url.${bench.origin}.insteadOf`, GITLAB_PUSH_URL); // the GitLab job pushes to the server's URL
  const values = {
    "secrets.SEGMENT_API_TOKEN_PRODUCTION": TEST_TOKEN,
    "secrets.SEGMENT_API_TOKEN_PRODUCTION_READ": READ_TOKEN,
    "secrets.SEGMENT_API_TOKEN_STAGING": TEST_TOKEN,
    "secrets.GITHUB_TOKEN": "ghs_test",
    ...base,
    ...expressions,
  };
  return { checkout, env, expressions: values, summary: env.GITHUB_STEP_SUMMARY };
}

function expectAllPassed(runs: ScriptRun[]): void {
  for (const run of runs) expect(run.code, `${run.name}:\n${run.output}`).toBe(0);
}

const names = (): string[] =>
  bench.emulator
    .transformations("ws_test")
    .map((t) => `${t.name}@${t.sourceId}`)
    .sort();
const appliedRef = (env: string): string => git(bench.origin, "rev-parse", "--verify", "-q", `refs/transync/applied/${env}`);

describe("examples/ci/github", () => {
  it("transync-apply.yml: the first run, before any applied ref, plans against nothing and says so; the next run prunes what was removed", async () => {
    const workflow = readWorkflow("github/transync-apply.yml");
    const first = runnerOn("main");
    expectAllPassed(await runGitHubJob(workflow, "apply", first));
    expect(readFileSync(first.summary, "utf8")).toMatch(
      /no applied commit is recorded for environment &quot;production&quot; .*compares with nothing/,
    );
    expect(names()).toEqual(["A@src_web", "B@src_web"]);
    expect(appliedRef("production")).toBe(git(bench.origin, "rev-parse", "main"));

    push("remove B", { "transformations/orders.yaml": doc("A", "web") });
    const second = runnerOn("main");
    expectAllPassed(await runGitHubJob(workflow, "apply", second));
    expect(readFileSync(second.summary, "utf8")).not.toMatch(/compares with nothing/);
    expect(names()).toEqual(["A@src_web"]);
    expect(appliedRef("production")).toBe(git(bench.origin, "rev-parse", "main"));
  }, 180_000);

  it("transync-pr.yml: each environment of the matrix plans the pull request and keeps its own comment", async () => {
    push(
      "change A",
      { "transformations/orders.yaml": docs(doc("A", "web", { if: "event = 'A2'" }), doc("B", "web", { if: "event = 'B'" })) },
      "feature",
    );
    const workflow = readWorkflow("github/transync-pr.yml");
    const environments = (workflow.jobs as { plan: { strategy: { matrix: { environment: string[] } } } }).plan.strategy.matrix.environment;
    // The matrix names init's one environment; staging is added as the file's header says (its matrix
    // entry and its token's line in the Plan step), and keeps its own comment.
    expect(environments).toEqual(["production"]);
    environments.unshift("staging");
    const steps = (workflow.jobs as { plan: { steps: Array<{ name?: string; env?: Record<string, string> }> } }).plan.steps;
    const plan = steps.find((step) => step.name === "Plan")!;
    plan.env!.SEGMENT_API_TOKEN_STAGING = "${{ matrix.environment == 'staging' && secrets.SEGMENT_API_TOKEN_STAGING || '' }}";
    for (const environment of [...environments, environments[0]!]) {
      const runner = runnerOn("feature", { "matrix.environment": environment });
      const runs = await runGitHubJob(workflow, "plan", runner);
      expectAllPassed(runs);
      expect(runs.find((r) => r.name === "Test")?.output).toContain("1 passed, 0 failed");
      expect(readFileSync(runner.summary, "utf8")).toContain(`<!-- transync-plan env=${environment} -->`);
    }
    const bodies = (bench.github.comments.get(7) ?? []).map((c) => c.body);
    expect(bodies.map((b) => b.split("\n", 1)[0])).toEqual(environments.map((e) => `<!-- transync-plan env=${e} -->`));
    for (const body of bodies) expect(body.match(/transync-plan/g)).toHaveLength(1);
    expect(bench.emulator.transformations("ws_test")).toEqual([]); // a pull request only plans
  }, 180_000);

  it("transync-pr.yml: a tag the pull request pushes under the applied ref's name does not hide its write-only change", async () => {
    expectAllPassed(await runGitHubJob(readWorkflow("github/transync-apply.yml"), "apply", runnerOn("main")));
    git(bench.origin, "update-ref", "-d", "refs/transync/applied/production"); // as when an apply was never recorded
    push("drop B", { "transformations/orders.yaml": docs(doc("A", "web"), doc("B", "web", { if: "event = 'B'", drop: true })) }, "feature");
    git(bench.dev, "tag", "refs/transync/applied/production"); // what the pull request's author can push
    git(bench.dev, "push", "-q", "origin", "refs/tags/refs/transync/applied/production");
    const runner = runnerOn("feature", { "matrix.environment": "production" });
    expectAllPassed(await runGitHubJob(readWorkflow("github/transync-pr.yml"), "plan", runner));
    const summary = readFileSync(runner.summary, "utf8");
    expect(summary).toMatch(/compared with the base commit/);
    expect(summary).toMatch(/drop/);
    expect(summary).not.toMatch(/No changes/i);
  }, 180_000);

  it("transync-drift.yml: passes while live state matches git, fails with the report in the summary once it drifts", async () => {
    expectAllPassed(await runGitHubJob(readWorkflow("github/transync-apply.yml"), "apply", runnerOn("main")));
    const workflow = readWorkflow("github/transync-drift.yml");
    expectAllPassed(await runGitHubJob(workflow, "drift", runnerOn("main")));

    const [a] = bench.emulator.transformations("ws_test");
    const edit = await fetch(`${bench.emulator.url}/transformations/${a!.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ if: "event = 'edited by hand'" }),
    });
    expect(edit.status).toBe(200);
    const drifted = runnerOn("main");
    const runs = await runGitHubJob(workflow, "drift", drifted);
    expect(runs.at(-1)?.code).toBe(1);
    expect(runs.at(-1)?.output).toMatch(/::error::live Transformations differ from git/);
    expect(readFileSync(drifted.summary, "utf8")).toMatch(/^## Drift detected\n[\s\S]*update/);
  }, 180_000);
});

describe("examples/ci/gitlab", () => {
  const pipeline = readWorkflow("gitlab/.gitlab-ci.yml");
  // The project's CI/CD variables (the header of the file names them).
  // The read token unprotected (merge-request pipelines get it), the write token protected (push pipelines only).
  const unprotected = { SEGMENT_API_TOKEN_PRODUCTION_READ: READ_TOKEN };
  const project = { ...unprotected, SEGMENT_API_TOKEN_PRODUCTION: TEST_TOKEN, GITLAB_TOKEN_WRITE: "glpat-test" };
  const pushPipeline = {
    ...project,
    CI_PIPELINE_SOURCE: "push",
    CI_COMMIT_BRANCH: "main",
    CI_DEFAULT_BRANCH: "main",
    CI_SERVER_HOST: "gitlab.test",
    CI_PROJECT_PATH: "acme/segment-config",
  };

  it("merge request, then push pipelines (the first before any applied ref), then a schedule", async () => {
    const gitlab = new FakeGitLab("42", "glpat-comment");
    await gitlab.start();
    // What GitLab sets in a merge-request pipeline, and the project's GITLAB_TOKEN for the note.
    const mrVariables = {
      ...unprotected,
      GITLAB_TOKEN: "glpat-comment",
      CI_PIPELINE_SOURCE: "merge_request_event",
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main",
      CI_DEFAULT_BRANCH: "main",
      CI_MERGE_REQUEST_IID: "7",
      CI_PROJECT_ID: "42",
      CI_API_V4_URL: gitlab.apiUrl,
    };
    try {
      for (let run = 0; run < 2; run++) {
        const mr = await runGitLabPipeline(pipeline, mrVariables, runnerOn("main"));
        expect(mr.map((r) => r.name)).toEqual(["validate", "plan"]);
        expectAllPassed(mr);
      }
      // One note, updated by the second pipeline.
      expect((gitlab.notes.get(7) ?? []).map((n) => n.body.split("\n", 1)[0])).toEqual(["<!-- transync-plan env=production -->"]);
      expect(gitlab.requests.filter((r) => r.method === "PUT")).toHaveLength(1);
      // A push whose plan fails (here the API refuses the token): the job fails, and the note no longer shows the older plan.
      const failing = await runGitLabPipeline(
        pipeline,
        { ...mrVariables, SEGMENT_API_TOKEN_PRODUCTION_READ: "sgp_revoked_0123456789" },
        runnerOn("main"),
      );
      expect(failing.map((r) => [r.name, r.code === 0])).toEqual([
        ["validate", true],
        ["plan", false],
      ]);
      const notes = gitlab.notes.get(7) ?? [];
      expect(notes).toHaveLength(1);
      expect(notes[0]!.body).toMatch(/^<!-- transync-plan env=production -->\n\n## transync plan: failed\n/);
      expect(notes[0]!.body).not.toContain("sgp_revoked_0123456789");
    } finally {
      await gitlab.stop();
    }

    const first = await runGitLabPipeline(pipeline, pushPipeline, runnerOn("main"));
    expect(first.map((r) => r.name)).toEqual(["apply"]);
    expectAllPassed(first);
    expect(first[0]!.output).toMatch(/compares with nothing/);
    expect(names()).toEqual(["A@src_web", "B@src_web"]);
    expect(appliedRef("production")).toBe(git(bench.origin, "rev-parse", "main"));

    push("remove B", { "transformations/orders.yaml": doc("A", "web") });
    const second = await runGitLabPipeline(pipeline, pushPipeline, runnerOn("main"));
    expectAllPassed(second);
    expect(names()).toEqual(["A@src_web"]);

    const schedule = await runGitLabPipeline(
      pipeline,
      { ...unprotected, CI_PIPELINE_SOURCE: "schedule", CI_DEFAULT_BRANCH: "main" },
      runnerOn("main"),
    );
    expect(schedule.map((r) => r.name)).toEqual(["drift"]);
    expectAllPassed(schedule);
  }, 240_000);
});
