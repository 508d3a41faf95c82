import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

const COUNT = 40;

describe("interrupted apply", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  let cache: string;
  beforeEach(async () => {
    emulator = await startTestEmulator();
    cache = mkdtempSync(join(tmpdir(), "transync-cache-"));
    const many = Array.from({ length: COUNT }, (_, i) => doc(`Bulk ${i}`, "src_web", { if: `event = 'E${i}'` }));
    project = tempProject({ "transformations/bulk.yaml": docs(...many) });
  });
  afterEach(async () => {
    await emulator.close();
    project.cleanup();
    rmSync(cache, { recursive: true, force: true });
  });

  // One lock folder for the killed process and the apply after it.
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_CACHE_DIR: cache });

  it("kill -9 mid-apply, then apply again, converges with no duplicates", async () => {
    const { child } = spawnCli(["apply", "--auto-approve", "--rate", "20"], env(), project.dir);
    await waitFor(() => emulator.transformations("ws_test").length >= 5, 20_000);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const partial = emulator.transformations("ws_test").length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(COUNT);
    // The killed process still "holds" the lock; its process is gone, so the next apply takes it over.
    expect(readdirSync(join(cache, "locks")).filter((f) => f.endsWith(".lock"))).toEqual(["ws_test.lock"]);

    const again = await runCli(["apply", "--auto-approve", "--rate", "200"], { env: env(), cwd: project.dir });
    expect(again.code, again.stderr).toBe(0);
    const names = emulator.transformations("ws_test").map((t) => t.name);
    expect(names).toHaveLength(COUNT);
    expect(new Set(names).size).toBe(COUNT);
  }, 60_000);

  it("Ctrl-C (SIGINT): finishes in-flight calls, reports, exits 130; apply again converges", async () => {
    const { child, done } = spawnCli(["apply", "--auto-approve", "--rate", "10"], env(), project.dir);
    await waitFor(() => emulator.transformations("ws_test").length >= 3, 20_000);
    child.kill("SIGINT");
    const { code, stdout } = await done;
    expect(code).toBe(130);
    expect(readdirSync(join(cache, "locks"))).toEqual([]); // the lock was released on the way out
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
