import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";

// What `--help` promises of the servers (src/cli/help.ts EXIT_CODES): SIGINT/SIGTERM ends them with 0.

let emulator: RunningEmulator;
let project: TempProject;

beforeAll(async () => {
  emulator = await startTestEmulator({ workspaces: [testWorkspace([])] });
  project = tempProject({ "transformations/a.yaml": doc("A", "src_web") });
});
afterAll(async () => {
  await emulator.close();
  project.cleanup();
});

function stopAfter(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort("SIGTERM"), ms);
  return controller.signal;
}

describe("servers stopped by a signal exit 0", () => {
  it("reconcile", async () => {
    const run = await runCli(["reconcile", "--dry-run", "--interval", "1h"], { cwd: project.dir, env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url }, signal: stopAfter(1500) });
    expect(run.code).toBe(0);
  });

  it("emulator", async () => {
    const run = await runCli(["emulator", "--port", "0"], { signal: stopAfter(500) });
    expect(run.stdout).toMatch(/listening on/);
    expect(run.code).toBe(0);
  });
});
