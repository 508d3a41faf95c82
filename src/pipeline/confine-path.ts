import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { UsageError } from "../errors.js";

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * Refuses `file` (found under the path the user `named`) when links take it out of the working
 * directory. A path named inside the working directory is often the repository's, which a pull
 * request edits: a link there to `~/.aws/credentials` must not become sample data in a PR comment.
 * A path named outside the working directory is the user's own choice and is not confined.
 * A file that does not exist is left to the reader's own error.
 */
export async function confineToWorkingDirectory(cwd: string, named: string, file: string, what: string): Promise<void> {
  const root = resolve(cwd);
  if (!inside(root, resolve(root, named))) return;
  let real: string;
  try {
    real = await realpath(resolve(root, file));
  } catch {
    return;
  }
  if (inside(await realpath(root), real)) return;
  throw new UsageError(`cannot read ${what} ${file}: a symbolic link takes it outside the working directory (to ${real}); keep the files inside it, or name a folder outside it yourself.`);
}
