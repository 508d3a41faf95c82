import type { DesiredResource } from "../model/desired-resource.js";
import type { ResourceKind } from "../kinds/kind.js";
import { kindValue, type KindPlanAction } from "./kind-plan.js";
import type { UpdateAction, UpdateReason } from "./types.js";
import { sameJson } from "./canonical.js";
import { normaliseDesired, type FieldName } from "./normalise.js";
import type { BasisDocument } from "./write-only.js";

/** The order reasons are listed in, whatever order they were found in. */
const ORDER: readonly UpdateReason[] = ["rename", "pull-request", "drift", "write-only-changed", "resend-write-only"];

/**
 * An update of a pull-request plan, its reasons told apart field by field: a field whose value the
 * pull request changes (the base document's differs from the head's) is the pull request's change;
 * a field whose live value differs from the base document's is drift (live moved). Both can hold,
 * even for one field. A document the base lacks is the pull request's entirely (there is no base
 * value live could have moved from). Write-only fields are never read back, so they are never
 * drift: their `before` is the recorded commit's value, not a live one.
 */
export function pullRequestReasons(action: UpdateAction, doc: DesiredResource, base: BasisDocument | undefined): UpdateAction {
  const head = normaliseDesired(doc.spec);
  const before = base ? normaliseDesired(base.spec) : undefined;
  let byPullRequest = false;
  let drift = false;
  for (const change of action.changes) {
    const field = change.field as FieldName;
    if (before === undefined || !sameJson(before[field], head[field])) byPullRequest = true;
    if (before !== undefined && change.from === undefined && !sameJson(before[field], change.before)) drift = true;
  }
  const kept = action.reasons.filter((reason) => reason !== "drift" && reason !== "pull-request");
  const reasons = new Set<UpdateReason>([
    ...kept,
    ...(byPullRequest ? (["pull-request"] as const) : []),
    ...(drift ? (["drift"] as const) : []),
  ]);
  return { ...action, reasons: ORDER.filter((reason) => reasons.has(reason)) };
}

/**
 * An update of another kind's object in a pull-request plan, its reasons told apart as a
 * Transformation's are: a field whose value the base document and the head's differ in is the pull
 * request's change; a field whose live value differs from the base document's is drift. A document
 * the base lacks is the pull request's entirely. Values are compared as the kind's plan compares them
 * (a set sorted, a clearing value absent: kindValue).
 */
export function kindPullRequestReasons(
  kind: ResourceKind,
  action: KindPlanAction,
  doc: DesiredResource,
  base: BasisDocument | undefined,
): KindPlanAction {
  if (action.kind !== "update") return action;
  const head = doc.spec as unknown as Readonly<Record<string, unknown>>;
  const before = base?.spec as unknown as Readonly<Record<string, unknown>> | undefined;
  let byPullRequest = false;
  let drift = false;
  for (const change of action.changes) {
    const facts = kind.fields[change.field];
    if (facts === undefined) continue;
    const atBase = before === undefined ? undefined : kindValue(facts, before[change.field]);
    if (before === undefined || !sameJson(atBase, kindValue(facts, head[change.field]))) byPullRequest = true;
    if (before !== undefined && !sameJson(atBase, change.before)) drift = true;
  }
  const reasons = new Set<UpdateReason>([...(byPullRequest ? (["pull-request"] as const) : []), ...(drift ? (["drift"] as const) : [])]);
  return { ...action, reasons: ORDER.filter((reason) => reasons.has(reason)) };
}
