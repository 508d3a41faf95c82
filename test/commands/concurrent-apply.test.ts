import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, docs, type TempProject } from "../helpers/project.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { acquireWorkspaceLock } from "../../src/reconcile/lock.js";

const COUNT = 20;

/**
 * Two `transync apply` processes on one workspace at once (issue 11, case 1: without a lock they
 * created every name twice). Slow enough (--rate 5) that the two always overlap.
 */
describe("two applies at once on one workspace", () => {
  let emulator: RunningEmulator;
  let project: TempProject;
  let cache: string;
  const env = () => ({ SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_CACHE_DIR: cache });

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

  const expectNoDuplicates = () => {
    const names = emulator.transformations("ws_test").map((t) => t.name);
    expect(names).toHaveLength(COUNT);
    expect(new Set(names).size).toBe(COUNT);
  };

  const race = async (argsA: string[], argsB: string[]) => {
    const a = spawnCli(argsA, env(), project.dir);
    const b = spawnCli(argsB, env(), project.dir);
    const results = await Promise.all([a.done, b.done]);
    return results.sort((x, y) => (x.code ?? 99) - (y.code ?? 99));
  };

  it("--auto-approve: 0 duplicates; one applies, the other refuses with exit 1 naming the lock holder", async () => {
    const [winner, loser] = await race(["apply", "--auto-approve", "--rate", "5"], ["apply", "--auto-approve", "--rate", "5"]);
    expect(winner?.code, winner?.stderr).toBe(0);
    expect(loser?.code).toBe(1);
    expect(loser?.stderr).toMatch(/workspace ws_test is locked by apply \(pid \d+ on host .+\), until \S+; nothing was changed|stale plan/);
    expectNoDuplicates();
    expect((await runCli(["plan", "--detailed-exitcode"], { env: env(), cwd: project.dir })).code).toBe(0);
  }, 60_000);

  it("saved plans: 0 duplicates; the second plan is refused (locked, or stale once the first is done)", async () => {
    expect((await runCli(["plan", "--out", "one.json"], { env: env(), cwd: project.dir })).code).toBe(0);
    expect((await runCli(["plan", "--out", "two.json"], { env: env(), cwd: project.dir })).code).toBe(0);
    const [winner, loser] = await race(["apply", "one.json", "--auto-approve", "--rate", "5"], ["apply", "two.json", "--auto-approve", "--rate", "5"]);
    expect(winner?.code, winner?.stderr).toBe(0);
    expect(loser?.code).toBe(1);
    expect(loser?.stderr).toMatch(/is locked by apply|stale plan/);
    expectNoDuplicates();
  }, 60_000);

  it("the lock is released on an error path too: a refused stale plan leaves no lock file", async () => {
    expect((await runCli(["plan", "--out", "plan.json"], { env: env(), cwd: project.dir })).code).toBe(0);
    expect((await runCli(["apply", "--auto-approve", "--rate", "500"], { env: env(), cwd: project.dir })).code).toBe(0);
    const stale = await runCli(["apply", "plan.json", "--auto-approve"], { env: env(), cwd: project.dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("stale plan");
    expect(readdirSync(join(cache, "locks"))).toEqual([]);
  });

  it("apply and reconcile take the same lock file: each refuses while the other holds it", async () => {
    // Held as a reconciler would hold it (same folder, same key) while its cycle applies.
    const held = await acquireWorkspaceLock({ dir: join(cache, "locks"), workspaceId: "ws_test", command: "reconcile" });
    try {
      const applied = await runCli(["apply", "--auto-approve"], { env: env(), cwd: project.dir });
      expect(applied.code).toBe(1);
      expect(applied.stderr).toMatch(/workspace ws_test is locked by reconcile \(pid \d+/);
      expect(emulator.transformations("ws_test")).toHaveLength(0);
      const cycle = await runCli(["reconcile", "--once", "--log-level", "info"], { env: env(), cwd: project.dir });
      expect(cycle.stderr).toMatch(/holds the lock of this workspace; skipping this cycle/);
      expect(emulator.transformations("ws_test")).toHaveLength(0);
    } finally {
      await held.release();
    }
    expect((await runCli(["apply", "--auto-approve", "--rate", "500"], { env: env(), cwd: project.dir })).code).toBe(0);
    expectNoDuplicates();
  });
});

