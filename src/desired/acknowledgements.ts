/**
 * Acknowledged drift (`drift.acknowledge:` in transync.yaml, docs/gitops.md "Acknowledgements"):
 * a known difference between live state and git (a hotfix made in the app) that `transync drift`
 * does not count until the end of its `until` day, UTC. Read and checked here, each finding at its
 * field; whether one holds on a given day is `acknowledgementHolds`, a pure function of that day.
 */
import type { FieldPath } from "./positions.js";
import type { SourceLocation } from "../model/desired-resource.js";
import { FIELD_NAMES } from "../model/fields.js";
import { DEFAULT_KIND, knownKinds, kindNamed } from "../kinds/index.js";

/** Where findings go: rules.ts's RuleReporter (not imported: types.ts imports this file, and rules.ts types.ts). */
export interface AcknowledgementReporter {
  report(severity: "error", rule: string, path: FieldPath, message: string): void;
}

export interface Acknowledgement {
  env: string;
  /**
   * The kind of the object it names, when the entry says one (`kind: DestinationFilter`). Without
   * it the entry names a Transformation, as every entry did before other kinds were managed: an
   * acknowledgement of a Transformation "X" does not silence another kind's drifted "X".
   */
  kind?: string;
  name: string;
  fields: string[];
  /** The last day it holds, `YYYY-MM-DD` (UTC). */
  until: string;
  reason: string;
  owner: string;
  /** Where the entry is written (its `- env:` line), for warnings. */
  where: SourceLocation;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The entries of a `drift.acknowledge:` list (but those the schema refused: `schemaFailed`, by index);
 * an unknown environment, an unknown field and a day that is not on the calendar are reported at their field.
 */
export function readAcknowledgements(
  raw: unknown,
  environments: readonly string[],
  reporter: AcknowledgementReporter,
  at: (path: FieldPath) => SourceLocation,
  schemaFailed: ReadonlySet<number> = new Set(),
): Acknowledgement[] {
  if (!Array.isArray(raw)) return [];
  const read: Acknowledgement[] = [];
  raw.forEach((entry: Record<string, unknown>, i) => {
    if (schemaFailed.has(i) || entry === null || typeof entry !== "object") return;
    const path = ["drift", "acknowledge", i];
    const bad = (field: FieldPath, message: string) => reporter.report("error", "acknowledgement", [...path, ...field], message);
    let ok = true;
    const env = String(entry.env);
    if (!environments.includes(env)) {
      ok = false;
      const defined =
        environments.length > 0 ? `transync.yaml defines: ${environments.join(", ")}` : "transync.yaml defines no environments";
      bad(["env"], `acknowledgement names unknown environment "${env}"; ${defined}`);
    }
    const kind = kindOf(entry.kind, (message) => ((ok = false), bad(["kind"], message)));
    const fields = (entry.fields as unknown[]).map(String);
    const known = kind === undefined ? [] : fieldNamesOf(kind);
    fields.forEach((field, j) => {
      if (kind === undefined || known.includes(field)) return;
      ok = false;
      const of = entry.kind === undefined ? "" : ` of a ${kind}`;
      bad(["fields", j], `unknown field "${field}"; the fields${of} are: ${known.join(", ")}`);
    });
    const until = String(entry.until);
    if (!isCalendarDay(until)) {
      ok = false;
      bad(["until"], `"until" must be a day on the calendar, YYYY-MM-DD (UTC), got "${until}"`);
    }
    if (ok)
      read.push({
        env,
        ...(entry.kind !== undefined ? { kind: kind! } : {}),
        name: String(entry.name),
        fields,
        until,
        reason: String(entry.reason),
        owner: String(entry.owner),
        where: at(path),
      });
  });
  return read;
}

/** The entry's kind: absent, a Transformation; a name no kind is registered under is reported. */
function kindOf(raw: unknown, bad: (message: string) => void): string | undefined {
  if (raw === undefined) return DEFAULT_KIND.name;
  const kind = kindNamed(String(raw));
  if (kind !== undefined) return kind.name;
  bad(
    `unknown kind "${String(raw)}"; known kinds: ${knownKinds()
      .map((k) => k.name)
      .join(", ")}`,
  );
  return undefined;
}

/** The field names a drift report gives for an object of the kind (a plan action's changes). */
function fieldNamesOf(kind: string): readonly string[] {
  return kind === DEFAULT_KIND.name ? FIELD_NAMES : Object.keys(kindNamed(kind)!.fields);
}

/** `2026-02-30` matches the pattern but is no day: Date.UTC would roll it into March. */
function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** An acknowledgement holds through its `until` day, UTC: expired from the next midnight on. */
export function acknowledgementHolds(ack: Pick<Acknowledgement, "until">, nowMs: number): boolean {
  return new Date(nowMs).toISOString().slice(0, 10) <= ack.until;
}
