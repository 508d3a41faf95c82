import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { UsageError, userFileError } from "../errors.js";
import type { Logger } from "../log.js";
import { processRuns } from "../process-runs.js";

interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

/** A lock file being written this recently with no readable holder is taken to be in the making. */
const UNREADABLE_GRACE_MS = 5000;

/**
 * `--data-file FILE` is locked by `FILE.lock` (created exclusively, holding pid and host), so a
 * second emulator on the same file refuses to start instead of silently losing writes. A lock left
 * by an emulator that crashed (`kill -9`) is recovered: a holder on this host whose pid is no longer
 * running is stale and replaced. A holder on another host cannot be checked and is never taken.
 */
export class DataFileLock {
  private constructor(readonly path: string) {}

  static acquire(file: string, logger: Logger): DataFileLock {
    const path = `${file}.lock`;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (tryCreate(path)) return new DataFileLock(path);
      const holder = readHolder(path);
      if (!isStale(path, holder)) throw heldError(file, path, holder);
      logger.warn({ lock: path, pid: holder?.pid }, `data file ${file}: removing the stale lock of an emulator that is no longer running (pid ${holder?.pid ?? "unknown"})`);
      removeIfPresent(path);
    }
    throw heldError(file, path, readHolder(path));
  }

  release(): void {
    removeIfPresent(this.path);
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw userFileError(error, "the lock of --data-file", path, "write");
  }
  const holder: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  writeSync(fd, `${JSON.stringify(holder)}\n`);
  closeSync(fd);
  return true;
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as Partial<LockHolder>;
    return typeof value.pid === "number" && typeof value.host === "string" ? { pid: value.pid, host: value.host, startedAt: String(value.startedAt) } : undefined;
  } catch {
    return undefined;
  }
}

function isStale(path: string, holder: LockHolder | undefined): boolean {
  if (!holder) return ageMs(path) > UNREADABLE_GRACE_MS; // a crash between create and write
  return holder.host === hostname() && !processRuns(holder.pid);
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Infinity;
  }
}

function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function heldError(file: string, path: string, holder: LockHolder | undefined): UsageError {
  const who = holder ? `pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}` : "a holder that could not be read";
  return new UsageError(
    `the data file ${file} is in use by another emulator (${who}; lock ${path}). Stop that emulator or pass another --data-file; if no emulator is running, delete ${path}.`,
  );
}
