import type { CliContext } from "./context.js";
import type { FileSource, ProjectConfig } from "../desired/types.js";
import type { Plan } from "../plan/types.js";
import type { DesiredInput } from "./desired-input.js";
import type { OrderSkip } from "../report/apply-result.js";
import { OrderError } from "../errors.js";
import { loadDesired } from "../desired/load-desired.js";
import { documentsThatDiffer } from "../desired/environment-order.js";
import { appliedRefName, readAppliedRef } from "../git/applied-ref.js";
import { openGitSource, type GitSource } from "../git/git-source.js";

/** What the order check reads: the plan, its environment's settings, and the desired state it was planned from. */
export interface OrderInput {
  plan: Plan;
  config: ProjectConfig;
  /** The desired state being applied (the commit or checkout the plan read), and its documents' folder in it; undefined: not in git. */
  head: FileSource | undefined;
  dir?: string;
  /** The repository holding `refs/transync/applied/<after>`; undefined outside git. */
  git: GitSource | undefined;
}

/** What the environment before this one has not applied, or why that cannot be known. */
interface Unapplied {
  after: string;
  documents: string[];
  /** The commit the environment before is at; undefined: never applied (or no repository to ask). */
  afterCommit?: string;
  ref: string;
  /** The desired state applied is no commit of a git repository: nothing to compare with. */
  notInGit?: boolean;
}

/**
 * Staging first (`environments.<env>.after`, docs/environments.md): refuses, with OrderError and
 * before any write, a plan that creates, updates or deletes a document whose effective content for
 * the environment before differs between the commit applied here and the one applied there
 * (`refs/transync/applied/<after>`). `skipReason` (`--skip-order REASON`, never a file's) lets it
 * through: returned for the report. Undefined: no order, nothing unapplied, or nothing to write.
 */
export async function checkOrder(ctx: CliContext, input: OrderInput, skipReason: string | undefined): Promise<OrderSkip | undefined> {
  const env = input.plan.origin.env;
  const after = env !== undefined ? input.config.environments[env]?.after : undefined;
  if (env === undefined || after === undefined || input.plan.actions.length === 0) return undefined;
  const unapplied = await unappliedDocuments(ctx, input, after);
  if (unapplied === undefined) return undefined;
  if (skipReason !== undefined) {
    const skip: OrderSkip = { after, documents: unapplied.documents, reason: skipReason };
    if (unapplied.afterCommit !== undefined) skip.afterCommit = unapplied.afterCommit;
    ctx.logger.warn(
      { after, documents: skip.documents, commit: skip.afterCommit, reason: skipReason },
      "staging first skipped with --skip-order",
    );
    return skip;
  }
  throw new OrderError(refusal(env, unapplied));
}

/** The order check of a plan made here (apply, reconcile) from `desired`: its source is the head when git holds it. */
export function checkPlannedOrder(
  ctx: CliContext,
  plan: Plan,
  desired: DesiredInput,
  skipReason: string | undefined,
): Promise<OrderSkip | undefined> {
  const head = desired.git ? desired.source : undefined;
  return checkOrder(ctx, { plan, config: desired.state.project, head, dir: desired.folders.dir, git: desired.git }, skipReason);
}

async function unappliedDocuments(ctx: CliContext, input: OrderInput, after: string): Promise<Unapplied | undefined> {
  const ref = appliedRefName(after);
  const touched = input.plan.actions.map((a) => a.name);
  const all = [...new Set(touched)].sort();
  if (!input.git || input.head === undefined) return { after, documents: all, ref, notInGit: true };
  const afterCommit = await readAppliedRef(input.git.root, after);
  if (afterCommit === undefined) return { after, documents: all, ref };
  const there = await openGitSource({ repo: input.git.root, ref: afterCommit, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env });
  const [now, then] = await Promise.all([
    loadDesired(input.head, { env: after, dir: input.dir }),
    loadDesired(there, { env: after, dir: input.dir }),
  ]);
  const documents = documentsThatDiffer(now.state.resources, then.state.resources, touched);
  return documents.length === 0 ? undefined : { after, documents, afterCommit, ref };
}

function refusal(env: string, u: Unapplied): string {
  const override = `or override with --skip-order "REASON" (the reason is printed and recorded in apply's output).`;
  const order = `staging first: environment "${env}" comes after "${u.after}" (transync.yaml)`;
  if (u.notInGit)
    return (
      `${order}, and the desired state applied is not a commit of a git repository, so what ${u.after} has applied (${u.ref}) cannot be compared; ` +
      `nothing was written. Apply from a git checkout (or a plan saved from one), ${override}`
    );
  if (u.afterCommit === undefined)
    return (
      `${order}, and "${u.after}" has never been applied (no ${u.ref} in this repository); nothing was written. ` +
      `Apply to ${u.after} with --record-ref first (or fetch the record: git fetch origin '+refs/transync/*:refs/transync/*'), ${override}`
    );
  const names = u.documents.map((n) => JSON.stringify(n)).join(", ");
  const count = u.documents.length === 1 ? "1 document" : `${u.documents.length} documents`;
  return (
    `${order}, and ${u.after} (at ${u.afterCommit.slice(0, 12)}, ${u.ref}) has not applied ${count} this plan changes: ${names}; nothing was written. ` +
    `Apply this commit to ${u.after} first (transync apply --env ${u.after} --record-ref), then to ${env}; ${override}`
  );
}

/**
 * A saved plan's order check (apply PLANFILE): the plan's commit, read from the checkout apply runs in,
 * against the record there; the project file is the checkout's (as for the freeze check).
 */
export async function checkSavedPlanOrder(
  ctx: CliContext,
  plan: Plan,
  config: ProjectConfig,
  git: GitSource | undefined,
  skipReason: string | undefined,
): Promise<OrderSkip | undefined> {
  const commit = plan.origin.commit;
  const head =
    git && commit !== undefined
      ? await openGitSource({ repo: git.root, ref: commit, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env })
      : undefined;
  return checkOrder(ctx, { plan, config, head, dir: plan.origin.dir, git }, skipReason);
}
