import { UsageError } from "../errors.js";
import { gitIn, resolveCommit, runGit, runGitWithEnv, tryGit } from "./run-git.js";

/**
 * The last applied commit of an environment lives in a git ref, so a pull-request plan with
 * `--base applied` compares with what is really deployed: a skipped or failed pipeline run then
 * never loses a deletion (the next run still sees the document as removed).
 */
export function appliedRefName(env: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(env) || env.endsWith(".lock") || env.includes("..")) {
    throw new UsageError(`environment name "${env}" cannot be used in a git ref; use letters, digits, ".", "_" and "-".`);
  }
  return `refs/transync/applied/${env}`;
}

/**
 * The commit recorded for `env`, or undefined when none has been recorded yet. Read by its exact
 * full name: git's usual lookup would also take `refs/tags/refs/transync/applied/<env>` or a
 * remote-tracking branch of that name, which a pull request's author can push, and make them the
 * basis the plan compares write-only fields with.
 */
export async function readAppliedRef(repo: string, env: string): Promise<string | undefined> {
  const git = gitIn(repo);
  const ref = appliedRefName(env);
  const listed = await tryGit(git, ["show-ref", "--verify", "--", ref]);
  const [sha, name] = (listed ?? "").trim().split(" ");
  if (sha === undefined || name !== ref || !/^[0-9a-f]{40,64}$/.test(sha)) return undefined;
  // By object name, so no ref of any kind takes part; a record that is not a commit counts as absent.
  const commit = await tryGit(git, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${sha}^{commit}`]);
  return commit?.trim() || undefined;
}

/** The command that fetches the applied records into a checkout that has none (a CI clone fetches branches only). */
export const FETCH_RECORDS = "git fetch origin '+refs/transync/*:refs/transync/*'";

/** The environments with a recorded applied commit (`refs/transync/applied/*`), sorted. */
export async function recordedEnvironments(repo: string): Promise<string[]> {
  const listed = await tryGit(gitIn(repo), ["for-each-ref", "--format=%(refname)", "refs/transync/applied/"]);
  return (listed ?? "")
    .split("\n")
    .map((line) => line.trim().slice("refs/transync/applied/".length))
    .filter((env) => env !== "")
    .sort();
}

/** An environment's applied record as `transync status` shows it. */
export interface AppliedRecord {
  commit: string;
  /** The commit's subject line: written by whoever committed, shown escaped. */
  subject: string;
  /** When the commit was made (ISO 8601, UTC). */
  committedAt: string;
  /** When the record was last written, from this repository's log of the ref; absent where no log holds it (a fresh clone). */
  recordedAt?: string;
}

/** The recorded commit of `env` with its subject, date and, when this repository logged it, when it was recorded. */
export async function readAppliedRecord(repo: string, env: string): Promise<AppliedRecord | undefined> {
  const commit = await readAppliedRef(repo, env);
  if (commit === undefined) return undefined;
  const git = gitIn(repo);
  const shown = await runGit(git, ["show", "-s", "--format=%ct%x00%s", commit, "--"], `reading commit ${commit.slice(0, 12)}`);
  const [seconds = "0", subject = ""] = shown.trim().split("\0");
  const logged = await tryGit(git, ["log", "-g", "-1", "--date=unix", "--format=%gd", appliedRefName(env), "--"]);
  const recordedSeconds = /@\{(\d+)\}/.exec(logged ?? "")?.[1];
  const record: AppliedRecord = { commit, subject, committedAt: isoSeconds(seconds) };
  if (recordedSeconds !== undefined) record.recordedAt = isoSeconds(recordedSeconds);
  return record;
}

function isoSeconds(seconds: string): string {
  return new Date(Number(seconds) * 1000).toISOString().replace(/\.000Z$/, "Z");
}

export interface RecordAppliedRefOptions {
  /** Also push the ref (the source is a clone of a remote). */
  push?: boolean;
  /** Remote to push to; default `origin`. */
  remote?: string;
  /** Added to the push's environment: the remote's credentials (GitSource.remoteEnv), never written. */
  env?: Record<string, string>;
}

/**
 * Points `refs/transync/applied/<env>` at `sha` (and pushes it, forced: the applied commit may move
 * back, e.g. after a revert was applied).
 */
export async function recordAppliedRef(repo: string, env: string, sha: string, options: RecordAppliedRefOptions = {}): Promise<void> {
  const git = gitIn(repo);
  const ref = appliedRefName(env);
  const commit = await resolveCommit(git, sha);
  if (!commit) throw new UsageError(`cannot record ${ref}: commit ${sha} is not in ${repo}.`);
  // --create-reflog: git logs only branches by default; the log says when each record was made (`transync status`).
  await runGit(git, ["update-ref", "--create-reflog", "-m", "transync apply", ref, commit], `recording ${ref}`);
  if (options.push) {
    const remote = options.remote ?? "origin";
    await runGitWithEnv(
      repo,
      ["push", "--quiet", remote, `+${ref}:${ref}`],
      `pushing ${ref} to ${remote} (the token needs write access to the repository)`,
      options.env ?? {},
    );
  }
}

/**
 * The base commit of a pull-request plan: `applied` means the recorded applied commit of `env`;
 * anything else is a ref resolved in `repo`.
 */
export async function resolveBase(repo: string, base: string, env: string): Promise<string> {
  if (base === "applied") {
    const recorded = await readAppliedRef(repo, env);
    if (!recorded) {
      throw new UsageError(
        `no applied commit is recorded for environment "${env}" (${appliedRefName(env)}). ` +
          "Run `transync apply --record-ref` once, or fetch the ref from the remote: git fetch origin '+refs/transync/*:refs/transync/*'.",
      );
    }
    return recorded;
  }
  const commit = await resolveCommit(gitIn(repo), base);
  if (!commit) {
    throw new UsageError(`base ref "${base}" not found in ${repo}; fetch it (actions/checkout needs fetch-depth: 0) or check the name.`);
  }
  return commit;
}
