import { lstat, readFile, readdir, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import type { FileSource } from "./types.js";

/** Folders never worth walking into for desired-state files. */
const SKIPPED_DIRS = new Set([".git", "node_modules"]);

/**
 * The working-tree adapter of `FileSource`: paths are POSIX, relative to `root`. Symbolic links to
 * folders are not followed (no cycles); `list` of a missing folder is [].
 */
export function fsSource(root: string): FileSource {
  const absRoot = resolve(root);
  const abs = (path: string): string => resolve(absRoot, path);
  const toPosix = (path: string): string => relative(absRoot, path).split(sep).join("/");
  return {
    description: absRoot,
    async list(dir: string): Promise<string[]> {
      const files: string[] = [];
      await walk(abs(dir), files);
      return files.map(toPosix).sort();
    },
    read: (path) => readFile(abs(path)),
    async exists(path: string): Promise<boolean> {
      try {
        await stat(abs(path));
        return true;
      } catch {
        return false;
      }
    },
    size: async (path) => (await stat(abs(path))).size,
  };
}

async function walk(dir: string, out: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) await walk(path, out);
    } else if (entry.isFile() || (entry.isSymbolicLink() && (await isFileLink(path)))) {
      out.push(path);
    }
  }
}

async function isFileLink(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile() && (await lstat(path)).isSymbolicLink();
  } catch {
    return false;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
