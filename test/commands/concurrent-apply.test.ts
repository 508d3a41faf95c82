import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { useBulkWorkspace } from "../helpers/bulk-workspace.js";
import { acquireWorkspaceLock } from "../../src/lock/lock.js";

const COUNT = 20;

/**
 * Two `transync apply` processes on one workspace at once (without a lock they
 * created every name twice). Slow enough (--rate 5) that the two always overlap.
 */
describe("two applies at once on one workspace", () => {
  const ws = useBulkWorkspace(COUNT);
  const { env } = ws;

  const race = async (argsA: string[], argsB: string[]) => {
    const a = spawnCli(argsA, env(), ws.project.dir);
    const b = spawnCli(argsB, env(), ws.project.dir);
    const results = await Promise.all([a.done, b.done]);
    return results.sort((x, y) => (x.code ?? 99) - (y.code ?? 99));
  };

  it("--auto-approve: 0 duplicates; one applies, the other refuses with exit 1 naming the lock holder", async () => {
    const [winner, loser] = await race(["apply", "--auto-approve", "--rate", "5"], ["apply", "--auto-approve", "--rate", "5"]);
    expect(winner?.code, winner?.stderr).toBe(0);
    expect(loser?.code).toBe(1);
    expect(loser?.stderr).toMatch(
      /workspace ws_test is locked by apply \(pid \d+ on host .+\), renewed \d+ s ago; nothing was changed|stale plan/,
    );
    ws.expectNoDuplicates();
    expect((await runCli(["plan", "--detailed-exitcode"], { env: env(), cwd: ws.project.dir })).code).toBe(0);
  });

  it("saved plans: 0 duplicates; the second plan is refused (locked, or stale once the first is done)", async () => {
    expect((await runCli(["plan", "--out", "one.json"], { env: env(), cwd: ws.project.dir })).code).toBe(0);
    expect((await runCli(["plan", "--out", "two.json"], { env: env(), cwd: ws.project.dir })).code).toBe(0);
    const [winner, loser] = await race(
      ["apply", "one.json", "--auto-approve", "--rate", "5"],
      ["apply", "two.json", "--auto-approve", "--rate", "5"],
    );
    expect(winner?.code, winner?.stderr).toBe(0);
    expect(loser?.code).toBe(1);
    expect(loser?.stderr).toMatch(/is locked by apply|stale plan/);
    ws.expectNoDuplicates();
  });

  it("the lock is released on an error path too: a refused stale plan leaves no lock file", async () => {
    expect((await runCli(["plan", "--out", "plan.json"], { env: env(), cwd: ws.project.dir })).code).toBe(0);
    expect((await runCli(["apply", "--auto-approve", "--rate", "500"], { env: env(), cwd: ws.project.dir })).code).toBe(0);
    const stale = await runCli(["apply", "plan.json", "--auto-approve"], { env: env(), cwd: ws.project.dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("stale plan");
    expect(readdirSync(join(ws.cache, "locks"))).toEqual([]);
  });

  it("apply and reconcile take the same lock file: each refuses while the other holds it", async () => {
    // Held as a reconciler would hold it (same folder, same key) while its cycle applies.
    const held = await acquireWorkspaceLock({ dir: join(ws.cache, "locks"), workspaceId: "ws_test", command: "reconcile" });
    try {
      const applied = await runCli(["apply", "--auto-approve"], { env: env(), cwd: ws.project.dir });
      expect(applied.code).toBe(1);
      expect(applied.stderr).toMatch(/workspace ws_test is locked by reconcile \(pid \d+/);
      expect(ws.emulator.transformations("ws_test")).toHaveLength(0);
      const cycle = await runCli(["reconcile", "--once", "--log-level", "info"], { env: env(), cwd: ws.project.dir });
      expect(cycle.stderr).toMatch(/holds the lock of this workspace; skipping this cycle/);
      expect(ws.emulator.transformations("ws_test")).toHaveLength(0);
    } finally {
      await held.release();
    }
    expect((await runCli(["apply", "--auto-approve", "--rate", "500"], { env: env(), cwd: ws.project.dir })).code).toBe(0);
    ws.expectNoDuplicates();
  });
});
