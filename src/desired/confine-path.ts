import { realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { UsageError } from "../errors.js";

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * Refuses `file` when it is named inside the working directory and links take it out of it. A path
 * named inside the working directory is often the repository's, which a pull request edits: a link
 * there to `~/.aws/credentials` must not become sample data in a PR comment. A path named outside
 * the working directory is the user's own choice and is not confined. A file that does not exist is
 * left to the reader's own error.
 */
export async function confineToWorkingDirectory(cwd: string, file: string, what: string, within = "the working directory"): Promise<void> {
  const root = resolve(cwd);
  if (!inside(root, resolve(root, file))) return;
  let real: string;
  try {
    real = await realpath(resolve(root, file));
  } catch {
    return;
  }
  if (inside(await realpath(root), real)) return;
  throw new UsageError(
    `cannot read ${what} ${file}: a symbolic link takes it outside ${within} (to ${real}); keep the files inside it, or name a folder outside it yourself.`,
  );
}

/** The real path of `path`, or of its nearest ancestor that exists (a folder about to be made). */
async function realNearest(path: string): Promise<string> {
  for (let at = path; ; at = dirname(at)) {
    try {
      return await realpath(at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Missing, or below a file: the folder is still to be made (or the writer will say why it cannot be).
      if ((code !== "ENOENT" && code !== "ENOTDIR") || dirname(at) === at) throw error;
    }
  }
}

/**
 * Refuses a folder to write into (`import`'s documents folder) that leaves the working directory:
 * lexically, unless the user chose it (`--out`), or through a symbolic link in any case when it is
 * named inside. A repository's transync.yaml and links are a pull request's to edit.
 */
export async function confineOutputFolder(cwd: string, dir: string, what: string, chosenByUser: boolean): Promise<void> {
  const root = resolve(cwd);
  const target = resolve(root, dir);
  if (!inside(root, target)) {
    if (chosenByUser) return;
    throw new UsageError(`${what} "${dir}" leaves the project; import writes only inside it (pass --out DIR to choose a folder yourself).`);
  }
  // A folder that cannot be resolved (permission denied) cannot be written either: the writer says so.
  const real = await realNearest(target).catch(() => undefined);
  if (real === undefined || inside(await realpath(root), real)) return;
  throw new UsageError(
    `cannot write ${what} ${dir}: a symbolic link takes it outside the working directory (to ${real}); use a folder inside it, or name one outside it with --out yourself.`,
  );
}
