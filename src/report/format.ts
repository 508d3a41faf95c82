import type { Plan, PlanAction, UnmanagedObject } from "../plan/types.js";
import { hasUnmanagedDrift } from "../plan/compute-plan.js";
import { WRITE_ONLY_FIELDS } from "../model/transformation.js";
import type { FieldChange } from "../plan/types.js";
import { fieldView, type FieldView } from "./field-diff.js";
import { withAlias, type IdAliases } from "./id-aliases.js";
import { locationText } from "../model/desired-resource.js";

export { formatValue } from "./field-diff.js";

/** Nothing to change and nothing drifted: the short report (src/report/no-changes.ts). */
export function isQuiet(plan: Plan): boolean {
  return plan.actions.length === 0 && !hasUnmanagedDrift(plan);
}

/** The heading of the unmanaged objects: drift when the repository declares the scope they are in. */
export function unmanagedTitle(plan: Plan): string {
  const hint = plan.options.prune === false ? "--prune deletes them" : "not deleted by this prune";
  return hasUnmanagedDrift(plan)
    ? `Drift: in the declared scope, matched by no document (${hint})`
    : `Unmanaged (in scope, matched by no document; ${hint})`;
}

export function summaryLine(plan: Plan): string {
  const { create, update, delete: deletes } = plan.summary;
  if (plan.actions.length === 0 && hasUnmanagedDrift(plan)) {
    const n = plan.unmanaged.length;
    return `Drift: ${n} ${n === 1 ? "object" : "objects"} in the declared scope ${n === 1 ? "matches" : "match"} no document (made outside transync?); nothing else to change.`;
  }
  if (plan.actions.length === 0 && (plan.selection?.leftOut ?? 0) > 0) return "No changes among the objects --target/--exclude select.";
  if (plan.actions.length === 0) return "No changes. Live state matches the desired state.";
  return `Plan: ${create} to create, ${update} to update, ${deletes} to delete.`;
}

/**
 * A narrowed plan (docs/gitops.md "Narrow runs"): the patterns and how many changes they leave out;
 * undefined for a plan that was not narrowed. Patterns are the operator's, shown in `style` all the same.
 */
export function selectionLine(plan: Plan, style: NoteStyle = TEXT_NOTE_STYLE): string | undefined {
  const selection = plan.selection;
  if (selection === undefined) return undefined;
  const by = [...selection.target.map((p) => `--target ${style.name(p)}`), ...selection.exclude.map((p) => `--exclude ${style.name(p)}`)];
  const n = selection.leftOut;
  return `${n === 0 ? "No" : n} other ${n === 1 ? "change" : "changes"} left out by --target/--exclude (${by.join(", ")}).`;
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

/** Every shown change of an action, as the renderers lay it out; ids with an alias show it. */
export function fieldViews(plan: Plan, action: PlanAction, aliases?: IdAliases): FieldView[] {
  return shownChanges(action).map((change) => aliased(fieldView(action, change, plan.writeOnlyBasis?.commit), change, aliases));
}

/** The fields whose value is an id that transync.yaml may alias. */
const ALIASED_FIELDS: Readonly<Record<string, keyof IdAliases>> = { sourceId: "sources", destinationMetadataId: "destinations" };

/** `web (src_web)` instead of `"src_web"` where the id has an alias. */
function aliased(view: FieldView, change: FieldChange, aliases: IdAliases | undefined): FieldView {
  const kind = Object.hasOwn(ALIASED_FIELDS, change.field) ? ALIASED_FIELDS[change.field] : undefined;
  const map = kind === undefined ? undefined : aliases?.[kind];
  if (map === undefined || view.kind !== "inline") return view;
  const show = (value: unknown, shown: string | undefined): string | undefined =>
    typeof value === "string" && Object.hasOwn(map, value) ? withAlias(value, map) : shown;
  return {
    ...view,
    ...(view.before !== undefined ? { before: show(change.before, view.before) } : {}),
    ...(view.after !== undefined ? { after: show(change.after, view.after) } : {}),
  };
}

export const SIGN: Record<PlanAction["kind"], string> = { create: "+", update: "~", delete: "-" };

/** What a report says about an action besides its field changes. */
export function actionNotes(action: PlanAction): string[] {
  const notes: string[] = [];
  if (action.kind === "update") {
    if (action.reasons.includes("resend-write-only")) notes.push("forced by --resend-write-only");
    if (action.reasons.includes("write-only-changed")) notes.push("write-only fields changed since the recorded commit");
    const unverifiable = action.writeOnlyUnverifiable ?? [];
    const cleared = (action.writeOnlyResent ?? []).filter((field) => !unverifiable.includes(field));
    if (unverifiable.length > 0) notes.push(`write-only, not verifiable (re-sent): ${unverifiable.join(", ")}`);
    if (cleared.length > 0) notes.push(`re-sends write-only (cleared, the document leaves them unset): ${cleared.join(", ")}`);
    if ((action.notRead ?? []).length > 0) notes.push(`not read, so neither compared nor sent: ${action.notRead!.join(", ")}`);
  }
  if (action.kind === "delete")
    notes.push(action.pruneReason === "removed" ? "its document was removed" : "not in the desired state (prune)");
  return notes;
}

export function actionLabel(action: PlanAction): string {
  const id = action.id !== undefined ? ` (${action.id})` : "";
  const reasons = action.kind === "update" && action.reasons.length ? ` [${action.reasons.join(", ")}]` : "";
  return `${action.kind} ${kindPrefix(action)}"${action.name}"${placeText(action)}${id}${reasons}`;
}

/** ` (web → Amplitude prod)` after the name of an object of a kind on destination instances (`place`); nothing otherwise. */
export function placeText(action: Pick<PlanAction, "place">): string {
  return action.place === undefined ? "" : ` (${action.place})`;
}

/**
 * An unmanaged object as the reports list it: `"Spare" (tfm_1, source web)`, or for another kind
 * `Widget "Spare" (wdg_1)` (its scope field's value after the id when it has one).
 */
export function unmanagedText(u: UnmanagedObject, sources: IdAliases["sources"] | undefined): string {
  if (u.resource === undefined) return `"${u.name}" (${u.id}, source ${withAlias(u.sourceId, sources)})`;
  if (u.place !== undefined) return `${u.resource} "${u.name}"${placeText(u)} (${u.id})`;
  return `${u.resource} "${u.name}" (${u.id}${u.sourceId === "" ? "" : `, ${u.sourceId}`})`;
}

/** `Widget ` before the name of an object of another kind than Transformation (`resource`); nothing for a Transformation. */
export function kindPrefix(action: Pick<PlanAction, "resource">): string {
  return action.resource === undefined ? "" : `${action.resource} `;
}

const WRITE_ONLY = `Write-only fields (${WRITE_ONLY_FIELDS.join(", ")})`;

/** How a report writes, inside its own sentences, a command-line word and a quoted name (data). */
export interface NoteStyle {
  code(text: string): string;
  name(text: string): string;
}

/** Text output: names quoted, escaped by the text renderer (src/escape/text-escape.ts). */
export const TEXT_NOTE_STYLE: NoteStyle = { code: (text) => `\`${text}\``, name: (text) => `"${text}"` };

/**
 * Per rename hint (src/plan/rename-hints.ts): a sentence naming the delete and the create that look
 * like one renamed document, ending where the line that renames it in place (`idLine`) follows.
 */
export function renameHintNotes(plan: Plan, style: NoteStyle = TEXT_NOTE_STYLE): Array<{ sentence: string; idLine: string }> {
  return (plan.renameHints ?? []).map((hint) => {
    const created = plan.actions.find((a) => a.kind === "create" && a.name === hint.create);
    const at = created?.location ? ` at ${style.code(locationText(created.location))}` : "";
    return {
      sentence: `${style.name(hint.delete)} (deleted) and ${style.name(hint.create)} (created) differ only by their name. To rename the object in place instead, keeping its id, its pins in other environments and its history, add this line to the document of ${style.name(hint.create)}${at}:`,
      idLine: hint.idLine,
    };
  });
}

/**
 * What the plan could and could not see, one sentence each: how live state was read, what the
 * write-only fields were compared with, and which fields of unchanged objects were not read.
 */
export function readingNotes(plan: Plan, style: NoteStyle = TEXT_NOTE_STYLE): string[] {
  const gets = plan.detailedIds.length;
  const notes = [
    `Live state read with --refresh ${plan.options.refresh}: ${plan.apiCalls} API call${plan.apiCalls === 1 ? "" : "s"}, ${gets} object${gets === 1 ? "" : "s"} read in full with get.`,
  ];
  const managed = plan.summary.update + plan.summary.unchanged;
  const basis = plan.writeOnlyBasis;
  if (basis) {
    notes.push(
      `${WRITE_ONLY} compared with the ${basis.source === "applied" ? `applied commit ${basis.commit.slice(0, 12)} (refs/transync/applied/${plan.origin.env ?? "default"})` : `base commit ${basis.commit.slice(0, 12)} (no applied commit is recorded)`}: the API does not return them.`,
    );
  } else if (managed > 0) {
    notes.push(
      `${WRITE_ONLY} cannot be verified: the API does not return them and no applied commit is recorded for environment "${plan.origin.env ?? "default"}", so removing one from a document is not seen. Fix: apply with ${style.code("transync apply --record-ref")} (in CI, fetch ${style.code("+refs/transync/*:refs/transync/*")}); ${style.code("--resend-write-only")} re-sends them now.`,
    );
  }
  const ignored = ignoredNote(plan, style);
  if (ignored !== undefined) notes.push(ignored);
  const notRead = plan.unchanged.filter((u) => (u.notRead ?? []).length > 0);
  if (notRead.length > 0) {
    const names =
      notRead
        .slice(0, 10)
        .map((u) => style.name(u.name))
        .join(", ") + (notRead.length > 10 ? ` and ${notRead.length - 10} more` : "");
    notes.push(
      `${notRead.length} unchanged object${notRead.length === 1 ? " was" : "s were"} read from the list only, which omits fqlDefinedProperties, so those were not compared: ${names}. ${style.code("--refresh full")} reads every object with get.`,
    );
  }
  return notes;
}

/** The documents' `ignore:` fields, said once per plan: a difference in them is neither shown nor sent. Undefined when none. */
export function ignoredNote(plan: Plan, style: NoteStyle = TEXT_NOTE_STYLE): string | undefined {
  const ignored = plan.ignored ?? [];
  if (ignored.length === 0) return undefined;
  const each = ignored.map((i) => `${style.name(i.name)}: ${i.fields.map(style.code).join(", ")}`).join("; ");
  return `Never compared with live state (the documents' ${style.code("ignore:")}): ${each}.`;
}
