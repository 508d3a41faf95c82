import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { runActionStep, type ActionRun } from "../helpers/github-runner.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN, TEST_WORKSPACE } from "../helpers/emulator.js";
import { tempProject, doc, type TempProject } from "../helpers/project.js";
import { parseAnnotations } from "../helpers/annotations.js";
import { git } from "../helpers/git.js";
import { FakeGitHub } from "../forge/fake-github.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const PROJECT = "apiVersion: transync/v1\nenvironments:\n  staging: { sources: { web: src_web } }\n";

/**
 * The action's entry run as GitHub runs a step (test/helpers/github-runner.ts), against the emulator.
 * Each step is a process of its own (through tsx): up to four in a test, hence the longer timeout.
 */
describe("the GitHub Action's entry, run as the runner runs it", { timeout: 120_000 }, () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  const runs: ActionRun[] = [];
  const step = async (inputs: Record<string, string>, extra: { env?: NodeJS.ProcessEnv; event?: unknown } = {}): Promise<ActionRun> => {
    const run = await runActionStep({
      inputs,
      workspace: project.dir,
      // The workspace lock in the test's own folder: every emulator's workspace is ws_test, and tests run at once.
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_CACHE_DIR: `${project.dir}/.cache`, ...extra.env },
      event: extra.event,
    });
    runs.push(run);
    return run;
  };

  beforeEach(async () => {
    emulator = await startTestEmulator({
      workspaces: [testWorkspace([{ id: "tfm_old", name: "Old", sourceId: "src_web", enabled: true, if: "event = 'X'" }])],
    });
    project = tempProject({ "segment/transync.yaml": PROJECT, "segment/transformations/a.yaml": doc("Rename", "web") });
  });
  afterEach(async () => {
    for (const run of runs.splice(0)) run.cleanup();
    await emulator.close();
    project.cleanup();
  });

  it("plan with changes: the step succeeds, exitcode 2, changes true, the plan files as outputs, the Markdown in the job summary", async () => {
    const run = await step({ command: "plan", environment: "staging", "working-directory": "segment", args: "--prune" });
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ exitcode: "2", changes: "true" });
    const markdown = readFileSync(run.outputs["plan-markdown"]!, "utf8");
    expect(markdown).toMatch(/<!-- transync-plan env=staging -->/);
    expect(markdown).toContain("Rename");
    expect(run.summary).toBe(markdown);
    const plan = JSON.parse(readFileSync(run.outputs["plan-json"]!, "utf8")) as { plan: { actions?: unknown[] } } & Record<string, unknown>;
    expect(JSON.stringify(plan)).toContain('"Rename"');
    expect(JSON.stringify(plan)).toContain('"tfm_old"');
  });

  it("plan then apply: apply writes, its report goes to the summary; a second plan has no changes (exitcode 0, changes false)", async () => {
    const applied = await step({ command: "apply", environment: "staging", "working-directory": "segment" });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.outputs).toMatchObject({ exitcode: "0", changes: "true" });
    expect(applied.summary).toMatch(/^### transync apply \(exit 0\)/);
    expect(emulator.transformations(TEST_WORKSPACE).map((t) => t.name)).toEqual(["Old", "Rename"]);
    const again = await step({ command: "plan", environment: "staging", "working-directory": "segment" });
    expect([again.code, again.outputs.exitcode, again.outputs.changes]).toEqual([0, "0", "false"]);
    const noop = await step({ command: "apply", environment: "staging", "working-directory": "segment" });
    expect(noop.outputs).toMatchObject({ exitcode: "0", changes: "false" });
  });

  it("plan that fails: the step fails with exit 1, exitcode 1, no plan output; the summary says the plan failed", async () => {
    const run = await step(
      { command: "plan", environment: "staging", "working-directory": "segment" },
      { env: { SEGMENT_API_TOKEN: "wrong-token" } },
    );
    expect([run.code, run.outputs.exitcode, run.outputs.changes, run.outputs["plan-markdown"]]).toEqual([1, "1", "false", ""]);
    expect(run.summary).toMatch(/^<!-- transync-plan env=staging -->\n\n## transync plan: failed\n/);
    expect(run.summary + run.stdout + run.stderr).not.toContain("wrong-token");
  });

  it("validate and test: annotations on the step's output with the file from the repository root, exitcode, a line in the summary", async () => {
    project.write(
      "segment/transformations/b.yaml",
      'apiVersion: transync/v1\nkind: Transformation\nname: b\nsourceId: web\nenabled: true\nif: "event = "\n',
    );
    git(project.dir, "init", "-q"); // the workspace is a checkout, as actions/checkout leaves it
    const run = await step({ command: "validate", environment: "staging", "working-directory": "segment" });
    expect([run.code, run.outputs.exitcode]).toEqual([1, "1"]);
    expect(parseAnnotations(run.stdout).map((a) => [a.level, a.properties.file, a.properties.line])).toEqual([
      ["error", "segment/transformations/b.yaml", "6"],
    ]);
    expect(run.summary).toMatch(/^\*\*transync validate\*\* \(exit 1\): `Validated 2 transformations in 2 files: 1 error, 0 warnings\.`/);
    project.remove("segment/transformations/b.yaml");
    project.write(
      "segment/tests/a.yaml",
      "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: fails\n    source: web\n    event: { type: track, event: Other }\n    expect: { dropped: true }\n",
    );
    const tested = await step({ command: "test", environment: "staging", "working-directory": "segment" });
    expect([tested.code, tested.outputs.exitcode]).toEqual([1, "1"]);
    expect(parseAnnotations(tested.stdout).map((a) => [a.level, a.properties.file, a.properties.title])).toEqual([
      ["error", "segment/tests/a.yaml", "test failed: fails"],
    ]);
  });

  it("comment: true on a pull request posts the plan as the one transync comment, and updates it on the next run", async () => {
    const github = new FakeGitHub();
    const url = await github.start();
    try {
      const env = { GITHUB_API_URL: url, GITHUB_REPOSITORY: github.slug };
      const event = { pull_request: { number: 7 } };
      const inputs = {
        command: "plan",
        environment: "staging",
        "working-directory": "segment",
        comment: "true",
        "github-token": "ghs_actiontoken",
      };
      const first = await step(inputs, { env, event });
      expect(first.code, first.stderr).toBe(0);
      await step(inputs, { env, event });
      const comments = github.comments.get(7) ?? [];
      expect(comments).toHaveLength(1);
      expect(comments[0]!.body).toContain("<!-- transync-plan env=staging -->");
      expect(github.requests.every((r) => r.authorization === undefined || r.authorization.endsWith("ghs_actiontoken"))).toBe(true);
      // The summary has the plan once: `transync comment` is not let append it a second time.
      expect(first.summary.match(/<!-- transync-plan env=staging -->/g)).toHaveLength(1);
      expect(first.stdout + first.stderr).not.toContain("ghs_actiontoken");
      // A later commit that cannot be planned: the step fails and the comment no longer shows the older plan.
      const failed = await step(inputs, { env: { ...env, SEGMENT_API_TOKEN: "revoked-token" }, event });
      expect(failed.code).toBe(1);
      const after = github.comments.get(7) ?? [];
      expect(after).toHaveLength(1);
      expect(after[0]!.body).toMatch(/^<!-- transync-plan env=staging -->\n\n## transync plan: failed\n/);
    } finally {
      await github.stop();
    }
  });

  it("comment: true outside a pull request warns and posts nothing; bad inputs fail the step with an annotation", async () => {
    const run = await step({ command: "plan", environment: "staging", "working-directory": "segment", comment: "true" });
    expect(run.code).toBe(0);
    expect(parseAnnotations(run.stdout).map((a) => a.level)).toEqual(["warning"]);
    const bad = await step({ command: "destroy" });
    expect([bad.code, bad.outputs.exitcode]).toEqual([1, "1"]);
    expect(parseAnnotations(bad.stdout)[0]!.message).toMatch(/`command` must be one of validate, test, plan, apply; got "destroy"/);
    const own = await step({ command: "plan", args: "--format json" });
    expect(parseAnnotations(own.stdout)[0]!.message).toMatch(/sets --format, which the action sets itself/);
  });

  it("target: apply writes only the objects the input names; exclude wins", async () => {
    project.write("segment/transformations/b.yaml", doc("Second", "web"));
    const narrowed = await step({
      command: "apply",
      environment: "staging",
      "working-directory": "segment",
      target: "Rename, Second",
      exclude: "Second",
    });
    expect(narrowed.code, narrowed.stderr).toBe(0);
    expect(narrowed.summary).toContain("1 other change left out by --target/--exclude");
    expect(emulator.transformations(TEST_WORKSPACE).map((t) => t.name)).toEqual(["Old", "Rename"]);
  });

  it("break-freeze: inside a freeze window apply fails and writes nothing; the input applies and the report keeps its reason", async () => {
    // A window on at every minute (each minute starts one a minute long): on whenever the test runs, no clock needed.
    project.write("segment/transync.yaml", `${PROJECT}freeze:\n  - { name: always, cron: "* * * * *", duration: 1m }\n`);
    const frozen = await step({ command: "apply", environment: "staging", "working-directory": "segment" });
    expect([frozen.code, frozen.outputs.exitcode]).toEqual([1, "1"]);
    expect(frozen.stdout + frozen.stderr).toContain('window "always"');
    expect(emulator.transformations(TEST_WORKSPACE).map((t) => t.name)).toEqual(["Old"]);
    const broken = await step({
      command: "apply",
      environment: "staging",
      "working-directory": "segment",
      "break-freeze": "INC-9 rollback",
    });
    expect(broken.code, broken.stderr).toBe(0);
    expect(broken.summary).toContain("reason: INC-9 rollback");
    expect(emulator.transformations(TEST_WORKSPACE).map((t) => t.name)).toEqual(["Old", "Rename"]);
    const misplaced = await step({ command: "plan", "break-freeze": "x" });
    expect(parseAnnotations(misplaced.stdout)[0]!.message).toMatch(/`break-freeze` is for command: apply/);
  });

  it("skip-order: prod after staging refuses what staging has not applied; the input applies and the report keeps its reason", async () => {
    project.write("segment/transync.yaml", `${PROJECT}  prod: { sources: { web: src_web }, after: staging }\n`);
    const refused = await step({ command: "apply", environment: "prod", "working-directory": "segment" });
    expect([refused.code, refused.outputs.exitcode]).toEqual([1, "1"]);
    expect(refused.stdout + refused.stderr).toContain('staging first: environment "prod" comes after "staging"');
    expect(emulator.transformations(TEST_WORKSPACE).map((t) => t.name)).toEqual(["Old"]);
    const skipped = await step({ command: "apply", environment: "prod", "working-directory": "segment", "skip-order": "INC-9 hotfix" });
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.summary).toContain("reason: INC-9 hotfix");
    expect(emulator.transformations(TEST_WORKSPACE).map((t) => t.name)).toEqual(["Old", "Rename"]);
    const misplaced = await step({ command: "plan", "skip-order": "x" });
    expect(parseAnnotations(misplaced.stdout)[0]!.message).toMatch(/`skip-order` is for command: apply/);
  });

  it("accept-blast-radius: a change over a limit of guards: is refused; the input, one name a line, applies it", async () => {
    // The emulator's workspace has no volumes (403): every figure is unknown, and unknownVolume: refuse refuses.
    project.write("segment/transync.yaml", `${PROJECT}guards: { maxDroppedPerDay: 1000 }\n`);
    project.write("segment/transformations/a.yaml", doc("Drop X", "web", { drop: true }));
    const refused = await step({ command: "apply", environment: "staging", "working-directory": "segment" });
    expect([refused.code, refused.outputs.exitcode]).toEqual([1, "1"]);
    expect(refused.stdout + refused.stderr).toContain(`create "Drop X": newly drops an unknown number of its source's events`);
    expect(emulator.transformations(TEST_WORKSPACE).map((t) => t.name)).toEqual(["Old"]);
    const accepted = await step({
      command: "apply",
      environment: "staging",
      "working-directory": "segment",
      "accept-blast-radius": "Other\nDrop X\n",
    });
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(emulator.transformations(TEST_WORKSPACE).map((t) => t.name)).toEqual(["Old", "Drop X"]);
    const misplaced = await step({ command: "plan", "accept-blast-radius": "Drop X" });
    expect(parseAnnotations(misplaced.stdout)[0]!.message).toMatch(/`accept-blast-radius` is for command: apply/);
  });
});
