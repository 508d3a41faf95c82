import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";

let emulator: RunningEmulator;
let project: TempProject;

beforeAll(async () => {
  emulator = await startTestEmulator();
  project = tempProject({
    "transync.yaml": "apiVersion: transync/v1\n",
    "transformations/a.yaml": doc("A", "src_web"),
    "README.md": "# repo\n",
  });
  git(project.dir, "init", "-q");
  commitAll(project.dir, "initial");
});
afterAll(async () => {
  await emulator.close();
  project.cleanup();
});

async function dirty(): Promise<boolean> {
  const run = await runCli(["plan", "--format", "json", "--api-url", emulator.url], {
    cwd: project.dir,
    env: { SEGMENT_API_TOKEN: TEST_TOKEN },
  });
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { origin: { dirty?: boolean } }).origin.dirty === true;
}

describe("the plan's uncommitted-changes marker", () => {
  it("ignores changes outside the desired folder and transync.yaml (the PR workflow's `> plan.md`)", async () => {
    project.write("plan.md", "# plan\n");
    project.write("README.md", "# edited\n");
    expect(await dirty()).toBe(false);
  });

  it("sees an edit in the desired folder", async () => {
    project.write("transformations/b.yaml", doc("B", "src_web"));
    expect(await dirty()).toBe(true);
    project.remove("transformations/b.yaml");
  });

  it("sees an edit of transync.yaml", async () => {
    project.write("transync.yaml", "apiVersion: transync/v1\nprune: false\n");
    expect(await dirty()).toBe(true);
  });
});
