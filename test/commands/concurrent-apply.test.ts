import { describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { useBulkWorkspace } from "../helpers/bulk-workspace.js";
import { acquireWorkspaceLock } from "../../src/lock/lock.js";
import { waitFor } from "../helpers/wait-for.js";

const COUNT = 20;

/**
 * Two `transync apply` processes on one workspace at once (without a lock they created every name
 * twice). The overlap is arranged, not hoped for: the first is paused (SIGSTOP) once it holds the lock
 * and has written, the second runs to its end meanwhile, then the first goes on. On a loaded machine
 * a process can take seconds to start, so two started together need not overlap.
 */
describe("two applies at once on one workspace", () => {
  const ws = useBulkWorkspace(COUNT);
  const { env } = ws;

  /** `argsA` runs until it holds the lock and has created one object, then pauses while `argsB` runs whole. */
  const overlap = async (argsA: string[], argsB: string[]) => {
    const a = spawnCli(argsA, env(), ws.project.dir);
    const lockFile = join(ws.cache, "locks", "ws_test.lock");
    await Promise.race([
      waitFor(() => (existsSync(lockFile) && ws.emulator.transformations("ws_test").length >= 1 ? true : undefined)),
      a.done.then((run) => Promise.reject(new Error(`the first apply ended before it could be paused: ${run.stderr}`))),
    ]);
    a.child.kill("SIGSTOP");
    try {
      const second = await spawnCli(argsB, env(), ws.project.dir).done;
      return { second, first: await (a.child.kill("SIGCONT"), a.done) };
    } finally {
      a.child.kill("SIGCONT");
    }
  };

  it("--auto-approve: 0 duplicates; one applies, the other refuses with exit 1 naming the lock holder", async () => {
    const { first, second } = await overlap(["apply", "--auto-approve", "--rate", "5"], ["apply", "--auto-approve", "--rate", "5"]);
    expect(second.code, second.stderr).toBe(1);
    expect(second.stderr).toMatch(/workspace ws_test is locked by apply \(pid \d+ on host .+\), renewed \d+ s ago; nothing was changed/);
    expect(first.code, first.stderr).toBe(0);
    ws.expectNoDuplicates();
    expect((await runCli(["plan", "--detailed-exitcode"], { env: env(), cwd: ws.project.dir })).code).toBe(0);
  });

  it("saved plans: 0 duplicates; the second plan is refused (locked, or stale once the first is done)", async () => {
    expect((await runCli(["plan", "--out", "one.json"], { env: env(), cwd: ws.project.dir })).code).toBe(0);
    expect((await runCli(["plan", "--out", "two.json"], { env: env(), cwd: ws.project.dir })).code).toBe(0);
    const { first, second } = await overlap(
      ["apply", "one.json", "--auto-approve", "--rate", "5"],
      ["apply", "two.json", "--auto-approve", "--rate", "5"],
    );
    expect(second.code, second.stderr).toBe(1);
    expect(second.stderr).toMatch(/is locked by apply/);
    expect(first.code, first.stderr).toBe(0);
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
