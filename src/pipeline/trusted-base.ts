import type { CliContext } from "./context.js";
import type { ResolvedFolders } from "../desired/operator-folders.js";
import type { ProjectConfig } from "../desired/types.js";
import { UsageError } from "../errors.js";
import { loadProjectConfig, locateProjectFile, type EnvironmentChoice } from "../desired/load-project.js";
import { openGitSource, type GitSource } from "../git/git-source.js";
import { readAppliedRef, recordedEnvironments, resolveBase } from "../git/applied-ref.js";
import { escapeControls } from "../escape/text-escape.js";
import type { ChooseEnvironment } from "./desired-input.js";

/** Where a pull-request plan's environment came from, in messages (EnvironmentChoice.from). */
export const FROM_FLAG = "--env";
export const FROM_BASE = "the base's defaultEnvironment";

/**
 * The base of a pull-request plan, read before the head: its commit and files, its project file,
 * and the environment the head is read with.
 */
export interface TrustedBase {
  commit: string;
  source: GitSource;
  project: ProjectConfig;
  /** `--env` (the operator's), else the base's defaultEnvironment; never the head's. */
  environment: EnvironmentChoice;
}

export const NEEDS_GIT = "--base needs the desired state in a git repository (run inside a checkout, or pass --repo).";

/**
 * The base of `plan --base REF`, and the environment of the plan.
 *
 * WARNING: the head of a pull request is written by whoever opened it. If its transync.yaml could
 * pick the environment (`defaultEnvironment: evil`, with `evil: {}` added), it would pick one the
 * base binds to no workspace and no token variable, and the plan would read whatever workspace the
 * default token reaches. So the environment is the operator's `--env` or the base's
 * defaultEnvironment, and it must be one the base defines. Undefined: `--base applied` before any
 * recorded apply, which compares with nothing (src/pipeline/pull-request.ts, againstNothing).
 */
export async function readTrustedBase(
  ctx: CliContext,
  git: GitSource | undefined,
  folders: ResolvedFolders["folders"],
  flags: { base: string; env?: string },
): Promise<TrustedBase | undefined> {
  if (!git) throw new UsageError(NEEDS_GIT);
  // `--base applied` is the applied commit of an environment: which one, the head's file must say until the base is known.
  const refEnv = flags.base === "applied" ? (flags.env ?? (await projectFileOf(git, folders.dir)).defaultEnvironment) : flags.env;
  if (flags.base === "applied" && (await readAppliedRef(git.root, refEnv ?? "default")) === undefined) {
    if (flags.env === undefined) await refuseHeadChosenFirstApply(git.root, refEnv ?? "default");
    return undefined;
  }
  const commit = await resolveBase(git.root, flags.base, refEnv ?? "default");
  const source = await openGitSource({ repo: git.root, ref: commit, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env });
  const project = await projectFileOf(source, folders.dir);
  const environment: EnvironmentChoice =
    flags.env !== undefined ? { name: flags.env, from: FROM_FLAG } : { name: project.defaultEnvironment, from: FROM_BASE };
  refuseUndefinedAtBase(environment, project, flags.base, commit);
  if (flags.base === "applied" && environment.name !== refEnv) {
    throw new UsageError(
      `the applied commit of environment ${quoted(refEnv ?? "default")} (chosen by the head's defaultEnvironment) sets defaultEnvironment ${quoted(environment.name ?? "(none)")}; pass --env to say which environment to plan.`,
    );
  }
  return { commit, source, project, environment };
}

/**
 * The base of `plan --base`, read when readDesired has opened the head's source (`choose`, which
 * decides the environment the head is read with); `read()` is that base afterwards.
 */
export function trustedBaseReader(
  ctx: CliContext,
  flags: { base: string; env?: string },
): { choose: ChooseEnvironment; read(): TrustedBase | undefined } {
  let trusted: TrustedBase | undefined;
  const wanted = { base: flags.base, ...(flags.env !== undefined ? { env: flags.env } : {}) };
  return {
    choose: async (git, folders) => (trusted = await readTrustedBase(ctx, git, folders, wanted))?.environment,
    read: () => trusted,
  };
}

/** An environment the base does not define has no binding the base vouches for: refused before any request. */
function refuseUndefinedAtBase(environment: EnvironmentChoice, project: ProjectConfig, base: string, commit: string): void {
  const name = environment.name;
  if (name === undefined || Object.hasOwn(project.environments, name)) return;
  const defined = Object.keys(project.environments);
  throw new UsageError(
    `environment ${quoted(name)} (from ${environment.from}) is not defined in the base's transync.yaml (${quoted(base)}, ${commit.slice(0, 12)}): ` +
      "a pull-request plan reads only an environment the base defines, with the base's token variable and workspace. " +
      (defined.length > 0 ? `The base defines: ${defined.map(quoted).join(", ")}.` : "The base defines no environments.") +
      " A new environment can be planned once it is merged.",
  );
}

/**
 * `--base applied` with nothing recorded for the environment the head's defaultEnvironment names
 * compares with nothing and trusts the head: right on a first run, but not when other environments
 * were applied already (a pull request naming a new, unbound environment would otherwise read unchecked).
 */
async function refuseHeadChosenFirstApply(repo: string, env: string): Promise<void> {
  const recorded = await recordedEnvironments(repo);
  if (recorded.length === 0) return;
  throw new UsageError(
    `no applied commit is recorded for environment ${quoted(env)}, which the head's defaultEnvironment names, but there is one for ${recorded.map(quoted).join(", ")}: ` +
      "a pull request cannot choose an environment with nothing to compare with. Pass --env to say which environment to plan.",
  );
}

async function projectFileOf(source: GitSource, dir: string | undefined): Promise<ProjectConfig> {
  return (await loadProjectConfig(source, { file: await locateProjectFile(source, dir) })).config;
}

function quoted(text: string): string {
  return escapeControls(JSON.stringify(text));
}
