import { UsageError } from "../errors.js";
import { normaliseRelative } from "./git-source.js";
import { gitIn, resolveCommit, runGit } from "./run-git.js";

export type FileChangeStatus = "added" | "modified" | "removed" | "renamed";

export interface ChangedFile {
  /** Path relative to the repository folder (the new path of a rename). */
  path: string;
  status: FileChangeStatus;
}

/**
 * Files below `dir` that differ between `base` and `head` (`git diff --name-status -M`), paths
 * relative to `repoRoot`, sorted by path.
 */
export async function diffDesired(repoRoot: string, base: string, head: string, dir: string): Promise<{ files: ChangedFile[] }> {
  const git = gitIn(repoRoot);
  const [baseCommit, headCommit] = await Promise.all([resolveCommit(git, base), resolveCommit(git, head)]);
  if (!baseCommit)
    throw new UsageError(
      `base ref "${base}" not found in ${repoRoot}; fetch it (actions/checkout needs fetch-depth: 0) or check the name.`,
    );
  if (!headCommit) throw new UsageError(`head ref "${head}" not found in ${repoRoot}.`);
  const pathspec = normaliseRelative(dir) || ".";
  const out = await runGit(
    git,
    ["diff", "--name-status", "-z", "-M", "--relative", "--no-color", baseCommit, headCommit, "--", pathspec],
    `comparing ${base} with ${head}`,
  );
  return { files: parseNameStatus(out).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
}

/** Parses `git diff --name-status -z`: `STATUS\0path\0` or, for renames and copies, `RNNN\0from\0to\0`. */
export function parseNameStatus(out: string): ChangedFile[] {
  const fields = out.split("\0");
  const files: ChangedFile[] = [];
  for (let i = 0; i < fields.length;) {
    const code = fields[i] ?? "";
    if (code === "") {
      i += 1;
      continue;
    }
    const letter = code[0];
    if (letter === "R" || letter === "C") {
      const to = fields[i + 2] ?? "";
      files.push({ path: to, status: letter === "R" ? "renamed" : "added" });
      i += 3;
      continue;
    }
    const path = fields[i + 1] ?? "";
    files.push({ path, status: letter === "A" ? "added" : letter === "D" ? "removed" : "modified" });
    i += 2;
  }
  return files;
}

/** One desired document, reduced to what the pull-request view compares. */
export interface DocSummary {
  name: string;
  id?: string;
  file: string;
  /** Canonical JSON of the spec (key order fixed), write-only fields included or not: only equality matters. */
  canonical: string;
  /** Canonical JSON of the write-only fields (WRITE_ONLY_FIELDS of src/model/transformation.ts). */
  writeOnly: string;
}

export interface DocumentChanges {
  transformations: Array<{ name: string; id?: string; status: "added" | "modified" | "removed" }>;
  /** Documents gone from head: pinned ones by id, the others by name (what `--prune=removed` deletes). */
  removed: { ids: string[]; names: string[] };
  /** Head names of documents whose write-only fields changed (apply must send them even if live looks equal). */
  writeOnlyChanged: string[];
}

/**
 * Which transformations a pull request adds, modifies and removes. A head document matches the base
 * document with the same pinned id; failing that, the one with the same name (unless both are
 * pinned to different ids: a re-pin is a removal plus an addition).
 */
export function documentChanges(baseDocs: DocSummary[], headDocs: DocSummary[]): DocumentChanges {
  const pairs = matchDocuments(baseDocs, headDocs);
  const result: DocumentChanges = { transformations: [], removed: { ids: [], names: [] }, writeOnlyChanged: [] };
  for (const { base, head } of pairs) {
    if (head && !base) result.transformations.push(entry(head, "added"));
    else if (base && !head) {
      result.transformations.push(entry(base, "removed"));
      if (base.id !== undefined) result.removed.ids.push(base.id);
      else result.removed.names.push(base.name);
    } else if (base && head) {
      const writeOnlyChanged = base.writeOnly !== head.writeOnly;
      if (writeOnlyChanged) result.writeOnlyChanged.push(head.name);
      if (writeOnlyChanged || base.canonical !== head.canonical || base.name !== head.name || base.id !== head.id) {
        result.transformations.push(entry(head, "modified"));
      }
    }
  }
  result.transformations.sort((a, b) => compare(a.name, b.name) || compare(a.status, b.status));
  result.removed.ids.sort(compare);
  result.removed.names.sort(compare);
  result.writeOnlyChanged.sort(compare);
  return result;
}

function matchDocuments(baseDocs: DocSummary[], headDocs: DocSummary[]): Array<{ base?: DocSummary; head?: DocSummary }> {
  const unmatchedBase = new Set(baseDocs);
  const pairs: Array<{ base?: DocSummary; head?: DocSummary }> = [];
  const unmatchedHead: DocSummary[] = [];
  for (const head of headDocs) {
    const base = head.id === undefined ? undefined : [...unmatchedBase].find((b) => b.id === head.id);
    if (base) {
      unmatchedBase.delete(base);
      pairs.push({ base, head });
    } else unmatchedHead.push(head);
  }
  for (const head of unmatchedHead) {
    const base = [...unmatchedBase].find((b) => b.name === head.name && (b.id === undefined || head.id === undefined));
    if (base) unmatchedBase.delete(base);
    pairs.push({ base, head });
  }
  for (const base of unmatchedBase) pairs.push({ base });
  return pairs;
}

function entry(
  doc: DocSummary,
  status: "added" | "modified" | "removed",
): { name: string; id?: string; status: "added" | "modified" | "removed" } {
  return doc.id === undefined ? { name: doc.name, status } : { name: doc.name, id: doc.id, status };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
