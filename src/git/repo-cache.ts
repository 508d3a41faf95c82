import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import type { Logger } from "../log.js";
import { redactUrl } from "../secrets/git-urls.js";
import { gitIn, runGit, runGitWithEnv } from "./run-git.js";
import { remoteAuth } from "./remote-auth.js";

/**
 * What the cache fetches: branches as remote-tracking refs (so `origin/main` and `main` resolve),
 * tags, the remote's HEAD (its default branch), and transync's own refs (the applied commit).
 */
const FETCH_REFSPECS = [
  "+refs/heads/*:refs/remotes/origin/*",
  "+refs/tags/*:refs/tags/*",
  "+refs/transync/*:refs/transync/*",
  "+HEAD:refs/remotes/origin/HEAD",
];

export interface RepoCacheOptions {
  /** Base folder; the clone goes to `<base>/repos/<hash>`. */
  cacheDir?: string;
  env: NodeJS.ProcessEnv;
  logger: Logger;
}

/** transync's cache folder (clones, reconcile locks): $TRANSYNC_CACHE_DIR, else $XDG_CACHE_HOME/transync, else ~/.cache/transync. */
export function transyncCacheDir(env: NodeJS.ProcessEnv): string {
  // An empty variable (a CI `env:` entry whose value is unset) is unset: "" would put clones and
  // locks in the current folder, the user's checkout. XDG: a relative XDG_CACHE_HOME is ignored.
  if (env.TRANSYNC_CACHE_DIR) return env.TRANSYNC_CACHE_DIR;
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".cache"), "transync");
}

/** The folder of the cache clone of `url`: one per repository, whatever credentials the URL carries. */
export function repoCacheDir(url: string, options: Pick<RepoCacheOptions, "cacheDir" | "env">): string {
  const base = options.cacheDir ?? transyncCacheDir(options.env);
  // Hash the redacted URL: a rotated token (CI tokens change every run) must reuse the same clone.
  const hash = createHash("sha256").update(redactUrl(url)).digest("hex").slice(0, 16);
  return join(base, "repos", hash);
}

/**
 * Makes the cache clone of `url` current: a bare repository created on first use, then fetched
 * (with prune) on every call. Returns its folder and the variables that authenticate a command
 * reaching the remote (a push of the applied ref). The clone's config keeps the URL without its
 * credentials; they reach git only in the environment of each fetch or push (remote-auth.ts).
 */
export async function syncRepoCache(url: string, options: RepoCacheOptions): Promise<{ dir: string; remoteEnv: Record<string, string> }> {
  const dir = repoCacheDir(url, options);
  const shown = redactUrl(url);
  const auth = remoteAuth(url, process.env);
  const fresh = !existsSync(join(dir, "HEAD"));
  if (fresh) await mkdir(dir, { recursive: true });
  const git = gitIn(dir);
  if (fresh) {
    await runGit(git, ["init", "--bare", "--quiet"], `creating the cache clone of ${shown} in ${dir}`);
    await runGit(git, ["remote", "add", "origin", auth.url], `configuring the cache clone of ${shown}`);
    await runGit(git, ["config", "--unset-all", "remote.origin.fetch"], `configuring the cache clone of ${shown}`);
    for (const refspec of FETCH_REFSPECS) {
      await runGit(git, ["config", "--add", "remote.origin.fetch", refspec], `configuring the cache clone of ${shown}`);
    }
    options.logger.info({ repo: shown, cache: dir }, "cloning the repository into the cache");
  } else {
    // Also removes the credentials a clone made by an earlier version kept in its config.
    await runGit(git, ["remote", "set-url", "origin", auth.url], `configuring the cache clone of ${shown}`);
  }
  options.logger.debug({ repo: shown, cache: dir }, "fetching");
  await runGitWithEnv(dir, ["fetch", "--prune", "--quiet", "origin"], `fetching ${shown}`, auth.env);
  return { dir, remoteEnv: auth.env };
}
