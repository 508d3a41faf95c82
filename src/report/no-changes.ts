import type { Plan } from "../plan/types.js";
import { kindPrefix, readingNotes, unmanagedText } from "./format.js";
import type { IdAliases } from "./id-aliases.js";
import { environmentSentence } from "./pull-request-header.js";

/**
 * A plan with no changes is reported in three lines (heading, "No changes", and this one), so a
 * reviewer reads what matters: the warnings, unmanaged objects and unverifiable write-only fields
 * are counted here, and said in full on stderr (see leftOutDetails) and in the JSON plan.
 * Undefined when nothing was left out but the notes on how live state was read.
 */
export function leftOutLine(plan: Plan): string | undefined {
  const count = (n: number, one: string, many: string): string[] => (n === 0 ? [] : [`${n} ${n === 1 ? one : many}`]);
  const unverifiable = plan.unchanged.filter((u) => (u.writeOnlyUnverifiable ?? []).length > 0).length;
  const parts = [
    ...count(plan.warnings.length, "warning", "warnings"),
    ...count(plan.unmanaged.length, "unmanaged object", "unmanaged objects"),
    ...count(unverifiable, "object whose write-only fields cannot be verified", "objects whose write-only fields cannot be verified"),
  ];
  return parts.length === 0 ? undefined : `Also: ${parts.join(", ")} (details on stderr at --log-level info, and in --format json).`;
}

/** What the short report of a plan with no changes leaves out, one line each: warnings, and the rest. */
export function leftOutDetails(plan: Plan, aliases?: IdAliases): { warnings: string[]; details: string[] } {
  const warnings = plan.warnings.map((w) => `${w.where ? `${w.where}: ` : ""}${w.message}`);
  const details = [
    ...plan.unchanged
      .filter((u) => (u.writeOnlyUnverifiable ?? []).length > 0)
      .map((u) => `write-only, not verifiable: "${u.name}" (${u.id}): ${u.writeOnlyUnverifiable!.join(", ")}`),
    ...plan.unmanaged.map((u) => `unmanaged: ${unmanagedText(u, aliases?.sources)}`),
    ...readingNotes(plan),
  ];
  const pr = plan.pullRequest;
  const environment = environmentSentence(plan, { code: (text) => `\`${text}\``, id: (text) => text });
  if (environment !== undefined) details.push(environment);
  if (pr) {
    details.push(
      pr.transformations.length === 0
        ? "The pull request changes no transformation documents."
        : `The pull request changes ${pr.transformations.map((t) => `${kindPrefix(t)}"${t.name}" (${t.status})`).join(", ")}; live state already matches.`,
    );
  }
  return { warnings, details };
}
