import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** A desired-state file's path as a report outside the run names it. */
export type ReportPath = (file: string) => string;

/**
 * Paths from the root of the git repository holding `sourceRoot` (the folder desired-state paths
 * are relative to), whatever the working directory: GitHub places annotations and code-scanning
 * results by path from the repository root. Outside git: relative to the working directory.
 */
export function repositoryPaths(cwd: string, sourceRoot: string): ReportPath {
  const root = resolve(cwd, sourceRoot);
  const top = gitTopLevel(root) ?? resolve(cwd);
  return (file) => relative(top, resolve(root, file)).split(sep).join("/");
}

/** The nearest folder at or above `dir` that holds `.git` (a folder, or a file in a worktree). */
function gitTopLevel(dir: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(join(current, ".git"))) return current;
    if (dirname(current) === current) return undefined;
  }
}
