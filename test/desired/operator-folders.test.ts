import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { commitAll, git } from "../helpers/git.js";

// Paths an operator gives on the command line are taken as given, absolute or relative to the
// working directory (issue 24); only transync.yaml's dir and tests stay confined to the project.

const TEST_FILE =
  "apiVersion: transync/v1\nkind: TransformationTest\ncases: [{ name: c, source: src_web, event: { event: 'Order Completed' }, expect: { matched: [A] } }]\n";

let emulator: RunningEmulator;
let project: TempProject;
let elsewhere: TempProject;

beforeAll(async () => {
  emulator = await startTestEmulator({ workspaces: [testWorkspace([])] });
  project = tempProject({ "transformations/a.yaml": doc("A", "src_web"), "tests/t.yaml": TEST_FILE });
  elsewhere = tempProject({
    "generated/b.yaml": doc("B", "src_web"),
    "tests/t.yaml": TEST_FILE.replace("[A]", "[B]"),
    "secret.yaml": doc("Secret", "src_web"),
  });
});
afterAll(async () => {
  await emulator.close();
  project.cleanup();
  elsewhere.cleanup();
});

const run = (args: string[]): Promise<CliRun> =>
  runCli(args, { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url } });

const errorLines = (text: string): string[] => text.split("\n").filter((l) => /^\S+:\d+:\d+ /.test(l) && !/warning/.test(l));

describe("--dir and --tests as the operator gives them", () => {
  it("an absolute --dir inside the project reads it, as the relative one does (scripts and CI write $PWD/transformations)", async () => {
    const result = await run(["validate", "--dir", join(project.dir, "transformations")]);
    expect(result.stdout).toMatch(/Validated 1 transformation in 1 file: 0 errors/);
    expect(result.code).toBe(0);
    const plan = await run(["plan", "--dir", join(project.dir, "transformations"), "--format", "json"]);
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout).origin.dir).toBe("transformations");
  });

  it("an absolute --tests runs the tests there (test and validate)", async () => {
    const tested = await run(["test", "--tests", join(project.dir, "tests")]);
    expect(tested.stderr).toBe("");
    expect(tested.code).toBe(0);
    expect((await run(["validate", "--tests", join(project.dir, "tests")])).code).toBe(0);
  });

  it("a --dir outside the project is read where it is; its tests beside it too; findings name the path as given", async () => {
    const dir = join(elsewhere.dir, "generated");
    const validated = await run(["validate", "--dir", dir]);
    expect(validated.code).toBe(0);
    const tested = await run(["test", "--dir", dir]);
    expect(tested.code).toBe(0);
    expect(tested.stdout).toMatch(/1 passed/);
    elsewhere.write("generated/bad.yaml", "apiVersion: transync/v1\nkind: Transformation\n");
    const bad = await run(["validate", "--dir", dir]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(`${dir}/bad.yaml:`);
    elsewhere.remove("generated/bad.yaml");
  });

  it("a symbolic link under a given folder that leads outside it is still refused", async () => {
    symlinkSync(join(elsewhere.dir, "secret.yaml"), join(elsewhere.dir, "generated", "link.yaml"));
    try {
      const result = await run(["validate", "--dir", join(elsewhere.dir, "generated")]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/link\.yaml:1:1 symbolic link to an absolute path/);
      expect(result.stdout).not.toContain("Secret");
    } finally {
      elsewhere.remove("generated/link.yaml");
    }
  });

  it("one error per mistake: a --dir that does not exist is one error, not a second about a tests folder nobody named", async () => {
    const result = await run(["validate", "--dir", "/nonexistent/transformations"]);
    expect(result.code).toBe(1);
    expect(errorLines(result.stdout)).toEqual([expect.stringMatching(/folder "\/nonexistent\/transformations" \(--dir\) does not exist$/)]);
  });

  it("transync.yaml's dir and tests stay confined to the project (a pull request edits them)", async () => {
    const confined = tempProject({ "transync.yaml": `apiVersion: transync/v1\ndir: ${join(elsewhere.dir, "generated")}\n` });
    try {
      const result = await runCli(["validate"], { cwd: confined.dir });
      expect(result.code).toBe(1);
      expect(errorLines(result.stdout)).toEqual([
        expect.stringMatching(/is an absolute path: transync\.yaml's dir and tests are relative to the project root/),
      ]);
      confined.write("transync.yaml", "apiVersion: transync/v1\ndir: ../outside\n");
      expect((await runCli(["validate"], { cwd: confined.dir })).stdout).toMatch(/leaves the project/);
    } finally {
      confined.cleanup();
    }
  });

  it("with --repo, a relative --dir is a folder of the repository, and an absolute one outside it is one clear error", async () => {
    const repo = tempProject({ "sub/transformations/a.yaml": doc("A", "src_web") });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "documents");
    try {
      const relative = await runCli(["validate", "--repo", repo.dir, "--ref", "HEAD", "--dir", "sub/transformations"], {
        cwd: project.dir,
      });
      expect(relative.stdout).toMatch(/Validated 1 transformation in 1 file: 0 errors/);
      const absoluteInside = await runCli(
        ["validate", "--repo", repo.dir, "--ref", "HEAD", "--dir", join(repo.dir, "sub/transformations")],
        { cwd: project.dir },
      );
      expect(absoluteInside.stdout).toMatch(/Validated 1 transformation in 1 file: 0 errors/);
      const outside = await runCli(["validate", "--repo", repo.dir, "--ref", "HEAD", "--dir", join(elsewhere.dir, "generated")], {
        cwd: project.dir,
      });
      expect(outside.code).toBe(1);
      expect(outside.stderr).toMatch(
        /^Error: --dir .*generated is outside the repository .*: with --repo or --ref, --dir names a folder of the repository/,
      );
      expect(outside.stderr.trim().split("\n")).toHaveLength(1);
    } finally {
      repo.cleanup();
    }
  });
});

describe("other files the operator names", () => {
  it("--events, --out and a plan file absolute or relative to the working directory", async () => {
    mkdirSync(join(elsewhere.dir, "events"), { recursive: true });
    writeFileSync(join(elsewhere.dir, "events", "e.json"), JSON.stringify({ source: "src_web", event: { event: "Order Completed" } }));
    const planFile = join(elsewhere.dir, "plan.json");
    const planned = await run(["plan", "--events", join(elsewhere.dir, "events"), "--out", planFile]);
    expect(planned.stderr).not.toMatch(/Error/);
    expect(planned.code).toBe(0);
    const applied = await run(["apply", planFile]);
    expect(applied.stderr).not.toMatch(/Error/);
    expect(applied.code).toBe(0);
  });
});
