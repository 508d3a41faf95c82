import type { CliContext } from "./context.js";
import type { DesiredState, Diagnostic, FileSource } from "../desired/types.js";
import type { PlanOrigin } from "../plan/types.js";
import { ValidationError } from "../errors.js";
import { fsSource } from "../desired/fs-source.js";
import { loadDesired } from "../desired/load-desired.js";
import type { EnvironmentChoice, LoadedProject } from "../desired/load-project.js";
import { diagnosticWhere } from "../desired/format-diagnostics.js";
import { hashKeyValues } from "../plan/secrets.js";
import { openGitSource, type GitSource } from "../git/git-source.js";
import { resolveOperatorFolders, type ResolvedFolders } from "../desired/operator-folders.js";

export interface SourceFlags {
  dir?: string;
  env?: string;
  repo?: string;
  ref?: string;
}

/** The desired state read and validated, with where it came from. */
export interface DesiredInput {
  state: DesiredState;
  warnings: Diagnostic[];
  origin: PlanOrigin;
  source: FileSource;
  /** Present when the source is a git repository. */
  git?: GitSource;
  /** `--dir` and `--tests` as paths of `source` (src/desired/operator-folders.ts). */
  folders: ResolvedFolders["folders"];
  /** The documents were checked on a worker thread (plan, many documents: src/desired/worker-read.ts). */
  checkedOnWorker?: true;
}

/**
 * Opens the desired-state source: a git commit with --repo/--ref, else the working tree (still
 * recording HEAD and dirtiness when it is a git checkout).
 */
export async function openSource(ctx: CliContext, flags: SourceFlags): Promise<{ source: FileSource; git?: GitSource }> {
  if (flags.repo !== undefined || flags.ref !== undefined) {
    const git = await openGitSource({ repo: flags.repo ?? ctx.cwd, ref: flags.ref, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env });
    return { source: git, git };
  }
  try {
    const git = await openGitSource({ repo: ctx.cwd, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env });
    return { source: git, git };
  } catch {
    // Not a git checkout: plain files, no commit to record.
    return { source: fsSource(ctx.cwd) };
  }
}

/**
 * The source with the operator's `--dir` and `--tests` taken as given (src/desired/operator-folders.ts). The
 * working tree is read as plain files when `plainFiles` (validate: no git needed).
 */
export async function openDesiredSource(
  ctx: CliContext,
  flags: SourceFlags & { tests?: string },
  plainFiles = false,
): Promise<ResolvedFolders & { git?: GitSource }> {
  const fromGit = flags.repo !== undefined || flags.ref !== undefined;
  const opened = plainFiles && !fromGit ? { source: fsSource(ctx.cwd), git: undefined } : await openSource(ctx, flags);
  const root = opened.git ? (opened.git.remote === undefined ? opened.git.root : undefined) : ctx.cwd;
  return { ...(await resolveOperatorFolders(opened.source, ctx.cwd, root, fromGit, flags)), git: opened.git };
}

/**
 * Decides the environment once the source is open, before its project file is read: a pull-request
 * plan takes it from what is trusted (src/pipeline/pull-request.ts). Undefined: `--env`, else the
 * project file's defaultEnvironment.
 */
export type ChooseEnvironment = (git: GitSource | undefined, folders: ResolvedFolders["folders"]) => Promise<EnvironmentChoice | undefined>;

/**
 * Reads and validates the desired state; every error stops here, before any write. `onProject` is
 * told as soon as the project file is read, before the documents are (plan starts its live read then).
 */
export async function readDesired(
  ctx: CliContext,
  flags: SourceFlags & { tests?: string },
  onProject?: (project: LoadedProject) => void,
  chooseEnvironment?: ChooseEnvironment,
): Promise<DesiredInput> {
  const { source, git, folders, outside } = await openDesiredSource(ctx, flags);
  const environment = await chooseEnvironment?.(git, folders);
  const desired = await loadFrom(source, git, { ...flags, ...folders }, onProject, outside, environment);
  if (desired.checkedOnWorker) ctx.logger.debug({ documents: desired.state.resources.length }, "documents checked on a worker thread");
  for (const key of hashKeyValues(
    desired.state.resources.map((r) => r.spec),
    ctx.env,
  ))
    ctx.secrets.add(key);
  return desired;
}

export async function loadFrom(
  source: FileSource,
  git: GitSource | undefined,
  flags: SourceFlags & { tests?: string },
  onProject?: (project: LoadedProject) => void,
  outside: readonly string[] = [],
  environment?: EnvironmentChoice,
): Promise<DesiredInput> {
  const chosen = environment !== undefined ? { environment } : {};
  // A plan (onProject: its list of live state starts then) checks many documents off the main thread, which pages the list.
  const offThread = onProject !== undefined;
  const loaded = await loadDesired(source, { dir: flags.dir, env: flags.env, onProject, checkOffThread: offThread, ...chosen });
  const { state, diagnostics } = loaded;
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    throw new ValidationError(
      `the desired state has ${errors.length} error${errors.length === 1 ? "" : "s"} (${source.description}); nothing was written to the API.`,
      errors.map(diagnosticWhere),
    );
  }
  // The environment in effect: the one chosen for it, else the flag, else transync.yaml's defaultEnvironment.
  const env = environment !== undefined ? environment.name : (flags.env ?? state.project.defaultEnvironment);
  const origin: PlanOrigin = { dir: state.project.dir, ...(env !== undefined ? { env } : {}) };
  if (git) {
    origin.commit = git.commit;
    // A folder read outside the checkout is no path of it; its documents are not in the commit either.
    const paths = [...(outside.includes(state.project.dir) ? [] : [state.project.dir]), state.projectFile ?? "transync.yaml"];
    if (outside.includes(state.project.dir) || (await git.hasUncommittedChanges(paths))) origin.dirty = true;
  }
  const folders = { ...(flags.dir !== undefined ? { dir: flags.dir } : {}), ...(flags.tests !== undefined ? { tests: flags.tests } : {}) };
  return {
    state,
    warnings: state.warnings,
    origin,
    source,
    git,
    folders,
    ...(loaded.checkedOnWorker ? { checkedOnWorker: true as const } : {}),
  };
}
