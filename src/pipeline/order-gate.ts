import type { CliContext } from "./context.js";
import type { FileSource, ProjectConfig } from "../desired/types.js";
import type { Plan } from "../plan/types.js";
import type { DesiredInput } from "./desired-input.js";
import type { OrderSkip } from "../report/apply-result.js";
import { InterruptedError, OrderError, TransyncError } from "../errors.js";
import { planDigest } from "../plan/digest.js";
import { REDACTED } from "../secrets/redact.js";
import { mayBeRedactedFrom } from "../secrets/redact-plan.js";
import { loadDesired } from "../desired/load-desired.js";
import { documentsThatDiffer } from "../desired/environment-order.js";
import { appliedRefName, FETCH_RECORDS, readAppliedRef, recordedEnvironments } from "../git/applied-ref.js";
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
  /**
   * The repository holds no applied record of any environment (no `refs/transync/applied/*`): not fetched (a CI
   * checkout fetches branches only) or never written, which this checkout cannot tell apart: unknown, not "never applied".
   */
  noRecords?: boolean;
}

/** An ordered environment's plan that touches documents the environment before has not applied. */
interface OrderFinding {
  env: string;
  unapplied: Unapplied;
}

/**
 * The one decision of staging first (`environments.<env>.after`, docs/environments.md): whether the
 * plan creates, updates or deletes a document whose effective content for the environment before
 * differs between the commit applied here and the one applied there (`refs/transync/applied/<after>`).
 * Undefined: no order, nothing unapplied, or nothing to write. apply refuses on a finding (checkOrder);
 * plan warns (planWithOrderWarning).
 */
async function findUnapplied(ctx: CliContext, input: OrderInput): Promise<OrderFinding | undefined> {
  const env = input.plan.origin.env;
  const after = env !== undefined ? input.config.environments[env]?.after : undefined;
  if (env === undefined || after === undefined || input.plan.actions.length === 0) return undefined;
  const unapplied = await unappliedDocuments(ctx, input, after);
  return unapplied === undefined ? undefined : { env, unapplied };
}

/**
 * Staging first: refuses, with OrderError and before any write, a plan findUnapplied finds unapplied
 * documents in. `skipReason` (`--skip-order REASON`, never a file's) lets it through: returned for
 * the report. Undefined: nothing to refuse.
 */
export async function checkOrder(ctx: CliContext, input: OrderInput, skipReason: string | undefined): Promise<OrderSkip | undefined> {
  const found = await findUnapplied(ctx, input);
  if (found === undefined) return undefined;
  const { after } = found.unapplied;
  if (skipReason !== undefined) {
    const skip: OrderSkip = { after, documents: found.unapplied.documents, reason: skipReason };
    if (found.unapplied.afterCommit !== undefined) skip.afterCommit = found.unapplied.afterCommit;
    ctx.logger.warn(
      { after, documents: skip.documents, commit: skip.afterCommit, reason: skipReason },
      "staging first skipped with --skip-order",
    );
    return skip;
  }
  throw new OrderError(refusal(found.env, found.unapplied));
}

/**
 * `plan --env E` of an ordered environment: the plan, with a warning when `apply` of it would refuse
 * (the same decision, findUnapplied), so that a pull request's reviewer sees it before the merge; the
 * plan itself is never refused. As it was (the same object, the same bytes) when apply would not refuse.
 */
export async function planWithOrderWarning(ctx: CliContext, plan: Plan, desired: DesiredInput): Promise<Plan> {
  let said: string;
  try {
    const found = await findUnapplied(ctx, plannedOrderInput(plan, desired));
    if (found === undefined) return plan;
    const { env, unapplied } = found;
    said = unapplied.noRecords
      ? `staging first could not be checked: ${orderState(env, unapplied).slice("staging first: ".length)}. ${howToGoOn(env, unapplied)}`
      : `apply will refuse this plan: ${orderState(env, unapplied)}. ${howToGoOn(env, unapplied)}`;
  } catch (error) {
    // What apply would stop on (the record or the commit before unreadable) is said; plan still shows its changes.
    if (!(error instanceof TransyncError) || error instanceof InterruptedError) throw error;
    said = `apply will stop on this plan: staging first could not be checked: ${error.message}`;
  }
  // Document names are a pull request's text: a secret of this run in one is redacted, as in the rest of the plan.
  const message = ctx.secrets.redact(said);
  const { digest: _stale, ...rest } = { ...plan, warnings: [...plan.warnings, { message }] };
  return { ...rest, digest: planDigest(rest) } as Plan;
}

/** The order check of a plan made here (apply, reconcile) from `desired`: its source is the head when git holds it. */
export function checkPlannedOrder(
  ctx: CliContext,
  plan: Plan,
  desired: DesiredInput,
  skipReason: string | undefined,
): Promise<OrderSkip | undefined> {
  return checkOrder(ctx, plannedOrderInput(plan, desired), skipReason);
}

function plannedOrderInput(plan: Plan, desired: DesiredInput): OrderInput {
  const head = desired.git ? desired.source : undefined;
  return { plan, config: desired.state.project, head, dir: desired.folders.dir, git: desired.git };
}

async function unappliedDocuments(ctx: CliContext, input: OrderInput, after: string): Promise<Unapplied | undefined> {
  const ref = appliedRefName(after);
  const touched = input.plan.actions.map((a) => a.name);
  const all = [...new Set(touched)].sort();
  if (!input.git || input.head === undefined) return { after, documents: all, ref, notInGit: true };
  const afterCommit = await readAppliedRef(input.git.root, after);
  if (afterCommit === undefined) {
    const noRecords = (await recordedEnvironments(input.git.root)).length === 0;
    return { after, documents: all, ref, ...(noRecords ? { noRecords } : {}) };
  }
  const there = await openGitSource({ repo: input.git.root, ref: afterCommit, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env });
  const [now, then] = await Promise.all([
    loadDesired(input.head, { env: after, dir: input.dir }),
    loadDesired(there, { env: after, dir: input.dir }),
  ]);
  const documents = documentsThatDiffer(now.state.resources, then.state.resources, touchedNames(ctx, touched, [now, then]));
  return documents.length === 0 ? undefined : { after, documents, afterCommit, ref };
}

/**
 * The documents' names (on either side) the plan touches. A plan's action names are shown, so
 * redacted (redactPlan): a name holding a secret reads `B [redacted]`, and is matched by its redacted
 * form (this run's, or any text in place of [redacted] for a plan saved by a run with other
 * secrets), or the order check would pass over it.
 */
function touchedNames(
  ctx: CliContext,
  touched: readonly string[],
  sides: ReadonlyArray<{ state: { resources: ReadonlyArray<{ name: string }> } }>,
): string[] {
  const shown = new Set(touched);
  const names = sides.flatMap((side) => side.state.resources.map((r) => r.name));
  const redacted = touched.filter((name) => name.includes(REDACTED));
  const isTouched = (name: string): boolean =>
    shown.has(ctx.secrets.redact(name)) || redacted.some((form) => mayBeRedactedFrom(form, name));
  return [...new Set([...touched, ...names.filter(isTouched)])];
}

/** The command that brings a remote's applied records into a checkout (docs/gitops.md), given as is so it can be pasted. */

function refusal(env: string, u: Unapplied): string {
  return `${orderState(env, u)}; nothing was written. ${howToGoOn(env, u)}`;
}

/** What the environment before has not applied, or why that cannot be known: one clause, said by apply's refusal and plan's warning. */
function orderState(env: string, u: Unapplied): string {
  const order = `staging first: environment "${env}" comes after "${u.after}" (transync.yaml)`;
  if (u.notInGit)
    return `${order}, and the desired state applied is not a commit of a git repository, so what ${u.after} has applied (${u.ref}) cannot be compared`;
  if (u.noRecords)
    return `${order}, and this checkout has no applied record (no refs/transync/applied/*), so what "${u.after}" has applied is unknown: the records were not fetched (a CI checkout fetches branches only), or no environment was ever applied with --record-ref`;
  if (u.afterCommit === undefined) return `${order}, and "${u.after}" has never been applied (no ${u.ref} in this repository)`;
  const names = u.documents.map((n) => JSON.stringify(n)).join(", ");
  const count = u.documents.length === 1 ? "1 document" : `${u.documents.length} documents`;
  return `${order}, and ${u.after} (at ${u.afterCommit.slice(0, 12)}, ${u.ref}) has not applied ${count} this plan changes: ${names}`;
}

function howToGoOn(env: string, u: Unapplied): string {
  const override = `or override with --skip-order "REASON" (the reason is printed and recorded in apply's output).`;
  if (u.notInGit) return `Apply from a git checkout (or a plan saved from one), ${override}`;
  if (u.noRecords)
    return `Fetch the records before plan and apply: ${FETCH_RECORDS}; apply refuses while ${u.ref} is missing (if ${u.after} has never been applied, apply to it with --record-ref first), ${override}`;
  if (u.afterCommit === undefined)
    return `Apply to ${u.after} with --record-ref first (or fetch the record: ${FETCH_RECORDS}), ${override}`;
  return `Apply this commit to ${u.after} first (transync apply --env ${u.after} --record-ref), then to ${env}; ${override}`;
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
