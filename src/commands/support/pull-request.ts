import type { CliContext } from "../../cli/context.js";
import type { DesiredResource } from "../../desired/types.js";
import type { PlanWarning, PullRequestChanges } from "../../plan/types.js";
import { UsageError } from "../../errors.js";
import { loadDesired } from "../../desired/load-desired.js";
import { openGitSource } from "../../git/git-source.js";
import { diffDesired, documentChanges, type DocSummary } from "../../git/pr-diff.js";
import { resolveBase } from "../../git/applied-ref.js";
import { canonicalJson } from "../../plan/index.js";
import { readBaseProjectApiUrl } from "../../git/safe-settings.js";
import type { DesiredInput, SourceFlags } from "./desired-input.js";

/** What a pull-request plan (`--base`) knows from git besides the live diff. */
export interface PullRequestContext {
  baseCommit: string;
  /** The documents at the base (write-only fields are compared with them when no applied commit is recorded). */
  baseDocuments: DesiredResource[];
  removed: { ids: string[]; names: string[] };
  /** The API URL from the base's project file: the head of a PR never decides where the token goes. */
  trustedApiUrl: string | undefined;
  warnings: PlanWarning[];
  /** The pull-request view; computePlan adds the drift outside it. */
  changes: Omit<PullRequestChanges, "driftOutsidePr">;
}

export async function readPullRequestContext(ctx: CliContext, head: DesiredInput, flags: SourceFlags & { base?: string }): Promise<PullRequestContext> {
  if (!head.git || flags.base === undefined) throw new UsageError("--base needs the desired state in a git repository (run inside a checkout, or pass --repo).");
  const env = head.origin.env ?? "default";
  const baseCommit = await resolveBase(head.git.root, flags.base, env);
  const baseSource = await openGitSource({ repo: head.git.root, ref: baseCommit, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env });
  const base = await loadDesired(baseSource, { dir: flags.dir, env: head.origin.env });
  const warnings: PlanWarning[] = [];
  if (base.diagnostics.some((d) => d.severity === "error")) {
    warnings.push({ message: `the base ${flags.base} has invalid documents; documents removed there may not be detected.` });
  }
  const { apiUrl: trustedApiUrl, warning } = readBaseProjectApiUrl(base.state.project, head.state.project, head.origin.env);
  if (warning !== undefined) warnings.push({ message: warning });
  const dir = head.state.project.dir;
  const files = (await diffDesired(head.git.root, baseCommit, head.git.commit, dir)).files;
  const docs = documentChanges(summarise(base.state.resources), summarise(head.state.resources));
  return {
    baseCommit,
    baseDocuments: base.state.resources,
    removed: docs.removed,
    trustedApiUrl,
    warnings,
    changes: { base: baseCommit, head: head.git.commit, files, transformations: docs.transformations },
  };
}

function summarise(resources: DesiredResource[]): DocSummary[] {
  return resources.map((r) => {
    const { drop, hashPropertiesConfiguration, ...rest } = r.spec;
    return {
      name: r.name,
      id: r.id,
      file: r.location.file,
      canonical: canonicalJson(rest),
      writeOnly: canonicalJson({ drop: drop ?? false, hashPropertiesConfiguration: hashPropertiesConfiguration ?? null }),
    };
  });
}
