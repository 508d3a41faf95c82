import { randomBytes } from "node:crypto";
import { rename, rm, stat, writeFile } from "node:fs/promises";
import { UsageError, userFileError } from "./errors.js";

/**
 * Writes `path` through a temporary file renamed into place, so a crash never leaves half a file.
 * The temporary name is random and opened with O_CREAT|O_EXCL (`wx`): a symbolic link a repository
 * (a pull request) put at a guessable name such as `<file>.<pid>.tmp` is never followed, so nothing
 * outside the target is written. The rename replaces a link at `path` itself rather than following
 * it. On failure the temporary file is removed and the error rethrown.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, content, { encoding: "utf8", flag: "wx" });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/**
 * Never a FIFO, socket or device (a symbolic link to one counts): the rename would silently replace it
 * by a file, and a reader of the FIFO would wait for ever. A symbolic link to a file is replaced by the
 * new file, not written through: a link a pull request committed at `plan.json` must not make transync
 * write where it points (writeFileAtomic above).
 */
export async function refuseSpecialTarget(path: string, file: string, what: string): Promise<void> {
  let stats;
  try {
    stats = await stat(path);
  } catch (error) {
    // Nothing there (or a file in the way of a folder): the write itself says what is wrong.
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return;
    throw userFileError(error, what, file, "write");
  }
  if (stats.isDirectory() || stats.isFile()) return;
  throw new UsageError(`cannot write ${what} ${file}: not a regular file (a FIFO, socket or device); give the path of a file.`);
}
