import type { Transformation } from "../model/transformation.js";
import type { DeleteAction, PlanAction, UpdateAction } from "./types.js";
import type { PlanIssue } from "./plan-error.js";
import { locationText } from "../model/desired-resource.js";

/** A (name, source) pair: what must not repeat after a plan, as a map key. */
export function nameKey(name: string, sourceId: string): string {
  return JSON.stringify([name, sourceId]);
}

/** The name and source an update had before, when it changes either (a rename or a move). */
export function keyChange(action: UpdateAction): { name: string; sourceId: string } | undefined {
  const before = (field: string): unknown => action.changes.find((c) => c.field === field)?.before;
  const name = before("name");
  const sourceId = before("sourceId");
  if (name === undefined && sourceId === undefined) return undefined;
  return { name: typeof name === "string" ? name : action.name, sourceId: typeof sourceId === "string" ? sourceId : action.sourceId };
}

/**
 * Names may repeat in a workspace, so a rename or a move is the other write that can duplicate
 * (apply's create guard only sees creates). An update that takes a (name, source) another live object
 * holds is refused, naming both ids, unless the plan deletes that object: deletes run before updates,
 * and the update waits on the delete (apply/execute.ts). A holder the plan renames away too (a swap
 * or a chain) is refused as well: updates run at once, so the order could leave two of one name.
 */
export function renameCollisions(actions: readonly PlanAction[], live: readonly Transformation[]): PlanIssue[] {
  const deleted = new Set(actions.filter((a): a is DeleteAction => a.kind === "delete").map((a) => a.id));
  const movedAway = new Set(actions.flatMap((a) => (a.kind === "update" && keyChange(a) ? [a.id] : [])));
  // Only a rename or a move can collide: without one, no need to index every live object's name.
  if (movedAway.size === 0) return [];
  const holders = new Map<string, Transformation[]>();
  for (const t of live) holders.set(nameKey(t.name, t.sourceId), [...(holders.get(nameKey(t.name, t.sourceId)) ?? []), t]);
  const issues: PlanIssue[] = [];
  for (const action of actions) {
    if (action.kind !== "update") continue;
    const from = keyChange(action);
    if (!from) continue;
    for (const holder of holders.get(nameKey(action.name, action.sourceId)) ?? []) {
      if (holder.id === action.id || deleted.has(holder.id)) continue;
      issues.push({
        where: locationText(action.location),
        ids: [action.id, holder.id],
        message: collisionMessage(action, from, holder, movedAway.has(holder.id)),
      });
    }
  }
  return issues;
}

function collisionMessage(
  action: UpdateAction,
  from: { name: string; sourceId: string },
  holder: Transformation,
  holderMoves: boolean,
): string {
  const steps = [
    ...(from.name !== action.name ? [`renames ${action.id} from ${JSON.stringify(from.name)} to ${JSON.stringify(action.name)}`] : []),
    ...(from.sourceId !== action.sourceId ? [`moves ${action.id} from source ${from.sourceId} to ${action.sourceId}`] : []),
  ];
  const why = holderMoves
    ? " (this plan renames it too, but apply runs updates at once, so a swap or chain of names could leave two of one name: rename through a free name, over two applies)"
    : "";
  return (
    `this document ${steps.join(" and ")}, but ${holder.id} already holds ${JSON.stringify(action.name)} in source ${action.sourceId}${why}; ` +
    `two transformations would share the name. Rename or delete ${holder.id} first (or let this plan delete it), or choose another name.`
  );
}
