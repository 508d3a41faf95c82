import { link, unlink, mkdir, writeFile, rename } from "node:fs/promises";
import { readRegularFile } from "../desired/fs-source.js";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { ConflictError } from "../errors.js";
import { processRuns } from "../process-runs.js";

/**
 * The apply lock of a workspace: a file created with O_EXCL (atomic on local and NFSv3+ file
 * systems), holding who took it and until when. apply and reconcile take the same file (same
 * folder, same key: the workspace id), so two of them sharing the lock folder (one host, or a
 * shared volume) never write to one workspace at once. A lock past its expiry, or held by a
 * process of this host that no longer runs (kill -9), is taken over.
 */
export interface LockInfo {
  holder: string;
  host: string;
  pid: number;
  expiresAt: string;
  /** The command holding it (`apply`, `reconcile`); absent in locks of older versions. */
  command?: string;
  startedAt?: string;
  /** Random per acquisition: only the acquisition that wrote it renews or removes it. */
  token?: string;
}

/** Default lock lifetime; a holder renews it every third of this while it runs. */
export const LOCK_TTL_MS = 10 * 60_000;

export function workspaceLockPath(dir: string, workspaceId: string): string {
  return join(dir, `${workspaceId.replace(/[^A-Za-z0-9._-]/g, "_")}.lock`);
}

export async function tryAcquireLock(path: string, ttlMs: number, now = Date.now(), command?: string): Promise<LockInfo | false> {
  await mkdir(dirname(path), { recursive: true });
  const info: LockInfo = {
    holder: `${hostname()}:${process.pid}`,
    host: hostname(),
    pid: process.pid,
    expiresAt: new Date(now + ttlMs).toISOString(),
    ...(command ? { command } : {}),
    startedAt: new Date(now).toISOString(),
    token: randomUUID(),
  };
  if (await createExclusive(path, info)) return info;
  const current = await readRaw(path);
  if (current === undefined) return (await createExclusive(path, info)) ? info : false; // released meanwhile
  if (!isAbandoned(parseLock(current), now)) return false;
  // Expired, unreadable, or its process is gone: take it over, then race for it once more.
  await removeIfUnchanged(path, current);
  return (await createExclusive(path, info)) ? info : false;
}

/** Removes the lock when this process (and, when given, this acquisition) holds it. */
export async function releaseLock(path: string, held?: LockInfo): Promise<void> {
  const current = await readLock(path);
  if (current && isOurs(current, held)) await unlink(path).catch(() => undefined);
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
}

/**
 * Takes the workspace's lock or throws ConflictError naming the holder, its expiry and what to do.
 * While held, the lock is renewed every third of its lifetime, so a long apply never loses it.
 */
export async function acquireWorkspaceLock(opts: WorkspaceLockOptions): Promise<HeldLock> {
  const path = workspaceLockPath(opts.dir, opts.workspaceId);
  const ttlMs = opts.ttlMs ?? LOCK_TTL_MS;
  const info = await tryAcquireLock(path, ttlMs, Date.now(), opts.command);
  if (!info) throw new ConflictError(heldMessage(opts.workspaceId, path, await readLock(path)));
  const timer = setInterval(() => void renew(path, info, ttlMs), Math.max(1000, Math.floor(ttlMs / 3)));
  timer.unref();
  let released: Promise<void> | undefined;
  return {
    path,
    release: () => {
      clearInterval(timer);
      return (released ??= releaseLock(path, info));
    },
  };
}

export function heldMessage(workspaceId: string, path: string, holder: LockInfo | undefined): string {
  const who = holder ? `${holder.command ?? "transync"} (pid ${holder.pid} on host ${holder.host}${holder.startedAt ? `, since ${holder.startedAt}` : ""}), until ${holder.expiresAt}` : "another transync";
  return (
    `workspace ${workspaceId} is locked by ${who}; nothing was changed. Another apply or reconcile is writing to it: ` +
    `run again when it has finished. If that process is gone, the lock expires by itself (or delete ${path}).`
  );
}

async function renew(path: string, info: LockInfo, ttlMs: number): Promise<void> {
  const current = await readLock(path);
  if (!current || !isOurs(current, info)) return;
  const renewed = { ...info, expiresAt: new Date(Date.now() + ttlMs).toISOString() };
  // Written beside and renamed: a reader never sees half a lock file.
  const temp = `${path}.${process.pid}.renew`;
  await writeFile(temp, JSON.stringify(renewed)).then(() => rename(temp, path)).catch(() => undefined);
}

function isOurs(current: LockInfo, held: LockInfo | undefined): boolean {
  if (current.pid !== process.pid || current.host !== hostname()) return false;
  return held?.token === undefined || current.token === held.token;
}

/** Past its expiry, or taken on this host by a process that no longer exists. */
function isAbandoned(lock: LockInfo, now: number): boolean {
  if (!(Date.parse(lock.expiresAt) > now)) return true;
  return lock.host === hostname() && lock.pid !== process.pid && !processRuns(lock.pid);
}

/**
 * Written in full beside the lock, then hard-linked into place (link fails when the name exists,
 * like O_EXCL): nobody ever reads a lock file that is created but still empty.
 */
async function createExclusive(path: string, info: LockInfo): Promise<boolean> {
  const temp = `${path}.${info.token ?? randomUUID()}.new`;
  await writeFile(temp, JSON.stringify(info));
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * Moves the abandoned lock aside, then checks it was the one judged abandoned: a holder that took
 * it over meanwhile gets its lock back (linked, so nothing newer is overwritten).
 */
async function removeIfUnchanged(path: string, seen: string): Promise<void> {
  const grave = `${path}.${randomUUID()}.old`;
  try {
    await rename(path, grave);
  } catch {
    return; // gone already
  }
  if ((await readRaw(grave)) !== seen) await link(grave, path).catch(() => undefined);
  await unlink(grave).catch(() => undefined);
}

/** A lock file holds one small JSON object; anything else (a FIFO, a huge file) reads as unreadable. */
const LOCK_MAX_BYTES = 64 * 1024;

async function readRaw(path: string): Promise<string | undefined> {
  try {
    return (await readRegularFile(path, LOCK_MAX_BYTES)).toString("utf8");
  } catch {
    return undefined;
  }
}

/** An unreadable lock reads as expired. */
function parseLock(text: string): LockInfo {
  try {
    const value = JSON.parse(text) as LockInfo;
    if (value && typeof value === "object" && typeof value.expiresAt === "string") return value;
  } catch {
    // fall through
  }
  return { holder: "unknown", host: "", pid: 0, expiresAt: new Date(0).toISOString() };
}

async function readLock(path: string): Promise<LockInfo | undefined> {
  const text = await readRaw(path);
  return text === undefined ? undefined : parseLock(text);
}
