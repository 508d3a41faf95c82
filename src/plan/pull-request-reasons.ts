import type { DesiredResource } from "../model/desired-resource.js";
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
