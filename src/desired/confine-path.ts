import { realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { UsageError } from "../errors.js";

/** Whether `path` is `root` or below it, by name (links not followed). */
export function isInsideFolder(root: string, path: string): boolean {
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
  if (!isInsideFolder(root, resolve(root, file))) return;
  let real: string;
  try {
    real = await realpath(resolve(root, file));
  } catch {
    return;
  }
  if (isInsideFolder(await realpath(root), real)) return;
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
  if (!isInsideFolder(root, target)) {
    if (chosenByUser) return;
    throw new UsageError(`${what} "${dir}" leaves the project; import writes only inside it (pass --out DIR to choose a folder yourself).`);
  }
  await refuseLinkOutOf(
    root,
    "the working directory",
    { folder: target, shown: dir, what },
    "use a folder inside it, or name one outside it with --out yourself.",
  );
}

/** A folder about to be written into: its absolute path, how messages name it, and what goes there. */
export interface WriteFolder {
  folder: string;
  shown: string;
  what: string;
}

/**
 * Refuses writing into `target.folder` when a symbolic link on its way (the folder itself or one
 * above it, up to `root`) leads outside `root`, for folders not yet made too: a repository can commit
 * `transformations` or `.github` as a link to `~`, and a writer must not follow it (import, init).
 * `root` may itself be a link, the user's choice: only what lies below it is held to it.
 */
export async function refuseLinkOutOf(root: string, within: string, target: WriteFolder, advice: string): Promise<void> {
  // A folder that cannot be resolved (permission denied) cannot be written either: the writer says so.
  const real = await realNearest(target.folder).catch(() => undefined);
  const realRoot = await realNearest(root).catch(() => undefined);
  if (real === undefined || realRoot === undefined || isInsideFolder(realRoot, real)) return;
  throw new UsageError(`cannot write ${target.what} ${target.shown}: a symbolic link takes it outside ${within} (to ${real}); ${advice}`);
}
