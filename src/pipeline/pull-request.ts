import type { CliContext } from "./context.js";
import type { DesiredResource } from "../model/desired-resource.js";
import type { PlanWarning, PullRequestChanges } from "../plan/types.js";
import { UsageError } from "../errors.js";
import { loadDesired } from "../desired/load-desired.js";
import { openGitSource } from "../git/git-source.js";
import { diffDesired, documentChanges, type DocSummary } from "../git/pr-diff.js";
import { appliedRefName, readAppliedRef, resolveBase } from "../git/applied-ref.js";
import { normaliseRelative } from "../git/git-source.js";
import { gitIn, runGit } from "../git/run-git.js";
import { canonicalJson } from "../plan/index.js";
import { CLEARING_VALUES, WRITE_ONLY_FIELDS } from "../model/transformation.js";
import { projectFileTarget, readBaseProjectApiUrl } from "../git/safe-settings.js";
import type { ApiTarget } from "../live/settings.js";
import type { DesiredInput, SourceFlags } from "./desired-input.js";

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
  removed: { ids: string[]; names: string[] };
  /** The API URL from the base's project file: the head of a PR never decides where the token goes. */
  /** Where the plan's client goes and with which token: the base's project file, never the head's. */
  trustedTarget: ApiTarget;
  warnings: PlanWarning[];
  /** The pull-request view; computePlan adds the drift outside it. */
  changes: Omit<PullRequestChanges, "driftOutsidePr">;
}

export async function readPullRequestContext(
  ctx: CliContext,
  head: DesiredInput,
  flags: SourceFlags & { base?: string },
): Promise<PullRequestContext> {
  if (!head.git || flags.base === undefined)
    throw new UsageError("--base needs the desired state in a git repository (run inside a checkout, or pass --repo).");
  const env = head.origin.env ?? "default";
  if (flags.base === "applied" && (await readAppliedRef(head.git.root, env)) === undefined)
    return againstNothing(head, head.git.root, head.git.commit, env);
  const baseCommit = await resolveBase(head.git.root, flags.base, env);
  const baseSource = await openGitSource({ repo: head.git.root, ref: baseCommit, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env });
  const base = await loadDesired(baseSource, { dir: head.folders.dir, env: head.origin.env });
  const warnings: PlanWarning[] = [];
  if (base.diagnostics.some((d) => d.severity === "error")) {
    warnings.push({ message: `the base ${flags.base} has invalid documents; documents removed there may not be detected.` });
  }
  const { apiUrl, binding, warning } = readBaseProjectApiUrl(base.state.project, head.state.project, head.origin.env);
  const trustedTarget: ApiTarget = { apiUrl, ...(binding !== undefined ? { binding } : {}) };
  if (warning !== undefined) warnings.push({ message: warning });
  const dir = head.state.project.dir;
  const files = (await diffDesired(head.git.root, baseCommit, head.git.commit, dir)).files;
  const docs = documentChanges(summarise(base.state.resources), summarise(head.state.resources));
  return {
    baseCommit,
    baseDocuments: base.state.resources,
    removed: docs.removed,
    trustedTarget,
    warnings,
    changes: { base: baseCommit, head: head.git.commit, files, transformations: docs.transformations },
  };
}

/**
 * `--base applied` before the first recorded apply (the first run of a pipeline): the plan compares
 * with nothing and says so. Every document counts as added and nothing as removed, so
 * `--prune=removed` deletes nothing; the API URL is read as without --base.
 */
async function againstNothing(head: DesiredInput, root: string, commit: string, env: string): Promise<PullRequestContext> {
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
  const warning =
    `no applied commit is recorded for environment "${env}" (${appliedRefName(env)}), so this plan compares with nothing, as for a first apply: ` +
    "every document counts as added and --prune=removed deletes nothing. If an apply was recorded before, fetch the ref first: git fetch origin '+refs/transync/*:refs/transync/*'.";
  return {
    baseCommit: NOTHING_APPLIED,
    nothingApplied: true,
    baseDocuments: [],
    removed: docs.removed,
    trustedTarget: projectFileTarget(head.state.project, head.origin.env),
    warnings: [{ message: warning }],
    changes: { base: NOTHING_APPLIED, head: commit, files, transformations: docs.transformations },
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
