import { afterEach, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LockBeforeRead } from "../../src/lock/workspace-lock.js";
import { acquireWorkspaceLock, workspaceLockPath } from "../../src/lock/lock.js";
import { ConflictError } from "../../src/errors.js";
import { FakeLiveApi } from "../helpers/fake-live-api.js";

/** The lock apply --auto-approve and reconcile take before their plan reads (src/pipeline/workspace-lock.ts). */
describe("LockBeforeRead", () => {
  const dirs: string[] = [];
  const lockDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "transync-lock-before-read-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("takes the lock of the workspace GET / names, holds it until released, and refuses a plan of another workspace", async () => {
    const dir = lockDir();
    const lock = new LockBeforeRead({ dir, command: "apply" });
    await lock.take(new FakeLiveApi("ws_a"));
    expect(existsSync(workspaceLockPath(dir, "ws_a"))).toBe(true);
    await expect(lock.assertHolds("ws_a")).resolves.toBeUndefined();
    await expect(lock.assertHolds("ws_b")).rejects.toThrow(
      /the plan is of workspace ws_b, but the lock taken before reading it is that of workspace ws_a; nothing was changed/,
    );
    await lock.release();
    expect(existsSync(workspaceLockPath(dir, "ws_a"))).toBe(false);
  });

  it("a lock another run holds: take fails with the holder's ConflictError, refused is set, and release leaves that lock alone", async () => {
    const dir = lockDir();
    const other = await acquireWorkspaceLock({ dir, workspaceId: "ws_a", command: "reconcile" });
    try {
      const lock = new LockBeforeRead({ dir, command: "apply" });
      const error = await lock.take(new FakeLiveApi("ws_a")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConflictError);
      expect(String(error)).toMatch(/workspace ws_a is locked by reconcile/);
      expect(lock.refused).toBe(true);
      await lock.release();
      expect(existsSync(workspaceLockPath(dir, "ws_a"))).toBe(true);
    } finally {
      await other.release();
    }
  });

  it("a read for another client lets the first lock go before it takes the second", async () => {
    const dir = lockDir();
    const lock = new LockBeforeRead({ dir, command: "reconcile" });
    await lock.take(new FakeLiveApi("ws_a"));
    await lock.take(new FakeLiveApi("ws_b"));
    expect(existsSync(workspaceLockPath(dir, "ws_a"))).toBe(false);
    expect(existsSync(workspaceLockPath(dir, "ws_b"))).toBe(true);
    await lock.release();
    expect(existsSync(workspaceLockPath(dir, "ws_b"))).toBe(false);
  });
});
