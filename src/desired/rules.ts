import { InternalError } from "../errors.js";
import type { KindIssue, ResourceKind } from "../kinds/kind.js";
import type { FieldPath } from "./positions.js";
import { isLintRule, type LintRuleId } from "./lint-rules.js";
import { lintIgnores } from "./lint.js";

export type ReportOptions = { atKey?: boolean; valueOffset?: number };

/**
 * Where a rule reports: the reporter turns a field path into `file:line:col`. A warning is reported
 * under one of the ids a document's `lint.ignore` may name (lint-rules.ts); an error under any id.
 */
export interface RuleReporter {
  report(severity: "error", rule: string, path: FieldPath, message: string, options?: ReportOptions): void;
  report(severity: "warning", rule: LintRuleId, path: FieldPath, message: string, options?: ReportOptions): void;
}

/**
 * A reporter's `report` as a wrapping reporter calls it with what it was given: the overloads hold the
 * rule of a finding's first report; a wrapper only passes it on (moved, renamed, once).
 */
export type PassOn = (severity: "error" | "warning", rule: string, path: FieldPath, message: string, options?: ReportOptions) => void;
export const passOn = (reporter: RuleReporter): PassOn => reporter.report.bind(reporter) as PassOn;

/**
 * A kind's findings (its descriptor's `validation.check`) through the reporter, each at its field (and
 * inside its text value, `valueOffset`); an error without an id is `schema`. A warning must carry an
 * id a document's `lint.ignore` may name, so it can be silenced: one without is transync's bug.
 */
export function reportKindIssues(reporter: RuleReporter, issues: readonly KindIssue[]): void {
  for (const issue of issues) {
    const options: ReportOptions = {};
    if (issue.valueOffset !== undefined) options.valueOffset = issue.valueOffset;
    if (issue.severity !== "warning") {
      reporter.report("error", issue.rule ?? "schema", issue.path, issue.message, options);
      continue;
    }
    if (issue.rule === undefined || !isLintRule(issue.rule))
      throw new InternalError(`a warning of ${issue.path.join(".")} has no lint id a document can name (${String(issue.rule)})`);
    reporter.report("warning", issue.rule, issue.path, issue.message, options);
  }
}

/**
 * The rules of one Transformation document past its JSON Schema: its descriptor's (rules a kind gives,
 * src/kinds/transformation/rules.ts), then transync's own `lint.ignore` block (lint.ts).
 */
export function checkDocumentRules(kind: ResourceKind, doc: Record<string, unknown>, reporter: RuleReporter): void {
  reportKindIssues(reporter, kind.validation.check(doc));
  lintIgnores(doc, reporter);
}
