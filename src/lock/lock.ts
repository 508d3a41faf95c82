/**
 * Room src/lock/: the workspace lock apply and reconcile share: the lock file (lock.ts,
 * lock-files.ts), its folder, and live state read again once it is held (workspace-lock.ts).
 * May import: src/apply/, src/live/, src/plan/, src/git/ (the cache folder), the ground floor.
 */
import { mkdir, unlink } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { ConflictError } from "../errors.js";
import { processRuns } from "../process-runs.js";
import { createExclusive, fileSystemNow, readLockFile, removeIfUnchanged, replaceWhole, type LockFileRead } from "./lock-files.js";

/**
 * The apply lock of a workspace: a file created with O_EXCL (atomic on local and NFSv3+ file
 * systems), holding who took it. apply and reconcile take the same file (same folder, same key: the
 * workspace id), so two of them sharing the lock folder (one host, or a shared volume) never write to
 * one workspace at once. The holder renews the file every third of its lifetime. It is taken over
 * only when its holder ran on this host and that process no longer exists (kill -9), when it cannot
 * be read, or when the file has gone its lifetime plus LOCK_EXPIRY_MARGIN_MS without renewal, measured
 * on the lock folder's own clock (the file's modification time against that of a file created beside
 * it now): never on a host's clock, which another host sharing the folder may set differently.
 * docs/reliability.md ("The workspace lock") states the rule.
 */
export interface LockInfo {
  holder: string;
  host: string;
  pid: number;
  /** The holder's own estimate, by its clock: shown to people, never used to take the lock over. */
  expiresAt: string;
  /** The command holding it (`apply`, `reconcile`); absent in locks of older versions. */
  command?: string;
  startedAt?: string;
  /** Random per acquisition: only the acquisition that wrote it renews or removes it. */
  token?: string;
  /** The lifetime the holder renews within; absent in locks of older versions (LOCK_TTL_MS then). */
  ttlMs?: number;
}

/** Default lock lifetime; a holder renews it every third of this while it runs. */
export const LOCK_TTL_MS = 10 * 60_000;

/**
 * Added to a lock's lifetime before it is taken over: file times are coarse on some file systems, NFS
 * clients cache a file's attributes (up to 60 s by default, `acregmax`), and a busy holder renews late.
 */
export const LOCK_EXPIRY_MARGIN_MS = 2 * 60_000;

/** Who takes a lock: this process, or in tests a made-up host with its own (skewed) clock. */
export interface LockOwner {
  host: string;
  pid: number;
  /** The owner's clock; it only dates what the lock file says (startedAt, expiresAt). */
  now: () => number;
}

export function thisProcess(): LockOwner {
  return { host: hostname(), pid: process.pid, now: () => Date.now() };
}

export function workspaceLockPath(dir: string, workspaceId: string): string {
  return join(dir, `${workspaceId.replace(/[^A-Za-z0-9._-]/g, "_")}.lock`);
}

export interface AcquireOptions {
  command?: string;
  owner?: LockOwner;
}

export async function tryAcquireLock(path: string, ttlMs: number, options: AcquireOptions = {}): Promise<LockInfo | false> {
  const owner = options.owner ?? thisProcess();
  await mkdir(dirname(path), { recursive: true });
  const info = newLockInfo(owner, ttlMs, options.command);
  const text = JSON.stringify(info);
  if (await createExclusive(path, text)) return info;
  const current = await readLockFile(path);
  if (current === undefined) return (await createExclusive(path, text)) ? info : false; // released meanwhile
  if (!(await isAbandoned(path, current, owner))) return false;
  // Abandoned: take it over, then race for it once more.
  await removeIfUnchanged(path, current);
  return (await createExclusive(path, text)) ? info : false;
}

function newLockInfo(owner: LockOwner, ttlMs: number, command: string | undefined): LockInfo {
  const now = owner.now();
  return {
    holder: `${owner.host}:${owner.pid}`,
    host: owner.host,
    pid: owner.pid,
    expiresAt: new Date(now + ttlMs).toISOString(),
    ...(command ? { command } : {}),
    startedAt: new Date(now).toISOString(),
    token: randomUUID(),
    ttlMs,
  };
}

/** Removes the lock when this owner (and, when given, this acquisition) holds it. */
export async function releaseLock(path: string, held?: LockInfo, owner: LockOwner = thisProcess()): Promise<void> {
  const current = parseLock((await readLockFile(path))?.text);
  if (current && isOurs(current, held, owner)) await unlink(path).catch(() => undefined);
}

export interface HeldLock {
  path: string;
  release(): Promise<void>;
}

export interface WorkspaceLockOptions {
  dir: string;
  workspaceId: string;
  command: "apply" | "reconcile";
  ttlMs?: number;
  owner?: LockOwner;
  /** What runs the renewals (default: an unref'd interval timer); tests fire them by hand instead of waiting. */
  renewals?: RenewalTimer;
}

/** Calls `renew` every `everyMs` until the returned stop is called. */
export type RenewalTimer = (everyMs: number, renew: () => Promise<void>) => () => void;

/** The real one: an interval that does not keep the process alive (a run that ends releases the lock, or its pid is gone). */
export const intervalRenewals: RenewalTimer = (everyMs, renew) => {
  const timer = setInterval(() => void renew(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Takes the workspace's lock or throws ConflictError naming the holder, its age and what to do.
 * While held, the lock is renewed every third of its lifetime, so a long apply never loses it.
 */
export async function acquireWorkspaceLock(opts: WorkspaceLockOptions): Promise<HeldLock> {
  const path = workspaceLockPath(opts.dir, opts.workspaceId);
  const ttlMs = opts.ttlMs ?? LOCK_TTL_MS;
  const owner = opts.owner ?? thisProcess();
  const info = await tryAcquireLock(path, ttlMs, { command: opts.command, owner });
  if (!info) throw new ConflictError(heldMessage(opts.workspaceId, path, await describeHolder(path)));
  const stopRenewals = (opts.renewals ?? intervalRenewals)(Math.max(1000, Math.floor(ttlMs / 3)), () => renew(path, info, ttlMs, owner));
  let released: Promise<void> | undefined;
  return {
    path,
    release: () => {
      stopRenewals();
      return (released ??= releaseLock(path, info, owner));
    },
  };
}

/** The lock's holder and how long ago its file was written (by the lock folder's clock). */
export interface HolderView {
  lock: LockInfo;
  renewedMsAgo: number;
}

async function describeHolder(path: string): Promise<HolderView | undefined> {
  const current = await readLockFile(path).catch(() => undefined);
  const lock = parseLock(current?.text);
  if (!current || !lock) return undefined;
  const now = await fileSystemNow(path).catch(() => undefined);
  return { lock, renewedMsAgo: now === undefined ? 0 : Math.max(0, now - current.mtimeMs) };
}

export function heldMessage(workspaceId: string, path: string, holder: HolderView | undefined): string {
  const lock = holder?.lock;
  const who = lock
    ? `${lock.command ?? "transync"} (pid ${lock.pid} on host ${lock.host}${lock.startedAt ? `, since ${lock.startedAt}` : ""}), renewed ${Math.round((holder?.renewedMsAgo ?? 0) / 1000)} s ago`
    : "another transync";
  const limit = Math.round((lifetimeOf(lock) + LOCK_EXPIRY_MARGIN_MS) / 60_000);
  return (
    `workspace ${workspaceId} is locked by ${who}; nothing was changed. Another apply or reconcile is writing to it: ` +
    `run again when it has finished. If that run is gone, the lock is taken over once its file has gone ${limit} min without renewal ` +
    `(by the lock folder's clock); to free it now, make sure it no longer runs${lock ? ` (pid ${lock.pid} on host ${lock.host})` : ""}, then run: rm -- ${shellQuoted(path)}`
  );
}

function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

async function renew(path: string, info: LockInfo, ttlMs: number, owner: LockOwner): Promise<void> {
  const current = parseLock((await readLockFile(path).catch(() => undefined))?.text);
  if (!current || !isOurs(current, info, owner)) return;
  const renewed = { ...info, expiresAt: new Date(owner.now() + ttlMs).toISOString() };
  await replaceWhole(path, JSON.stringify(renewed)).catch(() => undefined);
}

function isOurs(current: LockInfo, held: LockInfo | undefined, owner: LockOwner): boolean {
  if (current.pid !== owner.pid || current.host !== owner.host) return false;
  return held?.token === undefined || current.token === held.token;
}

/** Unreadable; held on this host by a process that no longer exists; or not renewed for its lifetime plus the margin. */
async function isAbandoned(path: string, current: LockFileRead, owner: LockOwner): Promise<boolean> {
  const lock = parseLock(current.text);
  if (lock === undefined) return true;
  if (lock.host === owner.host && lock.pid !== owner.pid && !processRuns(lock.pid)) return true;
  const ageMs = (await fileSystemNow(path)) - current.mtimeMs;
  return ageMs > lifetimeOf(lock) + LOCK_EXPIRY_MARGIN_MS;
}

function lifetimeOf(lock: LockInfo | undefined): number {
  const ttl = lock?.ttlMs;
  return typeof ttl === "number" && Number.isFinite(ttl) && ttl > 0 ? ttl : LOCK_TTL_MS;
}

/** A lock file's JSON, or undefined when it is missing or cannot be read as a lock. */
function parseLock(text: string | undefined): LockInfo | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as LockInfo;
    if (value && typeof value === "object" && typeof value.host === "string" && typeof value.pid === "number") return value;
  } catch {
    // not a lock
  }
  return undefined;
}
