import type { SimpleGit } from "simple-git";
import { FileRuleError, type FileTree, type NodeKind, type TreeEntry } from "../desired/file-tree.js";
import { tooBig } from "../desired/file-rules.js";
import { gitBuffer, runGit, tryGit } from "./run-git.js";

interface Blob {
  kind: "file" | "link";
  sha: string;
  size: number;
}

interface Listing {
  blobs: Map<string, Blob>;
  folders: Map<string, TreeEntry[]>;
}

/**
 * One commit as a FileTree, for the same rules as the working tree (file-rules.ts). A link is a
 * blob of mode 120000 whose content is its target; `ls-tree -l` gives every size, so a file over
 * the cap is refused before it is read. Submodules (mode 160000) are not part of the commit's files.
 */
export function commitTree(git: SimpleGit, commit: string, description: string): FileTree {
  let listing: Promise<Listing> | undefined;
  const load = (): Promise<Listing> => (listing ??= listCommit(git, commit, description));
  const blob = async (path: string): Promise<Blob> => {
    const found = (await load()).blobs.get(path);
    if (!found) throw new FileRuleError(path, "file-type", `"${path}" does not exist in ${description}`);
    return found;
  };
  return {
    description,
    async kind(path): Promise<NodeKind | undefined> {
      const { blobs, folders } = await load();
      return blobs.get(path)?.kind ?? (folders.has(path) ? "dir" : undefined);
    },
    entries: async (path) => (await load()).folders.get(path) ?? [],
    async readLink(path, maxBytes) {
      const link = await blob(path);
      if (link.size > maxBytes) throw new FileRuleError(path, "file-link", `symbolic link target is over ${maxBytes} bytes`);
      return (await gitBuffer(git, ["blob", link.sha], `reading the link ${path} at ${description}`)).toString("utf8");
    },
    async readFile(path, maxBytes) {
      const file = await blob(path);
      if (file.size > maxBytes) throw tooBig(path, file.size, maxBytes);
      return gitBuffer(git, ["blob", file.sha], `reading ${path} at ${description}`);
    },
  };
}

/** One `ls-tree` per commit: every blob below the checkout folder, relative to it, with modes and sizes. */
async function listCommit(git: SimpleGit, commit: string, description: string): Promise<Listing> {
  const prefix = (await tryGit(git, ["rev-parse", "--show-prefix"]))?.trim() ?? "";
  const out = await runGit(
    git,
    ["ls-tree", "-r", "-z", "-l", "--full-tree", commit, "--", ...(prefix ? [prefix] : [])],
    `listing files at ${description}`,
  );
  const blobs = new Map<string, Blob>();
  const folders = new Map<string, TreeEntry[]>([["", []]]);
  for (const record of out.split("\0")) {
    const match = /^(\d+) (\w+) ([0-9a-f]+) +(\S+)\t(.+)$/s.exec(record);
    if (!match || match[2] !== "blob") continue;
    const kind = match[1] === "120000" ? "link" : "file";
    const path = match[5]!.slice(prefix.length);
    blobs.set(path, { kind, sha: match[3]!, size: Number(match[4]) });
    addToFolders(folders, path, kind);
  }
  for (const entries of folders.values()) entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { blobs, folders };
}

/** Records `path` in its folder, and each folder in its parent, once. */
function addToFolders(folders: Map<string, TreeEntry[]>, path: string, kind: NodeKind): void {
  const parts = path.split("/");
  for (let i = parts.length - 1; i >= 0; i--) {
    const parent = parts.slice(0, i).join("/");
    const name = parts[i]!;
    const isNew = !folders.has(parent);
    if (isNew) folders.set(parent, []);
    folders.get(parent)!.push({ name, kind: i === parts.length - 1 ? kind : "dir" });
    if (!isNew) return; // the parent already existed, so its own ancestors are recorded
  }
}
