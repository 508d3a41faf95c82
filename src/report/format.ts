import type { FieldChange, Plan, PlanAction } from "../plan/types.js";

/** A value as reports show it: compact JSON; `(none)` for an unset field. */
export function formatValue(value: unknown): string {
  return value === undefined ? "(none)" : JSON.stringify(value);
}

export function summaryLine(plan: Plan): string {
  const { create, update, delete: deletes } = plan.summary;
  if (plan.actions.length === 0) return "No changes. Live state matches the desired state.";
  return `Plan: ${create} to create, ${update} to update, ${deletes} to delete.`;
}

/** `(env prod, commit 1a2b3c4d, dirty)`: what the desired state was read from. */
export function originText(plan: Plan): string {
  const { origin } = plan;
  const parts = [`dir ${origin.dir}`];
  if (origin.env !== undefined) parts.push(`env ${origin.env}`);
  if (origin.commit !== undefined) parts.push(`commit ${origin.commit.slice(0, 12)}${origin.dirty ? " + uncommitted changes" : ""}`);
  if (origin.base !== undefined) parts.push(`base ${origin.base.slice(0, 12)}`);
  return parts.join(", ");
}

/** The changes a report lists: creates and deletes leave out empty arrays (noise to a reviewer). */
export function shownChanges(action: PlanAction): FieldChange[] {
  if (action.kind === "update") return action.changes;
  const isEmptyArray = (value: unknown): boolean => Array.isArray(value) && value.length === 0;
  return action.changes.filter((change) => !isEmptyArray(action.kind === "create" ? change.after : change.before));
}

export const SIGN: Record<PlanAction["kind"], string> = { create: "+", update: "~", delete: "-" };

/** Write-only fields an update sends without a field change to show (re-sent, not compared). */
export function resentWriteOnly(action: PlanAction): string[] {
  const changed = new Set(action.changes.map((change: FieldChange) => change.field));
  return ["drop", "hashPropertiesConfiguration"].filter((field) => action.body !== undefined && field in action.body && !changed.has(field));
}

/** What a report says about an action besides its field changes. */
export function actionNotes(action: PlanAction): string[] {
  const notes: string[] = [];
  if (action.kind === "update" && action.reasons?.includes("resend-write-only")) notes.push("forced by --resend-write-only");
  if (action.kind === "update" && action.reasons?.includes("write-only-changed")) notes.push("write-only fields changed in this revision");
  const unverifiable = action.writeOnlyUnverifiable ?? [];
  const cleared = action.kind === "update" ? resentWriteOnly(action).filter((field) => !unverifiable.includes(field)) : [];
  if (unverifiable.length > 0) notes.push(`write-only, not verifiable${action.kind === "update" ? " (re-sent)" : ""}: ${unverifiable.join(", ")}`);
  if (cleared.length > 0) notes.push(`re-sends write-only (cleared, the document leaves them unset): ${cleared.join(", ")}`);
  if (action.kind === "delete") notes.push(action.pruneReason === "removed" ? "its document was removed" : "not in the desired state (prune)");
  return notes;
}

export function actionLabel(action: PlanAction): string {
  const id = action.id !== undefined ? ` (${action.id})` : "";
  const reasons = action.kind === "update" && action.reasons?.length ? ` [${action.reasons.join(", ")}]` : "";
  return `${action.kind} "${action.name}"${id}${reasons}`;
}
