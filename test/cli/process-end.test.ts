import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, tempProject, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";

// How the process ends when it is not the command's doing:
// - `transync --help | head -1`, `transync plan | head`: the reader closes the pipe before the output
//   ends. No "Unhandled 'error' event" stack; the exit code is the command's own, and the work (an
//   apply above all) is never cut short.
// - SIGINT/SIGTERM ends the servers (emulator, reconcile) with 0, as their --help says
//   (src/cli/help.ts EXIT_CODES).

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

/** Runs the real process with its stdout's reading end closed before it writes a byte. */
async function withClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const { child, done } = spawnCli(args, { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url }, project.dir);
  child.stdout.destroy();
  const { code, stderr } = await done;
  return { code, stderr };
}

describe("a reader that closes the pipe early", () => {
  it("--help: exit 0, nothing on stderr", async () => {
    const { code, stderr } = await withClosedStdout(["simulate", "--help"]);
    expect(stderr).not.toMatch(/EPIPE|Unhandled 'error' event|\n\s+at /);
    expect(code).toBe(0);
  });

  it("plan --detailed-exitcode keeps its exit code (2: changes present); apply still applies", async () => {
    const planned = await withClosedStdout(["plan", "--detailed-exitcode"]);
    expect(planned.stderr).not.toMatch(/EPIPE|Unhandled 'error' event|\n\s+at /);
    expect(planned.code).toBe(2);
    const applied = await withClosedStdout(["apply", "--auto-approve"]);
    expect(applied.stderr).not.toMatch(/EPIPE|Unhandled 'error' event|\n\s+at /);
    expect(applied.code).toBe(0);
    expect(emulator.transformations("ws_test").map((t) => t.name)).toEqual(["A"]);
  });
});

/** A signal that SIGTERM aborts once the command's output matches `pattern`: the server is up (and, for reconcile, its cycle done). */
function stopOnceSaid(pattern: RegExp): { signal: AbortSignal; onOutput: (written: { stdout: string; stderr: string }) => void } {
  const controller = new AbortController();
  const onOutput = ({ stdout, stderr }: { stdout: string; stderr: string }): void => {
    if (!controller.signal.aborted && pattern.test(stdout + stderr)) controller.abort("SIGTERM");
  };
  return { signal: controller.signal, onOutput };
}

describe("servers stopped by a signal exit 0", () => {
  it("reconcile", async () => {
    const run = await runCli(["reconcile", "--dry-run", "--interval", "1h"], {
      cwd: project.dir,
      env: { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "info" },
      ...stopOnceSaid(/"msg":"planned"/), // the cycle has read and planned; what follows (a dry run) writes nothing, then it waits the hour
    });
    expect(run.code, run.stderr).toBe(0);
  });

  it("emulator", async () => {
    const run = await runCli(["emulator", "--port", "0"], stopOnceSaid(/listening on/));
    expect(run.stdout).toMatch(/listening on/);
    expect(run.code).toBe(0);
  });
});
