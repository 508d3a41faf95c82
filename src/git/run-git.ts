import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import type { SimpleGit, simpleGit as SimpleGitFactory } from "simple-git";
import { UsageError } from "../errors.js";
import { redactSecrets } from "../secrets/git-urls.js";

/**
 * A simple-git instance in `dir`. It inherits the process environment as is: passing it through
 * `.env()` would make simple-git refuse ordinary variables such as EDITOR or GIT_SSH_COMMAND.
 */
export function gitIn(dir: string): SimpleGit {
  assertFolder(dir);
  return simpleGitFactory()({ baseDir: dir });
}

/** A UsageError unless `dir` is an existing folder. */
export function assertFolder(dir: string): void {
  const stats = statSync(dir, { throwIfNoEntry: false });
  if (stats === undefined) throw new UsageError(`${dir} does not exist; pass --repo with a git checkout or a URL.`);
  if (!stats.isDirectory()) throw new UsageError(`${dir} is not a folder; pass --repo with a git checkout or a URL.`);
}

let factory: typeof SimpleGitFactory | undefined;

/** simple-git, loaded when a command first reads git: a run in a folder that is no checkout never pays for its modules. */
function simpleGitFactory(): typeof SimpleGitFactory {
  factory ??= (createRequire(import.meta.url)("simple-git") as { simpleGit: typeof SimpleGitFactory }).simpleGit;
  return factory;
}

/**
 * Runs `git <args>` and returns stdout. A failure becomes a UsageError whose message says what was
 * attempted (`what`) and git's own words, with credentials in URLs redacted.
 */
export async function runGit(git: SimpleGit, args: string[], what: string): Promise<string> {
  try {
    return await git.raw(args);
  } catch (error) {
    throw new UsageError(`${what} failed: ${gitMessage(error)}`);
  }
}

/**
 * Runs `git <args>` in `dir` with `extraEnv` added to the process environment: for the commands that
 * reach a remote, whose credentials travel only this way (src/git/remote-auth.ts). simple-git is
 * not used here because it refuses GIT_CONFIG_* variables passed to it.
 *
 * Redirects are not followed: git sends the headers configured for the remote's URL (ours, or a
 * checkout's own `http.<url>.extraheader`, as actions/checkout writes it) with every request after a
 * redirect, to wherever it led.
 */
export function runGitWithEnv(dir: string, args: string[], what: string, extraEnv: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["-c", "http.followRedirects=false", ...args],
      { cwd: dir, env: { ...process.env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        if (error)
          reject(new UsageError(`${what} failed: ${gitMessage(stderr.trim() ? new Error(stderr) : error)}${redirectHint(stderr)}`));
        else resolve(stdout);
      },
    );
  });
}

/** Like runGit but returns undefined instead of throwing (for probes such as `rev-parse --verify`). */
export async function tryGit(git: SimpleGit, args: string[]): Promise<string | undefined> {
  try {
    return await git.raw(args);
  } catch {
    return undefined;
  }
}

/** Runs git and returns stdout as bytes (file contents may be binary or in any encoding). */
export async function gitBuffer(git: SimpleGit, args: string[], what: string): Promise<Buffer> {
  try {
    const out: unknown = await git.binaryCatFile(args);
    return Buffer.isBuffer(out) ? out : Buffer.from(String(out));
  } catch (error) {
    throw new UsageError(`${what} failed: ${gitMessage(error)}`);
  }
}

/** A redirect git did not follow (remote-auth.ts sets http.followRedirects false where it sends a token). */
function redirectHint(stderr: string): string {
  if (!/returned error: 30[12378]\b/.test(stderr)) return "";
  return " (a redirect: transync does not let git follow one with a token, which git would send on to wherever it leads; give --repo the URL the server redirects to)";
}

function gitMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const firstLines = text
    .trim()
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(0, 3)
    .join(" / ");
  return redactSecrets(firstLines || "unknown git error");
}

/**
 * The commit a ref names, or undefined. A branch name also resolves through `origin/<ref>`, so
 * `--ref main` works in a cache clone (which keeps branches only as remote-tracking refs).
 */
export async function resolveCommit(git: SimpleGit, ref: string): Promise<string | undefined> {
  if (ref.startsWith("-")) return undefined; // never let a ref be read as an option
  for (const candidate of [ref, `refs/remotes/origin/${ref}`]) {
    const sha = await tryGit(git, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${candidate}^{commit}`]);
    if (sha && sha.trim() !== "") return sha.trim();
  }
  return undefined;
}
