import type { DesiredResource } from "../model/desired-resource.js";
import type { Transformation } from "../model/transformation.js";
import type { Plan } from "../plan/types.js";
import { UsageError } from "../errors.js";
import { NearNames } from "../desired/name-match.js";
import { escapeControls } from "../escape/text-escape.js";
import { namesName } from "../plan/select.js";

/** The flags that narrow a run (plan, apply; docs/gitops.md "Narrow runs"); each repeatable. */
export interface NarrowFlags {
  /** `--target NAME|GLOB`: only the changes of the objects named (a name, a glob of names, or an id). */
  target?: string[];
  /** `--exclude NAME|GLOB`: not the changes of these; wins over --target. */
  exclude?: string[];
}

/** Whether --target or --exclude is given. */
export function narrowsRun(flags: NarrowFlags): boolean {
  return (flags.target ?? []).length > 0 || (flags.exclude ?? []).length > 0;
}

/** What a pattern may name: names (matched as names or globs) and ids (matched exactly). */
interface Nameable {
  names: readonly string[];
  ids: readonly string[];
  /** What the message says the pattern named none of. */
  what: string;
}

/**
 * A pattern that names no document and no live object is a typo: the run stops (exit 1) before
 * anything is planned or written, naming each such pattern and the nearest names. A pattern naming
 * only objects that need no change is fine (the plan says there is nothing to do for it).
 */
export function refuseUnknownPatterns(
  flags: NarrowFlags & { resendWriteOnly?: boolean | readonly string[] },
  documents: readonly DesiredResource[],
  live: ReadonlyArray<Pick<Transformation, "name" | "id">>,
): void {
  const everything: Nameable = {
    names: [...documents.map((d) => d.name), ...live.map((t) => t.name)],
    ids: [...documents.flatMap((d) => (d.id !== undefined ? [d.id] : [])), ...live.map((t) => t.id)],
    what: "no document and no live object",
  };
  const documentsOnly: Nameable = {
    names: documents.map((d) => d.name),
    ids: documents.flatMap((d) => (d.id !== undefined ? [d.id] : [])),
    what: "no document",
  };
  const resend = Array.isArray(flags.resendWriteOnly) ? (flags.resendWriteOnly as readonly string[]) : [];
  const problems = [
    ...unknown("--target", flags.target ?? [], everything),
    ...unknown("--exclude", flags.exclude ?? [], everything),
    ...unknown("--resend-write-only", resend, documentsOnly),
  ];
  if (problems.length === 0) return;
  throw new UsageError(
    problems.length === 1
      ? `${problems[0]}; nothing was planned.`
      : `${problems.length} patterns name nothing; nothing was planned:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
}

function unknown(flag: string, patterns: readonly string[], among: Nameable): string[] {
  const unmatched = patterns.filter((p) => !among.ids.includes(p) && !among.names.some((name) => namesName(p, name)));
  if (unmatched.length === 0) return [];
  const near = new NearNames([...among.names, ...among.ids]);
  return unmatched.map((pattern) => {
    const close = near.near(pattern);
    const hint = close.length > 0 ? ` (did you mean ${close.map((c) => `"${escapeControls(c)}"`).join(", ")}?)` : "";
    return `${flag} "${escapeControls(pattern)}" names ${among.what}${hint}`;
  });
}

/**
 * An empty desired folder never deletes (apply/guards.ts), and `apply PLANFILE` tells an empty folder
 * by the plan's counts, which a narrowed plan no longer holds in full: so a narrowed run of an empty
 * folder is refused here, and a narrowed saved plan is known to come from a folder with documents.
 */
export function refuseNarrowedEmptyFolder(flags: NarrowFlags, documents: number): void {
  if (documents > 0 || !narrowsRun(flags)) return;
  throw new UsageError(
    "the desired folder has no transformations (empty or missing), so there is nothing to narrow with --target/--exclude; nothing was planned. Check --dir (or transync.yaml's `dir`) and the checkout.",
  );
}

/**
 * The documents a saved plan was made from, for the empty-folder guard: those it creates, updates or
 * leaves unchanged. A narrowed plan no longer holds them all, but plan refuses to narrow an empty
 * folder (src/pipeline/selection.ts), so a narrowed plan had documents.
 */
export function savedDesiredCount(plan: Plan): number {
  const counted = plan.summary.create + plan.summary.update + plan.summary.unchanged;
  return plan.selection !== undefined ? Math.max(1, counted) : counted;
}

/**
 * `--record-ref` says the workspace matches the commit: its write-only fields are compared with that
 * commit's documents from then on. A narrowed plan that leaves changes out would record changes that
 * were never sent, and the next plan would not see them; refused before any write.
 */
export function refuseNarrowedRecord(plan: Plan): Plan {
  const leftOut = plan.selection?.leftOut ?? 0;
  if (leftOut === 0) return plan;
  throw new UsageError(
    `--record-ref records that the workspace matches the commit, but --target/--exclude leave ${leftOut} other change${leftOut === 1 ? "" : "s"} out; nothing was changed. ` +
      "Apply the narrowed plan without --record-ref (the recorded commit stays the last full apply), or apply every change with --record-ref.",
  );
}
