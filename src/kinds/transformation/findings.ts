import type { KindIssue } from "../kind.js";

/*
 * Where the Transformation's rules (rules.ts, path-rules.ts) put what they find: the descriptor's
 * list of KindIssue. A rule reports as src/desired's reporter is called (severity, id, field path,
 * message), so the rules read as they did in the desired stage.
 */

/** The ids of the warnings the rules give: each one a document's `lint.ignore` may name (src/desired/lint-rules.ts holds them to its list). */
export const TRANSFORMATION_WARNINGS = ["fql-compare-type", "new-event-name-track", "duplicate-hash-path", "drop-ignores"] as const;
export type TransformationWarning = (typeof TRANSFORMATION_WARNINGS)[number];

export type FieldPath = ReadonlyArray<string | number>;

/** Where inside the value the finding is, and the API's own refusal of the same (KindIssue's `api`). */
export type FindingExtra = Pick<KindIssue, "valueOffset" | "api">;

export interface Findings {
  readonly issues: KindIssue[];
  report(severity: "error", rule: string, path: FieldPath, message: string, extra?: FindingExtra): void;
  report(severity: "warning", rule: TransformationWarning, path: FieldPath, message: string, extra?: FindingExtra): void;
}

export function findings(): Findings {
  const issues: KindIssue[] = [];
  return {
    issues,
    report(severity: "error" | "warning", rule: string, path: FieldPath, message: string, extra: FindingExtra = {}) {
      issues.push({ severity, rule, path, message, ...extra });
    },
  };
}

/** A rule past the JSON Schema. Rules are defensive: the document may be ill-typed (the schema reports that). */
export type TransformationRule = (doc: Readonly<Record<string, unknown>>, found: Findings) => void;

/** A mapping's fields, or none when the value is not a mapping. */
export const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const records = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.map(record) : []);
export const strings = (value: unknown): Array<string | undefined> =>
  Array.isArray(value) ? value.map((v) => (typeof v === "string" ? v : undefined)) : [];
/** A list with entries, or any other value that is set. */
export const nonEmpty = (value: unknown): boolean => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null);
