import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const ROOT = join(import.meta.dirname, "..", "..");
const COUNT = 40;
// An absolute loader path: the child runs in a temp project where "tsx" does not resolve.
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;

/** `transync` as a real process (through tsx), so it can be killed. */
function spawnCli(args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  return spawn(process.execPath, ["--import", TSX_LOADER, join(ROOT, "src", "bin.ts"), ...args], {
    cwd,
    env: { PATH: process.env.PATH, TRANSYNC_LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

describe("interrupted apply", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  beforeEach(async () => {
    emulator = await startTestEmulator();
    const many = Array.from({ length: COUNT }, (_, i) => doc(`Bulk ${i}`, "src_web", { if: `event = 'E${i}'` }));
    project = tempProject({ "transformations/bulk.yaml": docs(...many) });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
  });

  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url });

  it("kill -9 mid-apply, then apply again, converges with no duplicates", async () => {
    const child = spawnCli(["apply", "--auto-approve", "--rate", "20"], env(), project.dir);
    await waitFor(() => emulator.transformations("ws_test").length >= 5, 20_000);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const partial = emulator.transformations("ws_test").length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(COUNT);

    const again = await runCli(["apply", "--auto-approve", "--rate", "200"], { env: env(), cwd: project.dir });
    expect(again.code, again.stderr).toBe(0);
    const names = emulator.transformations("ws_test").map((t) => t.name);
    expect(names).toHaveLength(COUNT);
    expect(new Set(names).size).toBe(COUNT);
  }, 60_000);

  it("Ctrl-C (SIGINT): finishes in-flight calls, reports, exits 130; apply again converges", async () => {
    const child = spawnCli(["apply", "--auto-approve", "--rate", "10"], env(), project.dir);
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    await waitFor(() => emulator.transformations("ws_test").length >= 3, 20_000);
    child.kill("SIGINT");
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(130);
    expect(stdout).toMatch(/Apply: \d+ created, 0 updated, 0 deleted, 0 failed, \d+ skipped\./);
    const again = await runCli(["apply", "--auto-approve", "--rate", "200"], { env: env(), cwd: project.dir });
    expect(again.code, again.stderr).toBe(0);
    expect(new Set(emulator.transformations("ws_test").map((t) => t.name)).size).toBe(COUNT);
    expect(emulator.transformations("ws_test")).toHaveLength(COUNT);
  }, 60_000);
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
