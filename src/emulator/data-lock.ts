import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
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
 * `--data-file FILE` is locked by `REAL.lock`, REAL being the file's real path (every symbolic link
 * resolved), created exclusively and holding pid and host, so a second emulator on the same file,
 * under any name, refuses to start instead of silently losing writes. A file with a second name (a
 * hard link) is refused: the two names cannot share one lock, and compaction (a rename) would leave
 * the other name with an old copy. A lock left by an emulator that crashed (`kill -9`) is recovered:
 * a holder on this host whose pid is no longer running is stale and replaced. A holder on another
 * host cannot be checked and is never taken.
 */
export class DataFileLock {
  /** `dataPath`: the real path of the data file, the one the journal reads, appends and renames over. */
  private constructor(
    readonly path: string,
    readonly dataPath: string,
  ) {}

  static acquire(file: string, logger: Logger): DataFileLock {
    const dataPath = realDataPath(file);
    const path = `${dataPath}.lock`;
    const shown = dataPath === file ? file : `${file} (${dataPath})`;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (tryCreate(path)) return new DataFileLock(path, dataPath);
      const holder = readHolder(path);
      if (!isStale(path, holder)) throw heldError(shown, path, holder);
      logger.warn(
        { lock: path, pid: holder?.pid },
        `data file ${file}: removing the stale lock of an emulator that is no longer running (pid ${holder?.pid ?? "unknown"})`,
      );
      removeIfPresent(path);
    }
    throw heldError(shown, path, readHolder(path));
  }

  release(): void {
    removeIfPresent(this.path);
  }
}

/**
 * The data file's real path; a link to a file not created yet resolves to where it will be. A link
 * into a missing folder, or a file with several names (hard links), is refused.
 */
export function realDataPath(file: string): string {
  let target = file;
  for (let hops = 0; lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink() === true; hops++) {
    if (hops === MAX_LINK_HOPS)
      throw new UsageError(`--data-file ${file}: more than ${MAX_LINK_HOPS} symbolic links in a row; pass the file itself.`);
    target = resolve(dirname(target), readlinkSync(target));
  }
  if (!existsSync(target)) {
    const folder = realFolder(dirname(target));
    if (folder === undefined && target !== file)
      throw new UsageError(
        `--data-file ${file} is a symbolic link to ${target}, whose folder does not exist; pass the file itself, or create the folder.`,
      );
    return join(folder ?? dirname(target), basename(target));
  }
  const real = realpathSync(target);
  const stats = statSync(real);
  const names = stats.nlink;
  if (stats.isFile() && names > 1) {
    throw new UsageError(
      `--data-file ${file} has ${names} names (hard links): another emulator may be using it under another name, and the emulator's compaction replaces the file, leaving the other names an old copy. Pass a file with one name (copy it with cp, or remove the other link).`,
    );
  }
  return real;
}

/** As the kernel's limit on links followed in one path (Linux: 40). */
const MAX_LINK_HOPS = 40;

/** A folder's real path, or undefined when it does not exist (creating the lock then names it). */
function realFolder(folder: string): string | undefined {
  try {
    return realpathSync(folder);
  } catch {
    return undefined;
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
    return typeof value.pid === "number" && typeof value.host === "string"
      ? { pid: value.pid, host: value.host, startedAt: String(value.startedAt) }
      : undefined;
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
