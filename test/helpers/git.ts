import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { doc, docs, tempProject, type TempProject } from "./project.js";

/** Runs git in `cwd` with a fixed identity (tests never depend on the machine's git config). */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    "git",
    [
      "-c",
      "user.name=transync test",
      "-c",
      "user.email=test@transync.dev",
      "-c",
      "init.defaultBranch=main",
      "-c",
      "commit.gpgsign=false",
      ...args,
    ],
    {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  ).trim();
}

export function commitAll(cwd: string, message: string): string {
  git(cwd, "add", "-A");
  git(cwd, "commit", "-q", "-m", message);
  return git(cwd, "rev-parse", "HEAD");
}

/** A repository a reconcile reads (documents A and B, committed on main), and an empty cache folder named from `cachePrefix`. */
export function committedRemote(cachePrefix: string): { remote: TempProject; cache: string } {
  const cache = mkdtempSync(join(tmpdir(), cachePrefix));
  const remote = tempProject({ "transformations/a.yaml": docs(doc("A", "src_web"), doc("B", "src_web", { if: "event = 'B'" })) });
  git(remote.dir, "init", "-q");
  commitAll(remote.dir, "first");
  return { remote, cache };
}

/** Removes what committedRemote made. */
export function removeRemote(made: { remote: TempProject; cache: string }): void {
  made.remote.cleanup();
  rmSync(made.cache, { recursive: true, force: true });
}
