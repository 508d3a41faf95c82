import type { PlanAction, PlanSelection, PlanWarning } from "./types.js";
import { compareStrings } from "./canonical.js";

/**
 * Narrow runs (`--target`, `--exclude`, `--resend-write-only NAME`; docs/gitops.md "Narrow runs"):
 * which actions and documents a name or a glob picks. Pure string work.
 */

/** What the operator asked for: each list as given, in order (the plan records them sorted). */
export interface SelectionFlags {
  target: readonly string[];
  exclude: readonly string[];
}

/**
 * `*` any run of characters (none too), `?` exactly one (a code point); every other character is
 * itself, so a name holding `[` or `\` is matched as written. The whole name must match. The classic
 * two-pointer walk: on a mismatch it backs up to the last `*` and lets it take one more character,
 * so the work is at most |pattern| × |name| steps (both at most a few hundred characters).
 */
export function globMatches(pattern: string, name: string): boolean {
  const p = Array.from(pattern);
  const s = Array.from(name);
  let i = 0;
  let j = 0;
  let star = -1;
  let resume = 0;
  while (j < s.length) {
    if (i < p.length && (p[i] === "?" || (p[i] !== "*" && p[i] === s[j]))) {
      i++;
      j++;
    } else if (i < p.length && p[i] === "*") {
      star = i++;
      resume = j;
    } else if (star >= 0) {
      i = star + 1;
      j = ++resume;
    } else return false;
  }
  while (i < p.length && p[i] === "*") i++;
  return i === p.length;
}

/** A pattern names a name when it is the name itself (a name may hold `*` or `?`) or a glob matching it. */
export function namesName(pattern: string, name: string): boolean {
  return pattern === name || globMatches(pattern, name);
}

/**
 * The names an action answers to: the document's name (create, update), the live object's (delete),
 * and for a rename the name it had; and its id, exactly.
 */
export function actionMatches(pattern: string, action: PlanAction): boolean {
  if (action.id !== undefined && pattern === action.id) return true;
  if (namesName(pattern, action.name)) return true;
  const before = action.kind === "update" ? action.changes.find((c) => c.field === "name")?.before : undefined;
  return typeof before === "string" && namesName(pattern, before);
}

/** Exclude wins over target; no target selects everything not excluded. */
export function selects(selection: SelectionFlags, action: PlanAction): boolean {
  if (selection.exclude.some((pattern) => actionMatches(pattern, action))) return false;
  return selection.target.length === 0 || selection.target.some((pattern) => actionMatches(pattern, action));
}

/** Whether any pattern is given: without one, the plan is the whole plan, written as before. */
export function narrows(selection: SelectionFlags | undefined): selection is SelectionFlags {
  return selection !== undefined && (selection.target.length > 0 || selection.exclude.length > 0);
}

/** The actions the selection keeps, in order, and what the plan records of it. */
export function selectActions<A extends PlanAction>(
  actions: readonly A[],
  selection: SelectionFlags,
): { selected: A[]; record: PlanSelection; warnings: PlanWarning[] } {
  const selected = actions.filter((action) => selects(selection, action));
  const sorted = (list: readonly string[]): string[] => [...new Set(list)].sort(compareStrings);
  return {
    selected,
    record: { target: sorted(selection.target), exclude: sorted(selection.exclude), leftOut: actions.length - selected.length },
    warnings: idleTargets(actions, selected, selection),
  };
}

/**
 * A target that names objects needing no change is fine (it selects no action): said, so a typo
 * that happens to name something else is seen. A pattern naming nothing at all is an error, found
 * where the documents and live names are known (src/pipeline/selection.ts).
 */
function idleTargets(all: readonly PlanAction[], selected: readonly PlanAction[], selection: SelectionFlags): PlanWarning[] {
  return selection.target.flatMap((pattern) => {
    if (selected.some((action) => actionMatches(pattern, action))) return [];
    const excluded = all.some((action) => actionMatches(pattern, action));
    return [
      {
        message: excluded
          ? `--target "${pattern}": every change it names is left out by --exclude; nothing to do for "${pattern}".`
          : `--target "${pattern}" names no object that needs a change: nothing to do for "${pattern}".`,
      },
    ];
  });
}

/**
 * `--resend-write-only`: `true` (bare: every document) or the names given. A document is named by
 * its name (or a glob of it) or its pinned id; `*` names every document.
 */
export function resendsDocument(resend: boolean | readonly string[], doc: { name: string; id?: string }): boolean {
  if (typeof resend === "boolean") return resend;
  return resend.some((pattern) => (doc.id !== undefined && pattern === doc.id) || namesName(pattern, doc.name));
}

/**
 * `--resend-write-only NAME` naming only documents that set no write-only field (or whose object is
 * created, which sends every field anyway) re-sends nothing: said, as for an idle --target.
 */
export function idleResends(resend: boolean | readonly string[], actions: readonly PlanAction[]): PlanWarning[] {
  if (typeof resend === "boolean") return [];
  const resent = actions.filter((a) => a.kind === "create" || (a.kind === "update" && a.reasons.includes("resend-write-only")));
  return resend
    .filter((pattern) => !resent.some((action) => actionMatches(pattern, action)))
    .map((pattern) => ({
      message: `--resend-write-only "${pattern}" names no document with a write-only field to re-send: nothing to do for "${pattern}".`,
    }));
}
