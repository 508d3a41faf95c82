/**
 * The raw view of a project folder that each adapter (working tree, git commit, tests) provides. It
 * knows nothing of the rules: `file-rules.ts` decides which files count and how links resolve, the
 * same way for every adapter. Paths are POSIX, relative to the project root ("" is the root).
 */

/** What is at a path, not following a final symbolic link (like lstat). `special`: FIFO, socket, device. */
export type NodeKind = "file" | "dir" | "link" | "special";

export interface TreeEntry {
  name: string;
  kind: NodeKind;
}

export interface FileTree {
  /** For messages: the directory, or `repo@sha`. */
  readonly description: string;
  /** What is at `path` (no link followed), or undefined when nothing is there. */
  kind(path: string): Promise<NodeKind | undefined>;
  /** The entries of a folder (a real folder: the path holds no link). */
  entries(path: string): Promise<TreeEntry[]>;
  /** The target text of a symbolic link, as stored (at most `maxBytes` read). */
  readLink(path: string, maxBytes: number): Promise<string>;
  /**
   * The bytes of a regular file, refusing (FileRuleError) anything else and anything over `maxBytes`
   * without reading more than `maxBytes + 1` bytes, and without blocking on a FIFO or device.
   */
  readFile(path: string, maxBytes: number): Promise<Buffer>;
}

/** Why a file cannot be read: said at `file:1:1` by every command alike. */
export class FileRuleError extends Error {
  /** What is wrong, without the advice for a desired-state folder (for other files a command reads). */
  readonly reason: string;
  constructor(
    readonly path: string,
    readonly rule: "file-link" | "file-size" | "file-type" | "file-count" | "absolute-path",
    message: string,
    reason?: string,
  ) {
    super(message);
    this.name = "FileRuleError";
    this.reason = reason ?? message;
  }
}
