import { constants } from "node:fs";
import { lstat, open, readdir, readlink, realpath } from "node:fs/promises";
import type { Dirent, Stats } from "node:fs";
import { resolve } from "node:path";
import type { FileSource } from "./types.js";
import { FileRuleError, type FileTree, type NodeKind, type TreeEntry } from "./file-tree.js";
import { notRegular, ruledSource, tooBig } from "./file-rules.js";
import { systemErrorReason } from "../errors.js";

/**
 * The working-tree adapter: the folder `root` on disk, read by the rules of file-rules.ts (which
 * files count, links, caps). Paths are POSIX, relative to `root`.
 */
export function fsSource(root: string): FileSource {
  return ruledSource(fsTree(root));
}

/** Never follows a link itself: file-rules.ts resolves links, so both adapters resolve them alike. */
export function fsTree(root: string): FileTree {
  const absRoot = resolve(root);
  const abs = (path: string): string => (path === "" ? absRoot : resolve(absRoot, path));
  return {
    description: absRoot,
    async kind(path) {
      try {
        return kindOf(await lstat(abs(path)));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw readFailure(path, error);
      }
    },
    async entries(path) {
      try {
        const dirents = await readdir(abs(path), { withFileTypes: true });
        return dirents
          .map((d): TreeEntry => ({ name: d.name, kind: kindOf(d) }))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      } catch (error) {
        if (isMissing(error)) return [];
        throw readFailure(path, error);
      }
    },
    async readLink(path, maxBytes) {
      const target = await readlink(abs(path));
      if (Buffer.byteLength(target) > maxBytes)
        throw new FileRuleError(path, "file-link", `symbolic link target is over ${maxBytes} bytes`);
      return target;
    },
    readFile: (path, maxBytes) => readBounded(abs(path), path, maxBytes),
  };
}

function kindOf(entry: Stats | Dirent): NodeKind {
  if (entry.isSymbolicLink()) return "link";
  if (entry.isDirectory()) return "dir";
  return entry.isFile() ? "file" : "special";
}

/**
 * Reads one regular file on disk with the same guards as the desired state (for any other file a
 * command reads: a plan file, a comment body): never blocks on a FIFO, refuses devices and sockets
 * and anything over `maxBytes`, reading at most `maxBytes + 1` bytes. Errors are FileRuleErrors.
 */
export async function readRegularFile(file: string, maxBytes: number): Promise<Buffer> {
  // The user named this file: a link to it is followed once, here, and the file it names is opened
  // with O_NOFOLLOW, so a link swapped in between is refused rather than followed.
  let real: string;
  try {
    real = await realpath(resolve(file));
  } catch (error) {
    throw readFailure(file, error);
  }
  return readBounded(real, file, maxBytes);
}

/**
 * O_NONBLOCK: opening a FIFO never waits for a writer; O_NOFOLLOW: a link swapped in since the
 * check is not followed; fstat of the open handle decides, and at most `maxBytes + 1` bytes are read.
 */
async function readBounded(file: string, shown: string, maxBytes: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as { code?: string }).code === "ELOOP")
      throw new FileRuleError(shown, "file-link", "symbolic link appeared while reading; run again");
    throw readFailure(shown, error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw notRegular(shown);
    if (stats.size > maxBytes) throw tooBig(shown, stats.size, maxBytes);
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > maxBytes) throw tooBig(shown, length, maxBytes);
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

function readFailure(path: string, error: unknown): FileRuleError {
  const reason = systemErrorReason(error) ?? (error instanceof Error ? error.message : String(error));
  return new FileRuleError(path, "file-type", `cannot read: ${reason}`);
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
