import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { utimesSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { doc, docs, type TempProject } from "../helpers/project.js";
import { commitAll, committedRemote, removeRemote } from "../helpers/git.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { LOCK_EXPIRY_MARGIN_MS, tryAcquireLock, releaseLock } from "../../src/lock/lock.js";
import { waitFor } from "../helpers/wait-for.js";
import { startReconcile } from "../reconcile/running-reconcile.js";

describe("transync reconcile", () => {
  let emulator: RunningEmulator;
  let remote: TempProject;
  let cache: string;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_CACHE_DIR: cache });

  beforeEach(async () => {
    emulator = await startTestEmulator();
    ({ remote, cache } = committedRemote("transync-cache-"));
  });
  afterEach(async () => {
    await emulator.close();
    removeRemote({ remote, cache });
  });

  it("--once converges from a repository URL; a second cycle plans no changes", async () => {
    const url = `file://${remote.dir}`;
    const first = await runCli(["reconcile", "--repo", url, "--ref", "main", "--once"], { env: env(), cwd: cache });
    expect(first.code, first.stderr).toBe(0);
    expect(
      emulator
        .transformations("ws_test")
        .map((t) => t.name)
        .sort(),
    ).toEqual(["A", "B"]);
    remote.write("transformations/a.yaml", docs(doc("A", "src_web", { if: "event = 'A2'" })));
    commitAll(remote.dir, "second");
    const second = await runCli(["reconcile", "--repo", url, "--ref", "main", "--once", "--prune"], { env: env(), cwd: cache });
    expect(second.code, second.stderr).toBe(0);
    expect(emulator.transformations("ws_test").map((t) => `${t.name}:${t.if}`)).toEqual(["A:event = 'A2'"]);
    emulator.resetStats();
    const third = await runCli(["reconcile", "--repo", url, "--ref", "main", "--once", "--prune", "--log-level", "info"], {
      env: env(),
      cwd: cache,
    });
    expect(third.code).toBe(0);
    expect(emulator.stats().byRoute).not.toHaveProperty("POST /transformations");
  });

  it("serves /metrics, /healthz and /readyz while running, survives a failed cycle, and stops on the signal", async () => {
    const running = startReconcile(remote.dir, ["--max-retries", "0"], { env: env(), cwd: cache });
    const port = await running.port();
    let lastMetrics = "";
    const metrics = await waitFor(async () => {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      lastMetrics = text;
      return /transync_cycles_total\{result="success"\} [1-9]/.test(text) ? text : undefined;
    });
    expect(metrics, lastMetrics + running.stderr()).toMatch(/transync_actions_total\{kind="create",outcome="created"\} 2/);
    expect(metrics).toMatch(/transync_api_calls_total [1-9]/);
    expect(metrics).toMatch(/transync_last_success_timestamp_seconds [1-9]/);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await emulator.close(); // the API goes away: cycles fail (not ready), the process lives on (alive)
    await waitFor(async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 503 ? true : undefined));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(await running.stop()).toBe(0);
    emulator = await startTestEmulator();
  });

  it("a failed cycle logs a file-system error in words, as the one-shot commands print it, never as an internal error", async () => {
    remote.write("a-file", "x");
    const run = await runCli(["reconcile", "--repo", remote.dir, "--once", "--lock-dir", join(remote.dir, "a-file")], {
      env: env(),
      cwd: cache,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/cannot mkdir .*a-file: it is a file, not a folder/);
    expect(run.stderr).not.toMatch(/internal error/);
  });

  it("the apply lock admits one holder until it is released or expires", async () => {
    const path = join(cache, "locks", "ws_test.lock");
    expect(await tryAcquireLock(path, 60_000)).toBeTruthy();
    expect(await tryAcquireLock(path, 60_000)).toBe(false);
    const unrenewed = new Date(Date.now() - 60_000 - LOCK_EXPIRY_MARGIN_MS - 5000);
    utimesSync(path, unrenewed, unrenewed);
    expect(await tryAcquireLock(path, 60_000)).toBeTruthy(); // not renewed past its lifetime and the margin: taken over
    await releaseLock(path);
    expect(await tryAcquireLock(path, 60_000)).toBeTruthy();
    await releaseLock(path);
  });
});
