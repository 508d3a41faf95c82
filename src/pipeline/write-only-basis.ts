import type { CliContext } from "./context.js";
import type { PlanWarning, WriteOnlyBasisInput } from "../plan/index.js";
import { loadDesired } from "../desired/load-desired.js";
import { openGitSource } from "../git/git-source.js";
import { readAppliedRef } from "../git/applied-ref.js";
import type { DesiredInput, SourceFlags } from "./desired-input.js";
import type { PullRequestContext } from "./pull-request.js";

export interface BasisResult {
  basis?: WriteOnlyBasisInput;
  warnings: PlanWarning[];
}

/**
 * What write-only fields (never returned by the API) are compared with: the documents at the
 * applied commit recorded for the environment (`refs/transync/applied/<env>`, written by
 * `apply --record-ref`), else, in a pull-request plan, the documents at --base. Without either,
 * nothing: the plan then says which write-only fields it cannot verify.
 */
export async function readWriteOnlyBasis(
  ctx: CliContext,
  head: DesiredInput,
  flags: SourceFlags,
  pr: PullRequestContext | undefined,
): Promise<BasisResult> {
  if (!head.git) return { warnings: [] };
  const env = head.origin.env ?? "default";
  const applied = await readAppliedRef(head.git.root, env);
  if (applied === undefined) {
    return pr && !pr.nothingApplied
      ? { basis: { source: "base", commit: pr.baseCommit, documents: pr.baseDocuments }, warnings: [] }
      : { warnings: [] };
  }
  if (pr && pr.baseCommit === applied) return { basis: { source: "applied", commit: applied, documents: pr.baseDocuments }, warnings: [] };
  if (head.git.commit === applied && head.origin.dirty !== true) {
    return { basis: { source: "applied", commit: applied, documents: head.state.resources }, warnings: [] };
  }
  const source = await openGitSource({ repo: head.git.root, ref: applied, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env });
  const loaded = await loadDesired(source, { dir: head.folders.dir, env: head.origin.env });
  const warnings: PlanWarning[] = loaded.diagnostics.some((d) => d.severity === "error")
    ? [
        {
          message: `the applied commit ${applied.slice(0, 12)} (refs/transync/applied/${env}) has invalid documents; write-only fields of those documents are compared with what could be read.`,
        },
      ]
    : [];
  return { basis: { source: "applied", commit: applied, documents: loaded.state.resources }, warnings };
}
