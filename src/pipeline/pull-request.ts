import type { DesiredResource, Protection } from "../model/desired-resource.js";
import type { ProjectConfig } from "../desired/types.js";
import type { PlanWarning, PullRequestChanges, PullRequestEnvironment } from "../plan/types.js";
import { UsageError } from "../errors.js";
import { loadDesired } from "../desired/load-desired.js";
import { diffDesired, documentChanges, type DocSummary } from "../git/pr-diff.js";
import { appliedRefName } from "../git/applied-ref.js";
import { normaliseRelative } from "../git/git-source.js";
import { gitIn, runGit } from "../git/run-git.js";
import { canonicalJson } from "../plan/index.js";
import { CLEARING_VALUES, WRITE_ONLY_FIELDS } from "../model/transformation.js";
import { projectFileTarget, readBaseProjectApiUrl } from "../git/safe-settings.js";
import { TOKEN_ENV, type ApiTarget, type TokenUse } from "../live/settings.js";
import type { DesiredInput } from "./desired-input.js";
import { FROM_FLAG, NEEDS_GIT, type TrustedBase } from "./trusted-base.js";
import { settingChanges } from "./setting-changes.js";
import { protectionsOf } from "./protections.js";
import { kindPullRequest, type KindPullRequest } from "./kind-pull-request.js";

/** The base of `--base applied` before any apply was recorded for the environment. */
export const NOTHING_APPLIED = "none";

/** What a pull-request plan (`--base`) knows from git besides the live diff. */
export interface PullRequestContext {
  /** A commit, or NOTHING_APPLIED. */
  baseCommit: string;
  /** `--base applied` and no applied commit is recorded yet: the plan compares with nothing. */
  nothingApplied?: true;
  /** The documents at the base (write-only fields are compared with them when no applied commit is recorded). */
  baseDocuments: DesiredResource[];
  /** The base's transync.yaml: its aliases label ids in the reports (a swap of aliases must not read backwards). */
  baseProject?: ProjectConfig;
  removed: { ids: string[]; names: string[] };
  /** What the base protects (documents' `protect: true`, transync.yaml's `protect:`): the plan keeps them whatever the head says. */
  baseProtections: Protection[];
  /** The API URL from the base's project file: the head of a PR never decides where the token goes. */
  /** Where the plan's client goes and with which token: the base's project file, never the head's. */
  trustedTarget: ApiTarget;
  warnings: PlanWarning[];
  /** The pull-request view; computePlan adds the drift outside it. */
  changes: Omit<PullRequestChanges, "driftOutsidePr">;
  /** What it does to the documents of every other kind (their entries are in `changes` too). */
  otherKinds: KindPullRequest;
}

/**
 * The pull-request side of `plan --base`: the base (read first, src/pipeline/trusted-base.ts, which
 * chose the environment the head was read with), the documents and files changed, the settings of
 * transync.yaml changed, and where the client goes: all from the base, never the head.
 * `trusted` undefined: `--base applied` before any recorded apply.
 */
export async function readPullRequestContext(
  head: DesiredInput,
  flags: { base?: string; env?: string; tokenUse?: TokenUse },
  trusted: TrustedBase | undefined,
): Promise<PullRequestContext> {
  const use = flags.tokenUse ?? "write";
  if (!head.git || flags.base === undefined) throw new UsageError(NEEDS_GIT);
  const env = head.origin.env;
  if (trusted === undefined) return againstNothing(head, head.git.root, head.git.commit, flags.env !== undefined ? "--env" : "head", use);
  const baseCommit = trusted.commit;
  const base = await loadDesired(trusted.source, { dir: head.folders.dir, environment: trusted.environment });
  const warnings: PlanWarning[] = [];
  if (base.diagnostics.some((d) => d.severity === "error")) {
    warnings.push({ message: `the base ${flags.base} has invalid documents; documents removed there may not be detected.` });
  }
  const { apiUrl, binding, warning } = readBaseProjectApiUrl(trusted.project, head.state.project, env, use);
  const trustedTarget: ApiTarget = { apiUrl, ...(binding !== undefined ? { binding } : {}) };
  if (warning !== undefined) warnings.push({ message: warning });
  const dir = head.state.project.dir;
  const files = (await diffDesired(head.git.root, baseCommit, head.git.commit, dir)).files;
  const docs = documentChanges(summarise(base.state.resources), summarise(head.state.resources));
  const otherKinds = kindPullRequest(base.state.otherKinds ?? [], head.state.otherKinds ?? []);
  const from = trusted.environment.from === FROM_FLAG ? "--env" : "base";
  const changed = settingChanges(trusted.project, head.state.project, env);
  return {
    baseCommit,
    baseDocuments: base.state.resources,
    baseProject: trusted.project,
    removed: docs.removed,
    baseProtections: protectionsOf(base.state, flags.base),
    trustedTarget,
    warnings,
    changes: {
      base: baseCommit,
      head: head.git.commit,
      files,
      transformations: [...docs.transformations, ...otherKinds.documents],
      environment: environmentOf(env, from, trustedTarget),
      ...(changed.length > 0 ? { settingChanges: changed } : {}),
    },
    otherKinds,
  };
}

/** The environment as the plan states it: its name, who chose it, the token variable and workspace of its client. */
function environmentOf(env: string | undefined, from: PullRequestEnvironment["from"], target: ApiTarget): PullRequestEnvironment {
  const workspace = target.binding?.workspace;
  return {
    ...(env !== undefined ? { name: env } : {}),
    from,
    tokenEnv: target.binding?.tokenEnv ?? TOKEN_ENV,
    ...(workspace !== undefined ? { workspace } : {}),
  };
}

/**
 * `--base applied` before the first recorded apply (the first run of a pipeline): the plan compares
 * with nothing and says so. Every document counts as added and nothing as removed, so
 * `--prune=removed` deletes nothing; the API URL is read as without --base.
 */
async function againstNothing(
  head: DesiredInput,
  root: string,
  commit: string,
  from: PullRequestEnvironment["from"],
  use: TokenUse,
): Promise<PullRequestContext> {
  const env = head.origin.env ?? "default";
  const dir = normaliseRelative(head.state.project.dir) || ".";
  const listed = await runGit(
    gitIn(root),
    ["ls-tree", "-r", "-z", "--name-only", commit, "--", dir],
    `listing the files of ${commit.slice(0, 12)}`,
  );
  const files = listed
    .split("\0")
    .filter((path) => path !== "")
    .sort()
    .map((path) => ({ path, status: "added" as const }));
  const docs = documentChanges([], summarise(head.state.resources));
  const otherKinds = kindPullRequest([], head.state.otherKinds ?? []);
  const trustedTarget = projectFileTarget(head.state.project, head.origin.env, use);
  const warning =
    `no applied commit is recorded for environment "${env}" (${appliedRefName(env)}), so this plan compares with nothing, as for a first apply: ` +
    "every document counts as added and --prune=removed deletes nothing. If an apply was recorded before, fetch the ref first: git fetch origin '+refs/transync/*:refs/transync/*'.";
  return {
    baseCommit: NOTHING_APPLIED,
    nothingApplied: true,
    baseDocuments: [],
    removed: docs.removed,
    baseProtections: [],
    trustedTarget,
    warnings: [{ message: warning }],
    changes: {
      base: NOTHING_APPLIED,
      head: commit,
      files,
      transformations: [...docs.transformations, ...otherKinds.documents],
      environment: environmentOf(head.origin.env, from, trustedTarget),
    },
    otherKinds,
  };
}

/** Each document's spec, its write-only fields (WRITE_ONLY_FIELDS; unset = their clearing value) apart. */
function summarise(resources: DesiredResource[]): DocSummary[] {
  return resources.map((r) => {
    const rest: Record<string, unknown> = { ...r.spec };
    const writeOnly: Record<string, unknown> = {};
    for (const field of WRITE_ONLY_FIELDS) {
      writeOnly[field] = rest[field] ?? CLEARING_VALUES[field];
      delete rest[field];
    }
    return { name: r.name, id: r.id, file: r.location.file, canonical: canonicalJson(rest), writeOnly: canonicalJson(writeOnly) };
  });
}
