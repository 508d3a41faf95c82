import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync, mkdirSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import {
  acquireWorkspaceLock,
  LOCK_EXPIRY_MARGIN_MS,
  LOCK_TTL_MS,
  releaseLock,
  thisProcess,
  tryAcquireLock,
  workspaceLockPath,
  type LockInfo,
} from "../../src/lock/lock.js";
import { ConflictError } from "../../src/errors.js";
import { manualRenewals } from "../helpers/manual-renewals.js";

describe("the workspace lock", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "transync-locks-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const writeLock = (info: Partial<LockInfo>) => {
    mkdirSync(dir, { recursive: true });
    const lock = { holder: "h", host: hostname(), pid: process.pid, expiresAt: new Date(Date.now() + 60_000).toISOString(), ...info };
    writeFileSync(workspaceLockPath(dir, "ws_1"), JSON.stringify(lock));
  };
  /** Sets the lock file's modification time `ms` in the past, as a holder that stopped renewing would leave it. */
  const ageLockFile = (ms: number) => {
    const then = new Date(Date.now() - ms);
    utimesSync(workspaceLockPath(dir, "ws_1"), then, then);
  };

  it("held: a ConflictError naming command, pid, host, expiry, the file and what to do", async () => {
    const held = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply" });
    const error = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "reconcile" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    const message = (error as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^workspace ws_1 is locked by apply \\(pid ${process.pid} on host ${hostname()}, since \\S+\\), renewed \\d+ s ago; nothing was changed`,
      ),
    );
    expect(message).toContain("run again when it has finished");
    expect(message).toContain(`once its file has gone 12 min without renewal (by the lock folder's clock)`);
    expect(message).toContain(
      `make sure it no longer runs (pid ${process.pid} on host ${hostname()}), then run: rm -- '${workspaceLockPath(dir, "ws_1")}'`,
    );
    await held.release();
    expect(readdirSync(dir)).toEqual([]);
    const again = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "reconcile" });
    await again.release();
  });

  it("a lock left by a process of this host that no longer runs (kill -9) is taken over", async () => {
    const gone = spawnSync(process.execPath, ["-e", "process.pid"]).pid as number;
    writeLock({ pid: gone, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const held = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply" });
    expect((JSON.parse(readFileSync(held.path, "utf8")) as LockInfo).pid).toBe(process.pid);
    await held.release();
  });

  it("a lock of another host is honoured until its file goes unrenewed past its lifetime plus the margin; an unreadable one counts as expired", async () => {
    writeLock({ host: "elsewhere", pid: 1, expiresAt: new Date(Date.now() - 1000).toISOString() }); // its clock says expired: not trusted
    await expect(acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply" })).rejects.toThrow(/pid 1 on host elsewhere/);
    ageLockFile(LOCK_TTL_MS + LOCK_EXPIRY_MARGIN_MS + 5000);
    await (await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply" })).release();
    writeFileSync(workspaceLockPath(dir, "ws_1"), "");
    await (await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply" })).release();
  });

  it("release removes only the acquisition's own lock", async () => {
    const path = workspaceLockPath(dir, "ws_1");
    const first = await tryAcquireLock(path, 60_000);
    expect(first).toBeTruthy();
    // Not renewed past its lifetime and the margin, then taken over by another acquisition in this process: the first release leaves it.
    ageLockFile(60_000 + LOCK_EXPIRY_MARGIN_MS + 5000);
    const second = await tryAcquireLock(path, 60_000);
    expect(second).toBeTruthy();
    await releaseLock(path, first as LockInfo);
    expect(readdirSync(dir)).toEqual(["ws_1.lock"]);
    await releaseLock(path, second as LockInfo);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("is renewed while held, every third of its lifetime, and no more once released", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const owner = { ...thisProcess(), now: () => now };
    const renewals = manualRenewals();
    const held = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply", ttlMs: 3000, owner, renewals: renewals.timer });
    const expiresAt = () => (JSON.parse(readFileSync(held.path, "utf8")) as LockInfo).expiresAt;
    expect(renewals.intervals).toEqual([1000]);
    expect(expiresAt()).toBe("2026-01-01T00:00:03.000Z");
    now += 1000;
    await renewals.fire();
    expect(expiresAt()).toBe("2026-01-01T00:00:04.000Z");
    await held.release();
    await renewals.fire();
    expect(readdirSync(dir)).toEqual([]);
  });
});
