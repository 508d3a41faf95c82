import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import {
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  watch,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  acquireWorkspaceLock,
  LOCK_EXPIRY_MARGIN_MS,
  LOCK_TTL_MS,
  tryAcquireLock,
  workspaceLockPath,
  type LockInfo,
  type LockOwner,
} from "../../src/lock/lock.js";
import { ConflictError } from "../../src/errors.js";
import { manualRenewals } from "../helpers/manual-renewals.js";

const MINUTE = 60_000;

/** A host sharing the lock folder, with its own name and a clock `skewMs` off the real one. */
function host(name: string, skewMs: number, pid = 4242): LockOwner {
  return { host: name, pid, now: () => Date.now() + skewMs };
}

describe("the workspace lock between hosts sharing a lock folder", () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "transync-lock-hosts-"));
    dir = join(root, "locks");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const lockPath = () => workspaceLockPath(dir, "ws_1");
  const holderOf = () => (JSON.parse(readFileSync(lockPath(), "utf8")) as LockInfo).host;
  /** The lock file as a holder that stopped renewing `ms` ago left it (its time set by the file system, not by a host). */
  const unrenewedFor = (ms: number) => {
    const then = new Date(Date.now() - ms);
    utimesSync(lockPath(), then, then);
  };

  for (const skewMs of [11 * MINUTE, 24 * 60 * MINUTE, -11 * MINUTE, -24 * 60 * MINUTE]) {
    it(`a live lock is never taken by a host whose clock is ${skewMs / MINUTE} min off`, async () => {
      const held = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply", owner: host("host-a", 0) });
      const error = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply", owner: host("host-b", skewMs) }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as Error).message).toMatch(
        /^workspace ws_1 is locked by apply \(pid 4242 on host host-a, since \S+\), renewed \d+ s ago; nothing was changed/,
      );
      expect(holderOf()).toBe("host-a");
      await held.release();
    });
  }

  it("the holder's clock does not matter either: a lock whose expiresAt is long past (a clock behind) is held while its file is fresh", async () => {
    await tryAcquireLock(lockPath(), LOCK_TTL_MS, { command: "apply", owner: host("host-a", -24 * 60 * MINUTE) });
    expect(await tryAcquireLock(lockPath(), LOCK_TTL_MS, { owner: host("host-b", 0) })).toBe(false);
    expect(holderOf()).toBe("host-a");
  });

  it("a lock unrenewed for its lifetime plus the margin, by the file system's clock, is taken over whatever the contender's clock says", async () => {
    for (const skewMs of [-24 * 60 * MINUTE, 0, 24 * 60 * MINUTE]) {
      await tryAcquireLock(lockPath(), LOCK_TTL_MS, { owner: host("host-a", 0) });
      unrenewedFor(LOCK_TTL_MS + LOCK_EXPIRY_MARGIN_MS - 30_000); // within the margin: still held
      expect(await tryAcquireLock(lockPath(), LOCK_TTL_MS, { owner: host("host-b", skewMs) }), `skew ${skewMs}`).toBe(false);
      unrenewedFor(LOCK_TTL_MS + LOCK_EXPIRY_MARGIN_MS + 30_000);
      expect(await tryAcquireLock(lockPath(), LOCK_TTL_MS, { owner: host("host-b", skewMs) }), `skew ${skewMs}`).toBeTruthy();
      expect(holderOf()).toBe("host-b");
      rmSync(lockPath());
    }
  });

  it("the holder's own lifetime counts (reconcile's longer interval), not the contender's", async () => {
    await tryAcquireLock(lockPath(), 30 * MINUTE, { command: "reconcile", owner: host("host-a", 0) });
    unrenewedFor(20 * MINUTE);
    expect(await tryAcquireLock(lockPath(), LOCK_TTL_MS, { owner: host("host-b", 0) })).toBe(false);
    unrenewedFor(30 * MINUTE + LOCK_EXPIRY_MARGIN_MS + 30_000);
    expect(await tryAcquireLock(lockPath(), LOCK_TTL_MS, { owner: host("host-b", 0) })).toBeTruthy();
  });

  it("a pid that no longer runs is checked only on its own host: the same pid on another host keeps its lock", async () => {
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid as number;
    await tryAcquireLock(lockPath(), LOCK_TTL_MS, { owner: host("host-a", 0, gone) });
    expect(await tryAcquireLock(lockPath(), LOCK_TTL_MS, { owner: host("host-b", 0) })).toBe(false);
    expect(await tryAcquireLock(lockPath(), LOCK_TTL_MS, { owner: host("host-a", 0) })).toBeTruthy(); // host-a, whose pid is gone
  });

  it("renewal rewrites the file, so its time (what contenders judge by) moves while the holder runs", async () => {
    const renewals = manualRenewals();
    const held = await acquireWorkspaceLock({
      dir,
      workspaceId: "ws_1",
      command: "apply",
      ttlMs: 3000,
      owner: host("host-a", 11 * MINUTE),
      renewals: renewals.timer,
    });
    unrenewedFor(5 * MINUTE);
    const aged = statSync(lockPath()).mtimeMs;
    await renewals.fire();
    // Rewritten, so its time is the file system's now: 5 min after the aged time (the holder's clock, 11 min ahead, would make it 16).
    expect(statSync(lockPath()).mtimeMs - aged).toBeGreaterThanOrEqual(5 * MINUTE - 2000);
    expect(statSync(lockPath()).mtimeMs - aged).toBeLessThan(11 * MINUTE);
    await held.release();
  });
});

describe("files beside the lock: random names, created exclusively, never through a link", () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "transync-lock-links-"));
    dir = join(root, "locks");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const GUESSABLE = (path: string) => [
    `${path}.${process.pid}.renew`,
    `${path}.4242.renew`,
    `${path}.renew`,
    `${path}.new`,
    `${path}.${process.pid}.new`,
    `${path}.tmp`,
    `${path}.old`,
    `${path}.clock`,
    `${path}.${process.pid}.clock`,
  ];

  it("links planted at every guessable name: acquire, renewals, a contender and release leave their target untouched", async () => {
    const target = join(root, "precious.txt");
    writeFileSync(target, "untouched");
    const path = workspaceLockPath(dir, "ws_1");
    await tryAcquireLock(path, 1000); // creates the folder
    rmSync(path);
    for (const name of GUESSABLE(path)) symlinkSync(target, name);
    const renewals = manualRenewals();
    const held = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply", ttlMs: 3000, renewals: renewals.timer });
    await renewals.fire();
    await renewals.fire();
    await expect(
      acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "reconcile", owner: host("host-b", 11 * MINUTE) }),
    ).rejects.toThrow(ConflictError);
    await held.release();
    expect(readFileSync(target, "utf8")).toBe("untouched");
    for (const name of GUESSABLE(path)) expect(readlinkSync(name)).toBe(target);
    expect(readdirSync(dir).sort()).toEqual(
      GUESSABLE(path)
        .map((p) => p.slice(dir.length + 1))
        .sort(),
    ); // nothing else left behind
  });

  it("every name written in the lock folder is the lock or a random one", async () => {
    const path = workspaceLockPath(dir, "ws_1");
    await tryAcquireLock(path, 1000);
    rmSync(path);
    const seen = new Set<string>();
    // The folder's events arrive in order: once the sentinel written last is seen, every name before it was.
    const SENTINEL = "zz-sentinel";
    let sentinelSeen: () => void = () => undefined;
    const allSeen = new Promise<void>((resolve) => (sentinelSeen = resolve));
    const watcher = watch(dir, (_event, name) => {
      if (name === SENTINEL) sentinelSeen();
      else if (name) seen.add(name);
    });
    try {
      const renewals = manualRenewals();
      const held = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply", ttlMs: 3000, renewals: renewals.timer });
      await renewals.fire();
      await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply", owner: host("host-b", 0) }).catch(() => undefined);
      unrenewedForAll(path);
      await (await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply", owner: host("host-b", 0) })).release();
      await held.release();
      writeFileSync(join(dir, SENTINEL), "");
      await allSeen;
    } finally {
      watcher.close();
    }
    const names = [...seen].filter((name) => name !== "ws_1.lock");
    expect(names.length).toBeGreaterThanOrEqual(4); // created, renewed, clock probes, moved aside
    for (const name of names)
      expect(name).toMatch(/^ws_1\.lock\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(new|renew|clock|old)$/);
  });

  it("a link planted at the lock's own name is not followed: read as unreadable, moved aside, its target untouched", async () => {
    const target = join(root, "precious.txt");
    writeFileSync(target, JSON.stringify({ host: "host-z", pid: 1, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
    const path = workspaceLockPath(dir, "ws_1");
    await tryAcquireLock(path, 1000);
    rmSync(path);
    symlinkSync(target, path);
    const held = await acquireWorkspaceLock({ dir, workspaceId: "ws_1", command: "apply" });
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    expect(readFileSync(target, "utf8")).toContain("host-z");
    await held.release();
  });
});

function unrenewedForAll(path: string): void {
  const then = new Date(Date.now() - LOCK_TTL_MS - LOCK_EXPIRY_MARGIN_MS - 60_000);
  utimesSync(path, then, then);
}
