import { realpath } from "node:fs/promises";
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from "node:path";
import type { FileSource } from "./types.js";
import { fsSource } from "./fs-source.js";
import { FileRuleError } from "./file-tree.js";
import { UsageError } from "../errors.js";

/** The folders an operator named on the command line (`--dir`, `--tests`). */
export interface OperatorFolders {
  dir?: string;
  tests?: string;
}

/** The source to read, and the folders as paths of that source. */
export interface ResolvedFolders {
  source: FileSource;
  folders: OperatorFolders;
  /** Folders read where the operator named them, outside the project (not paths of its git checkout). */
  outside: string[];
}

interface Mount {
  label: string;
  source: FileSource;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

const toPosix = (path: string): string => path.split(sep).join("/");

/** `path` relative to `root` when it lies inside it (lexically, or once links in either are resolved). */
async function relativeInside(root: string, path: string): Promise<string | undefined> {
  if (inside(root, path)) return toPosix(relative(root, path)) || ".";
  const [realRoot, realPath] = await Promise.all([realpath(root).catch(() => root), realpath(path).catch(() => path)]);
  return inside(realRoot, realPath) ? toPosix(relative(realRoot, realPath)) || "." : undefined;
}

/**
 * Takes `--dir` and `--tests` as the operator gave them: absolute, or relative to the working
 * directory. A folder inside the project becomes its path there, so every rule of the project
 * applies unchanged; a folder outside it is read where it is, confined to itself (a link under it
 * leading out is refused: file-rules.ts). Only transync.yaml's `dir` and `tests`, which a pull
 * request edits, stay confined to the project. With `--repo`/`--ref` the folders are paths of the
 * repository: a relative one is kept, an absolute one must lie inside a local repository.
 */
export async function resolveOperatorFolders(
  source: FileSource,
  cwd: string,
  root: string | undefined,
  fromGit: boolean,
  flags: OperatorFolders,
): Promise<ResolvedFolders> {
  const folders: OperatorFolders = {};
  const mounts: Mount[] = [];
  for (const key of ["dir", "tests"] as const) {
    const given = flags[key];
    if (given === undefined) continue;
    if (fromGit && !isAbsolute(given)) {
      folders[key] = given;
      continue;
    }
    const absolute = resolve(cwd, given);
    const rel = root === undefined ? undefined : await relativeInside(root, absolute);
    if (rel !== undefined) {
      folders[key] = rel;
      continue;
    }
    if (fromGit)
      throw new UsageError(
        `--${key} ${given} is outside the repository${root ? ` ${root}` : ""}: with --repo or --ref, --${key} names a folder of the repository; pass its path there (e.g. --${key} ${key === "dir" ? "transformations" : "tests"}).`,
      );
    folders[key] = toPosix(given).replace(/\/+$/, "") || "/";
    mounts.push(await mountAt(folders[key], absolute));
    // The test folder beside an outside documents folder is where `transync test` looks by default.
    if (key === "dir" && flags.tests === undefined)
      mounts.push(await mountAt(posix.join(posix.dirname(folders[key]), "tests"), join(dirname(absolute), "tests")));
  }
  return { source: mounts.length === 0 ? source : mounted(source, mounts), folders, outside: mounts.map((m) => m.label) };
}

/** The operator named this folder: a link naming it is followed here, once; links under it are the rules'. */
async function mountAt(label: string, absolute: string): Promise<Mount> {
  return { label, source: fsSource(await realpath(absolute).catch(() => absolute)) };
}

/** `base`, with each mount's folder read from its own source under the mount's label. */
function mounted(base: FileSource, mounts: readonly Mount[]): FileSource {
  const route = (path: string): { mount?: Mount; path: string } => {
    const p = toPosix(path).replace(/\/+$/, "");
    for (const mount of mounts) {
      if (p === mount.label) return { mount, path: "" };
      if (p.startsWith(`${mount.label}/`)) return { mount, path: p.slice(mount.label.length + 1) };
    }
    return { path };
  };
  const named = <T>(mount: Mount, work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      if (!(error instanceof FileRuleError)) throw error;
      throw new FileRuleError(error.path === "" ? mount.label : `${mount.label}/${error.path}`, error.rule, error.message, error.reason);
    });
  return {
    description: base.description,
    async list(dir) {
      const { mount, path } = route(dir);
      if (!mount) return base.list(path);
      return (await named(mount, mount.source.list(path))).map((file) => `${mount.label}/${file}`);
    },
    read(file) {
      const { mount, path } = route(file);
      return mount ? named(mount, mount.source.read(path)) : base.read(path);
    },
    exists(file) {
      const { mount, path } = route(file);
      return mount ? mount.source.exists(path) : base.exists(path);
    },
  };
}
