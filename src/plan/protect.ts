import type { Protection } from "../model/desired-resource.js";
import { locationText } from "../model/desired-resource.js";
import type { PlanAction, PlanWarning } from "./types.js";
import type { Transformation } from "../model/transformation.js";
import type { PlanIssue } from "./plan-error.js";
import { keyChange } from "./name-guard.js";

/**
 * Protected objects (docs/gitops.md, "Protected objects"): a plan that would delete one, or move one
 * to another source (an update of its `sourceId`), is refused whatever the prune setting. Pure, so
 * plan, apply, reconcile and `apply PLANFILE` (against transync.yaml where it runs) refuse alike.
 * A protection matches by id or by name: a name may be held by several live objects, and each is kept.
 * An action of another kind (`resource`) answers to the name it carries, as a `--target` pattern
 * sees it (its document's name; a live object's identity name, a Destination Filter's title), so
 * an entry protects every object of that name whatever its kind: a protection errs towards keeping.
 */
export function protectionIssues(actions: readonly PlanAction[], protections: readonly Protection[]): PlanIssue[] {
  if (protections.length === 0) return [];
  const issues: PlanIssue[] = [];
  for (const action of actions) {
    const what = touchOf(action);
    if (what === undefined) continue;
    const held = protections.find((p) => p.id === action.id || what.names.some((name) => p.name === name));
    if (held === undefined) continue;
    issues.push({ where: whereOf(held), message: refusal(action, what.doing, held), ids: [action.id!] });
  }
  return issues;
}

/** The refusal's first line. */
export function protectedHead(count: number): string {
  return `cannot plan: ${count === 1 ? "1 protected object" : `${count} protected objects`} would be deleted or moved`;
}

/** What a delete or a move does to the object, and the names it is known by (before and after a rename). */
function touchOf(action: PlanAction): { doing: string; names: string[] } | undefined {
  if (action.kind === "delete") return { doing: `delete it (prune: ${action.pruneReason})`, names: [action.name] };
  if (action.kind !== "update") return undefined;
  const before = keyChange(action);
  if (before === undefined || before.sourceId === action.sourceId) return undefined;
  return { doing: `move it from source ${before.sourceId} to ${action.sourceId}`, names: [before.name, action.name] };
}

function whereOf(p: Protection): string {
  return p.atBase === undefined ? locationText(p.where) : `${locationText(p.where)} (at the base ${p.atBase})`;
}

function refusal(action: PlanAction, doing: string, held: Protection): string {
  const by = held.id !== undefined && held.id === action.id ? `id ${held.id}` : `name ${JSON.stringify(held.name)}`;
  const how =
    held.atBase === undefined
      ? "remove the protection in a change of its own first if this is intended"
      : "the base protects it, so a pull request cannot unprotect and remove it in one step: merge the removal of the protection first";
  return `${objectText(action)} is protected (by ${by}) and this plan would ${doing}: refused; ${how}.`;
}

/** As the plan's text names the object: another kind's with its kind and its place (`DestinationFilter "Old" (web → Amplitude prod) (df_1)`). */
function objectText(action: PlanAction): string {
  const kind = action.resource === undefined ? "" : `${action.resource} `;
  const place = action.place === undefined ? "" : ` (${action.place})`;
  return `${kind}"${action.name}"${place} (${action.id})`;
}

/**
 * An entry of transync.yaml's `protect:` (it names an id or a name, so both are set) that no live
 * object answers to protects nothing: a typo would go unseen until the delete it should have stopped.
 * `live` holds every kind's objects read (their ids and names). A document's own protection is not checked (its object may not exist yet), nor the base's.
 */
export function unmatchedProtections(
  protections: readonly Protection[],
  live: readonly Pick<Transformation, "id" | "name">[],
): PlanWarning[] {
  const listed = protections.filter((p) => p.id !== undefined && p.name !== undefined && p.atBase === undefined);
  if (listed.length === 0) return [];
  const known = new Set(live.flatMap((t) => [t.id, t.name]));
  return listed
    .filter((p) => !known.has(p.id!))
    .map((p) => ({
      where: locationText(p.where),
      message: `protect: ${JSON.stringify(p.id)} is neither the id nor the name of any live object read: it protects nothing (a typo?).`,
    }));
}
