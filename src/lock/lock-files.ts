import { constants } from "node:fs";
import { link, lstat, open, rename, unlink } from "node:fs/promises";
import { randomUUID } from "node:crypto";

/**
 * The file operations of the workspace lock. A lock folder may be shared (a volume several hosts or
 * users write to), so anyone there can plant a file or a symbolic link at a name they can guess.
 * Every file written here therefore has a random name and is created exclusively (`wx`: O_CREAT |
 * O_EXCL, which fails on an existing name, a link included, and never follows one); the lock itself
 * is read without following a link.
 */

/** A new file beside `path` with a random name, created exclusively and holding `text`; returns its name. */
export async function writeBeside(path: string, suffix: string, text: string): Promise<string> {
  const name = `${path}.${randomUUID()}.${suffix}`;
  const handle = await open(name, "wx", 0o644);
  try {
    await handle.writeFile(text);
  } catch (error) {
    await unlink(name).catch(() => undefined);
    throw error;
  } finally {
    await handle.close();
  }
  return name;
}

/**
 * `text` as the file `path` when no file has that name: written in full beside it, then hard-linked
 * into place (link fails when the name exists, like O_EXCL), so nobody reads a lock that is created
 * but still empty.
 */
export async function createExclusive(path: string, text: string): Promise<boolean> {
  const temp = await writeBeside(path, "new", text);
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

/** `text` as the file `path`, replacing it whole (written beside, then renamed: a reader never sees half). */
export async function replaceWhole(path: string, text: string): Promise<void> {
  const temp = await writeBeside(path, "renew", text);
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/**
 * The current time by the clock of the file system that holds `path`'s folder: the modification time
 * of a file created there now. On a shared volume (NFS) the server sets it, as it set the lock's, so
 * the age of a lock is measured on one clock, whatever the clocks of the hosts that share it.
 */
export async function fileSystemNow(path: string): Promise<number> {
  const probe = await writeBeside(path, "clock", "");
  try {
    return (await lstat(probe)).mtimeMs;
  } finally {
    await unlink(probe).catch(() => undefined);
  }
}

/** A lock file holds one small JSON object; anything else (a FIFO, a huge file) reads as unreadable. */
const LOCK_MAX_BYTES = 64 * 1024;

export interface LockFileRead {
  text: string;
  /** Modification time, by the clock of the file system. */
  mtimeMs: number;
}

/**
 * The lock's text and modification time, or undefined when there is no lock. A link, a folder, a
 * FIFO or a file over 64 KiB reads as unreadable text ("") with its time; O_NOFOLLOW and O_NONBLOCK
 * keep the read from following a planted link or waiting on a FIFO.
 */
export async function readLockFile(path: string): Promise<LockFileRead | undefined> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    const stats = await lstat(path).catch(() => undefined);
    return stats === undefined ? undefined : { text: "", mtimeMs: stats.mtimeMs };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > LOCK_MAX_BYTES) return { text: "", mtimeMs: stats.mtimeMs };
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(LOCK_MAX_BYTES + 1), 0, LOCK_MAX_BYTES + 1, 0);
    return { text: bytesRead > LOCK_MAX_BYTES ? "" : buffer.toString("utf8", 0, bytesRead), mtimeMs: stats.mtimeMs };
  } finally {
    await handle.close();
  }
}

/**
 * Moves the abandoned lock aside, then checks it was the one judged abandoned: a holder that took
 * it over meanwhile gets its lock back (linked, so nothing newer is overwritten).
 */
export async function removeIfUnchanged(path: string, seen: LockFileRead): Promise<void> {
  const grave = `${path}.${randomUUID()}.old`;
  try {
    await rename(path, grave);
  } catch {
    return; // gone already
  }
  const moved = await readLockFile(grave);
  if (moved?.text !== seen.text || moved.mtimeMs !== seen.mtimeMs) await link(grave, path).catch(() => undefined);
  await unlink(grave).catch(() => undefined);
}
