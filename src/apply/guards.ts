import type { Plan } from "../plan/types.js";
import { ConflictError, UsageError } from "../errors.js";
import { DEFAULT_KIND, kindNamed } from "../kinds/index.js";

export const DEFAULT_MAX_DELETES = 10;

export interface GuardOptions {
  /** `--max-deletes`: a plan deleting more is refused. */
  maxDeletes?: number;
  /** Documents in the desired folder (0 when the folder is empty or missing). */
  desiredCount: number;
  /** Live objects in scope, for the message; optional. */
  managedLiveCount?: number;
}

/**
 * Guard rails checked before the first write. Deleting is the one action git cannot undo (the
 * objects' ids, and with them audit history, are lost), so large deletes need an explicit flag and
 * an empty desired folder never deletes: a broken checkout must never wipe a workspace.
 */
/**
 * Apply's refusal to delete from an empty desired folder, in the words `plan` shows as a warning
 * ahead of it; undefined when the plan deletes nothing or the folder has documents.
 */
export function emptyFolderRefusal(plan: Plan, desiredCount: number): string | undefined {
  // Transformations' deletes only: another kind is read (and so pruned) only when it has documents.
  const deletes = plan.actions.filter((a) => a.kind === "delete" && a.resource === undefined).length;
  if (deletes === 0 || desiredCount > 0) return undefined;
  return (
    `the desired folder has no transformations (empty or missing), so apply will refuse this plan's ${deletes} delete${deletes === 1 ? "" : "s"}: ` +
    "a broken checkout must never wipe a workspace. Check --dir (or transync.yaml's `dir`) and the checkout."
  );
}

/**
 * `--max-deletes` counts every kind's deletes: the count as before when all are Transformations
 * (`3 transformations`), else the total with each kind's (`3 objects (1 transformation, 2 destination filters)`).
 */
function deletesText(plan: Plan): string {
  const byKind = new Map<string, number>();
  for (const action of plan.actions)
    if (action.kind === "delete")
      byKind.set(action.resource ?? DEFAULT_KIND.name, (byKind.get(action.resource ?? DEFAULT_KIND.name) ?? 0) + 1);
  const total = [...byKind.values()].reduce((a, b) => a + b, 0);
  if (byKind.size === 1 && byKind.has(DEFAULT_KIND.name)) return `${total} transformations`;
  const parts = [...byKind.entries()].map(([name, n]) => {
    const labels = kindNamed(name)?.labels ?? { singular: name, plural: name };
    return `${n} ${n === 1 ? labels.singular : labels.plural}`;
  });
  return `${total} objects (${parts.join(", ")})`;
}

export function checkGuards(plan: Plan, opts: GuardOptions): void {
  const deletes = plan.actions.filter((a) => a.kind === "delete").length;
  if (deletes === 0) return;
  const refusal = emptyFolderRefusal(plan, opts.desiredCount);
  if (refusal !== undefined) {
    const scope = opts.managedLiveCount !== undefined ? ` ${opts.managedLiveCount} live transformations are in scope.` : "";
    throw new ConflictError(
      `refusing to apply: ${refusal}${scope} ` +
        "To retire transformations, remove them from git while at least one document remains, or apply without --prune.",
    );
  }
  const maxDeletes = opts.maxDeletes ?? DEFAULT_MAX_DELETES;
  if (deletes > maxDeletes) {
    throw new UsageError(
      `refusing to apply: the plan deletes ${deletesText(plan)}, more than --max-deletes allows (${maxDeletes}). ` +
        `Review the deletes in the plan, then pass --max-deletes ${deletes} to proceed.`,
    );
  }
}
