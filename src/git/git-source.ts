/**
 * Room src/git/: git: a commit or a checkout read as a FileSource, the applied ref and the
 * check of `--record-ref`, pull-request diffs, where the token may be sent (safe-settings.ts).
 * May import: src/desired/, src/live/ (settings' types), src/plan/ (types), the ground floor.
 */
import { posix, resolve } from "node:path";
import type { SimpleGit } from "simple-git";
import type { FileSource } from "../desired/types.js";
import { pathSegments } from "../desired/file-rules.js";
import type { Logger } from "../log.js";
import { UsageError } from "../errors.js";
import { isRemoteUrl, redactUrl } from "../secrets/git-urls.js";
import { assertFolder, gitIn, resolveCommit, runGit, runGitWithEnv, tryGit } from "./run-git.js";
import { commitTree } from "./commit-tree.js";
import { fsSource } from "../desired/fs-source.js";
import { ruledSource } from "../desired/file-rules.js";
import { syncRepoCache } from "./repo-cache.js";

/** A FileSource backed by git: one commit, or a checkout's working tree with its HEAD recorded. */
export interface GitSource extends FileSource {
  /** The commit read (with a ref), or HEAD of the checkout (working tree). */
  readonly commit: string;
  /**
   * Whether the working tree has uncommitted or untracked changes under these paths (relative to
   * `root`): the desired folder and the project file, so a `> plan.md` beside them does not count.
   * Always false for a commit.
   */
  hasUncommittedChanges(paths: readonly string[]): Promise<boolean>;
  /** Absolute directory git runs in: the checkout folder, or the cache clone of a URL. */
  readonly root: string;
  /** The ref as given, if any. */
  readonly ref?: string;
  /** The repository URL with credentials removed, when the source is a clone of a URL. */
  readonly remote?: string;
  /** What a git command reaching that remote adds to its environment: the URL's credentials, which are never written (remote-auth.ts). */
  readonly remoteEnv?: Record<string, string>;
}

export interface OpenGitSourceOptions {
  /** A local path (checkout or bare repository) or a URL (https, ssh, file, scp-like). */
  repo: string;
  /** Commit, branch or tag to read; without it a local path is read from its working tree. */
  ref?: string;
  /** Base of the clone cache; default $TRANSYNC_CACHE_DIR, else ~/.cache/transync. */
  cacheDir?: string;
  logger: Logger;
  /** Resolves a relative `repo` path; default process.cwd(). */
  cwd?: string;
  /** For TRANSYNC_CACHE_DIR / XDG_CACHE_HOME; default process.env. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Opens the desired-state source in git. With a ref, files come from that commit only (never the
 * working tree); a URL is cloned or fetched into the cache first (default ref: the remote's HEAD).
 */
export async function openGitSource(options: OpenGitSourceOptions): Promise<GitSource> {
  if (isRemoteUrl(options.repo)) return openRemote(options);
  const root = resolve(options.cwd ?? process.cwd(), options.repo);
  // Asked of git directly: in a folder that is no checkout, simple-git is never loaded.
  assertFolder(root);
  const inside = await runGitWithEnv(root, ["rev-parse", "--git-dir"], "git rev-parse", {}).catch(() => undefined);
  if (inside === undefined)
    throw new UsageError(`${root} is not a git repository (or git is not installed); pass --repo with a checkout or a URL.`);
  const git = gitIn(root);
  if (options.ref === undefined) {
    if ((await tryGit(git, ["rev-parse", "--is-bare-repository"]))?.trim() === "true") {
      const head = (await tryGit(git, ["symbolic-ref", "--short", "-q", "HEAD"]))?.trim();
      throw new UsageError(
        `${root} is a bare repository: it has no working tree to read; pass --ref with a branch, tag or commit${head ? ` (e.g. --ref ${head})` : ""}.`,
      );
    }
    return openWorkingTree(root, git);
  }
  const commit = await resolveCommit(git, options.ref);
  if (!commit) throw new UsageError(`git ref "${options.ref}" not found in ${root}; fetch it first or check the name.`);
  return new CommitSource(git, root, commit, `${root}@${commit.slice(0, 12)}`, { ref: options.ref });
}

async function openRemote(options: OpenGitSourceOptions): Promise<GitSource> {
  const shown = redactUrl(options.repo);
  const { dir: root, remoteEnv } = await syncRepoCache(options.repo, {
    cacheDir: options.cacheDir,
    env: options.env ?? process.env,
    logger: options.logger,
  });
  const git = gitIn(root);
  const ref = options.ref ?? "HEAD";
  const commit = await resolveCommit(git, ref);
  if (!commit) throw new UsageError(`git ref "${ref}" not found in ${shown}; check the branch, tag or commit name.`);
  options.logger.debug({ repo: shown, ref, commit }, "reading desired state from a commit");
  return new CommitSource(git, root, commit, `${shown}@${commit.slice(0, 12)}`, { ref: options.ref, remote: shown, remoteEnv });
}

async function openWorkingTree(root: string, git: SimpleGit): Promise<GitSource> {
  const commit = await resolveCommit(git, "HEAD");
  if (!commit) throw new UsageError(`${root} has no commits yet; commit the desired state first.`);
  return new WorkingTreeSource(git, root, commit);
}

/** Files of one commit, read with `git ls-tree` and `git cat-file`; the working tree is never touched. */
class CommitSource implements GitSource {
  readonly ref?: string;
  readonly remote?: string;
  readonly remoteEnv?: Record<string, string>;
  private readonly files: FileSource;

  constructor(
    git: SimpleGit,
    readonly root: string,
    readonly commit: string,
    readonly description: string,
    extra: { ref?: string; remote?: string; remoteEnv?: Record<string, string> },
  ) {
    this.ref = extra.ref;
    this.remote = extra.remote;
    this.remoteEnv = extra.remoteEnv;
    this.files = ruledSource(commitTree(git, commit, description));
  }

  list = (dir: string): Promise<string[]> => this.files.list(dir);
  read = (path: string): Promise<Buffer> => this.files.read(path);
  exists = (path: string): Promise<boolean> => this.files.exists(path);
  hasUncommittedChanges = (): Promise<boolean> => Promise.resolve(false);
}

/** The checkout's files as they are on disk (the same rules as any folder), with HEAD and dirtiness recorded. */
class WorkingTreeSource implements GitSource {
  readonly description: string;
  private readonly files: FileSource;

  constructor(
    private readonly git: SimpleGit,
    readonly root: string,
    readonly commit: string,
  ) {
    this.description = root;
    this.files = fsSource(root);
  }

  async hasUncommittedChanges(paths: readonly string[]): Promise<boolean> {
    // `:(literal)` so a folder name is never read as a glob; relative to `root`, where git runs.
    const specs = paths.map((p) => `:(literal)${normaliseRelative(p) || "."}`);
    const status = await runGit(this.git, ["status", "--porcelain", "--", ...specs], `reading git status of ${this.root}`);
    return status.trim() !== "";
  }

  list = (dir: string): Promise<string[]> => this.files.list(dir);
  read = (path: string): Promise<Buffer> => this.files.read(path);
  exists = (path: string): Promise<boolean> => this.files.exists(path);
}

/** A POSIX path relative to the root ("" for the root itself); paths that leave the root are refused. */
export function normaliseRelative(path: string): string {
  const normal = posix.normalize(pathSegments(path).join("/")).replace(/\/+$/, "");
  if (normal === "." || normal === "") return "";
  if (posix.isAbsolute(normal) || normal === ".." || normal.startsWith("../")) {
    throw new UsageError(`"${path}" is outside the repository folder; use a path relative to it.`);
  }
  return normal;
}
