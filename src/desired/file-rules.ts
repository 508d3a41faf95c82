import { posix, sep, win32 } from "node:path";
import type { FileSource } from "./types.js";
import { FileRuleError, type FileTree, type NodeKind } from "./file-tree.js";

/**
 * THE rule for which files of a project count as desired state, applied to every adapter (working
 * tree, git commit) by every command. docs/desired-state.md states it for users; keep them in step.
 */
export const FILE_LIMITS = {
  /** One file; larger files are refused before they are read. */
  maxFileBytes: 5 * 1024 * 1024,
  /** All documents of one read together. */
  maxTotalBytes: 64 * 1024 * 1024,
  /** Candidate files below the folder. */
  maxFiles: 20_000,
  /** Symbolic links followed while resolving one path (the kernel's ELOOP limit is 40 too). */
  maxLinkHops: 40,
  /** Folders nested below the documents folder. */
  maxDepth: 64,
  /** Folders walked in one listing. */
  maxFolders: 10_000,
  /** A link's stored target text. */
  maxLinkBytes: 4096,
};

const YAML_NAME = /\.ya?ml$/i;

/** Files and folders whose name starts with "." are skipped at any depth (editor and VCS droppings). */
export function isHidden(name: string): boolean {
  return name.startsWith(".");
}

/** A folder the walk never enters. */
export function isSkippedFolder(name: string): boolean {
  return isHidden(name) || name === "node_modules";
}

/** A file name that counts as a document file: `.yaml` or `.yml` in any case, not hidden. */
export function isDocumentName(name: string): boolean {
  return !isHidden(name) && YAML_NAME.test(name);
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function tooBig(path: string, bytes: number, limit = FILE_LIMITS.maxFileBytes): FileRuleError {
  const shown = limit % (1024 * 1024) === 0 ? `${limit / 1024 / 1024} MiB` : `${limit} bytes`;
  const reason = `file is ${mib(bytes)}, over the ${shown} limit`;
  return new FileRuleError(path, "file-size", `${reason}; split it into smaller files`, reason);
}

export function notRegular(path: string): FileRuleError {
  const reason = "not a regular file (a FIFO, socket or device)";
  return new FileRuleError(path, "file-type", `${reason}; remove it from the project`, reason);
}

export interface Resolved {
  /** The path with every link resolved (relative to the project root). */
  real: string;
  kind: NodeKind | undefined;
}

/**
 * Resolves every symbolic link in `path` the way the kernel would, but inside the project only: a
 * link must be relative, stay inside the project root and not point into a skipped folder; anything
 * else is a FileRuleError naming `shown` (the path as the user sees it).
 */
export async function resolvePath(tree: FileTree, path: string, shown = path): Promise<Resolved> {
  const queue = path.split("/");
  const real: string[] = [];
  let hops = 0;
  let followed = false;
  let last: NodeKind | undefined | null = null; // the kind of `real` when known (null: look it up)
  while (queue.length > 0) {
    const segment = queue.shift()!;
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (real.length === 0) throw new FileRuleError(shown, "file-link", `"${path}" leaves the project; use a path inside it`);
      real.pop();
      last = null;
      continue;
    }
    const candidate = [...real, segment].join("/");
    const kind = await tree.kind(candidate);
    if (kind !== "link") {
      real.push(segment);
      last = kind;
      // Below a file or a missing name nothing exists; ".." after it is not worth resolving.
      if (kind !== "dir" && queue.some((q) => q !== "" && q !== ".")) return checked(shown, [...real, ...queue], followed, undefined);
      continue;
    }
    if (++hops > FILE_LIMITS.maxLinkHops)
      throw new FileRuleError(shown, "file-link", `symbolic links loop (more than ${FILE_LIMITS.maxLinkHops} links followed)`);
    const target = await tree.readLink(candidate, FILE_LIMITS.maxLinkBytes);
    checkTarget(shown, target, real.length);
    queue.unshift(...target.split("/"));
    followed = true;
  }
  return checked(shown, real, followed, last !== null ? last : await tree.kind(real.join("/")));
}

/** A link may not lead into a folder the walk skips (say `.git/config` or `node_modules/x.yaml`). */
function checked(shown: string, real: string[], followed: boolean, kind: NodeKind | undefined): Resolved {
  const resolved = real.filter((s) => s !== "" && s !== ".").join("/");
  if (followed && resolved.split("/").some(isSkippedFolder)) {
    throw new FileRuleError(
      shown,
      "file-link",
      `symbolic link points into a hidden or node_modules path ("${resolved}"), which transync never reads`,
    );
  }
  return { real: resolved, kind };
}

/** An absolute target, or one climbing above the root, leaves the project whatever the machine. */
function checkTarget(shown: string, target: string, depth: number): void {
  if (target.startsWith("/") || /^[A-Za-z]:[\\/]/.test(target) || target.startsWith("\\")) {
    throw new FileRuleError(
      shown,
      "file-link",
      `symbolic link to an absolute path ("${target}") leaves the project; use a relative link to a file inside it`,
    );
  }
  let level = depth;
  for (const segment of target.split("/")) {
    if (segment === "..") level -= 1;
    else if (segment !== "" && segment !== ".") level += 1;
    if (level < 0)
      throw new FileRuleError(
        shown,
        "file-link",
        `symbolic link leaves the project (target "${target}"); link only to files inside the project`,
      );
  }
}

/** What the walk learnt of each listed path: where it resolved to, or why it is refused (for `read`). */
export type Found = Map<string, Resolved | FileRuleError>;

/** The document files below `dir`, sorted; what was learnt of each is kept in `found` for `read`. */
export async function listDocuments(tree: FileTree, dir: string, found: Found): Promise<string[]> {
  const start = await resolvePath(tree, dir);
  if (start.kind === undefined) return [];
  if (start.kind !== "dir") throw new FileRuleError(dir, "file-type", `"${dir}" is not a folder`);
  const state: WalkState = { out: [], found, folders: 0 };
  await walk(tree, { logical: dir, real: start.real, stack: [start.real] }, state);
  return state.out.sort();
}

interface WalkAt {
  logical: string;
  real: string;
  /** Real paths of the folders being walked, outermost first: a link back to one of them is a loop. */
  stack: string[];
}

interface WalkState {
  out: string[];
  found: Found;
  /** Folders walked so far: links to folders could otherwise multiply the walk without bound. */
  folders: number;
}

const joinPath = (base: string, name: string): string => (base === "" ? name : `${base}/${name}`);

async function walk(tree: FileTree, at: WalkAt, state: WalkState): Promise<void> {
  if (at.stack.length > FILE_LIMITS.maxDepth)
    throw new FileRuleError(at.logical, "file-count", `folders are nested more than ${FILE_LIMITS.maxDepth} deep`);
  if (++state.folders > FILE_LIMITS.maxFolders)
    throw new FileRuleError(
      at.logical,
      "file-count",
      `over ${FILE_LIMITS.maxFolders} folders to walk (links to folders?); simplify the project`,
    );
  for (const entry of await tree.entries(at.real)) {
    if (isSkippedFolder(entry.name)) continue; // hidden files too: the rule is by name, whatever the kind
    const logical = joinPath(at.logical, entry.name);
    const real = joinPath(at.real, entry.name);
    if (entry.kind === "dir") {
      await walk(tree, { logical, real, stack: [...at.stack, real] }, state);
      continue;
    }
    const target = entry.kind === "link" ? await followLink(tree, at, { logical, real }, state) : { real, kind: entry.kind };
    if (target && isDocumentName(entry.name)) {
      state.out.push(logical);
      state.found.set(logical, target);
    }
    if (state.out.length > FILE_LIMITS.maxFiles)
      throw new FileRuleError(at.logical, "file-count", `over ${FILE_LIMITS.maxFiles} YAML files; split the project`);
  }
}

/**
 * Where a link met in the walk leads: a file (returned), a folder (walked, unless it loops), or a
 * problem, recorded under the link's name whatever that name: a link is never skipped silently.
 */
async function followLink(
  tree: FileTree,
  at: WalkAt,
  link: { logical: string; real: string },
  state: WalkState,
): Promise<Resolved | undefined> {
  const problem = (error: FileRuleError): undefined => {
    state.found.set(link.logical, error);
    state.out.push(link.logical);
    return undefined;
  };
  let target: Resolved;
  try {
    target = await resolvePath(tree, link.real, link.logical);
  } catch (error) {
    if (error instanceof FileRuleError) return problem(error);
    throw error;
  }
  const { real, kind } = target;
  if (kind === undefined)
    return problem(new FileRuleError(link.logical, "file-link", `symbolic link points to "${real}", which does not exist`));
  if (kind !== "dir") return target;
  if (real === "" || at.stack.some((p) => p === real || p.startsWith(`${real}/`))) {
    return problem(new FileRuleError(link.logical, "file-link", `symbolic link to a folder loops back to "${real || "."}"`));
  }
  await walk(tree, { logical: link.logical, real, stack: [...at.stack, real] }, state);
  return undefined;
}

/** Reads one file by the rules: links resolved inside the project, regular files only, size capped. */
export async function readDocument(tree: FileTree, path: string, known?: Resolved): Promise<Buffer> {
  const { real, kind } = known ?? (await resolvePath(tree, path));
  if (kind === undefined && (await tree.kind(path)) === "link")
    throw new FileRuleError(path, "file-link", `symbolic link points to "${real}", which does not exist`);
  if (kind === undefined) throw new FileRuleError(path, "file-type", `"${path}" does not exist`);
  if (kind === "dir") throw new FileRuleError(path, "file-type", `"${path}" is a folder, not a file`);
  if (kind === "special") throw notRegular(path);
  try {
    return await tree.readFile(real, FILE_LIMITS.maxFileBytes);
  } catch (error) {
    if (error instanceof FileRuleError) throw new FileRuleError(path, error.rule, error.message);
    throw error;
  }
}

/** Any FileTree as the FileSource the loaders read: this is where every adapter gets the one rule. */
export function ruledSource(tree: FileTree): FileSource {
  // What `list` resolved saves `read` resolving it again (readFile still checks the file it opens).
  const found: Found = new Map();
  return {
    description: tree.description,
    list: (dir) => listDocuments(tree, normalisePath(refuseAbsolute(dir)), found),
    read: async (path) => {
      const known = found.get(normalisePath(path));
      if (known instanceof FileRuleError) throw known;
      return readDocument(tree, normalisePath(path), known);
    },
    exists: async (path) => {
      try {
        return (await resolvePath(tree, normalisePath(refuseAbsolute(path)))).kind !== undefined;
      } catch (error) {
        if (error instanceof FileRuleError) return true; // there, but refused (or absolute): `read` or `list` says why
        throw error;
      }
    },
  };
}

/**
 * A folder to list (transync.yaml's dir and tests; the operator's --dir and --tests arrive as paths
 * of the source: src/desired/operator-folders.ts) is relative to the source's root: an absolute
 * path is refused, never read as a path below the root with its leading "/" dropped.
 */
function refuseAbsolute(dir: string): string {
  if (!posix.isAbsolute(dir) && !win32.isAbsolute(dir)) return dir;
  throw new FileRuleError(
    dir,
    "absolute-path",
    `folder "${dir}" is an absolute path: transync.yaml's dir and tests are relative to the project root, where transync.yaml is (a pull request can edit them); write the path from there, e.g. dir: transformations, or name a folder anywhere with --dir or --tests`,
  );
}

/**
 * A path's segments. `/` separates them everywhere; `\` only where the platform writes it for `/`
 * (Windows). On POSIX a backslash is a character of a name: `a\b.yaml` is one file, and it is read
 * and named as it is, never as `a/b.yaml`.
 */
export function pathSegments(path: string): string[] {
  return path.split(sep === "\\" ? /[\\/]/ : "/");
}

/** `./a//b/` -> `a/b`; "" for the root. Leaving the root is caught by resolvePath. */
export function normalisePath(path: string): string {
  return pathSegments(path)
    .filter((s) => s !== "" && s !== ".")
    .join("/");
}
