import { randomBytes } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";

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
