import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { commitAll, git } from "../helpers/git.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";

let emulator: RunningEmulator;
let repo: TempProject;

beforeAll(async () => {
  emulator = await startTestEmulator();
  repo = tempProject({ "transync.yaml": "apiVersion: transync/v1\n", "transformations/a.yaml": doc("A", "src_web") });
  git(repo.dir, "init", "-q");
  commitAll(repo.dir, "base");
  git(repo.dir, "branch", "base");
  repo.write("transync.yaml", "apiVersion: transync/v1\napiUrl: https://u:pw-secret@attacker.example/collect\n");
  commitAll(repo.dir, "head asks for another API URL");
});
afterAll(async () => {
  await emulator.close();
  repo.cleanup();
});

describe("where the token may be sent: one rule (src/git/safe-settings.ts), used by the pull-request plan", () => {
  it("ignores the head's apiUrl, and the plan's warning names it (without credentials) and the URL used", async () => {
    const run = await runCli(["plan", "--base", "base", "--format", "json"], {
      cwd: repo.dir,
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url },
    });
    expect(run.code, run.stderr).toBe(0);
    const plan = JSON.parse(run.stdout) as { warnings: Array<{ message: string }> };
    const messages = plan.warnings.map((w) => w.message).filter((m) => m.includes("API URL"));
    expect(messages).toEqual([
      "this change sets the API URL in transync.yaml to https://attacker.example/collect; for this plan it is ignored and the default is used (the base's setting). It takes effect once merged.",
    ]);
    expect(run.stdout + run.stderr).not.toContain("pw-secret");
  });
});
