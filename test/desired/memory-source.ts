import type { FileSource } from "../../src/desired/types.js";
import { FileRuleError, type FileTree, type NodeKind, type TreeEntry } from "../../src/desired/file-tree.js";
import { ruledSource, tooBig } from "../../src/desired/file-rules.js";

/** A file's content, or a symbolic link (its target as stored), or a FIFO/device. */
export type MemoryEntry = string | Buffer | { link: string } | { special: true };

/** An in-memory project for tests, read through the same file rules as the working tree and a commit. */
export function memorySource(files: Record<string, MemoryEntry>): FileSource {
  return ruledSource(memoryTree(files));
}

export function memoryTree(files: Record<string, MemoryEntry>): FileTree {
  const folders = new Map<string, Map<string, NodeKind>>([["", new Map()]]);
  const kindOf = (entry: MemoryEntry): NodeKind =>
    typeof entry === "string" || Buffer.isBuffer(entry) ? "file" : "link" in entry ? "link" : "special";
  for (const [path, entry] of Object.entries(files)) {
    const parts = path.split("/");
    parts.forEach((name, i) => {
      const parent = parts.slice(0, i).join("/");
      if (!folders.has(parent)) folders.set(parent, new Map());
      folders.get(parent)!.set(name, i === parts.length - 1 ? kindOf(entry) : "dir");
    });
  }
  return {
    description: "memory",
    kind: async (path) => (folders.has(path) ? "dir" : files[path] === undefined ? undefined : kindOf(files[path])),
    entries: async (path) =>
      [...(folders.get(path) ?? new Map<string, NodeKind>()).entries()]
        .map(([name, kind]): TreeEntry => ({ name, kind }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
    readLink: async (path) => {
      const entry = files[path];
      if (entry === undefined || typeof entry === "string" || Buffer.isBuffer(entry) || !("link" in entry))
        throw new Error(`not a link: ${path}`);
      return entry.link;
    },
    readFile: async (path, maxBytes) => {
      const entry = files[path];
      if (typeof entry !== "string" && !Buffer.isBuffer(entry)) throw new FileRuleError(path, "file-type", "not a file");
      const bytes = typeof entry === "string" ? Buffer.from(entry, "utf8") : entry;
      if (bytes.length > maxBytes) throw tooBig(path, bytes.length);
      return bytes;
    },
  };
}

/** A valid document; `extra` lines are appended (YAML text, top-level keys). */
export function doc(name: string, extra = "", sourceId = "src_1"): string {
  return `apiVersion: transync/v1\nkind: Transformation\nname: ${name}\nsourceId: ${sourceId}\nenabled: true\nif: event = 'A'\n${extra}`;
}
