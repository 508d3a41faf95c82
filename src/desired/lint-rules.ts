import { TRANSFORMATION_WARNINGS } from "../kinds/transformation/findings.js";

/**
 * Every warning `validate` can give, by its stable id: the ids a document's `lint.ignore` may name
 * (docs/desired-state.md, "Warnings and `lint`", lists them; a test holds the table to this list).
 * A warning is reported only under one of these ids (RuleReporter and the cross-document checks
 * take a LintRuleId), so a new warning cannot ship without an id a document can silence.
 */
export const LINT_RULES = {
  "same-scope": "cross-document: two documents of one source and destination transform the same event (Segment refuses the second)",
  "same-property": "cross-document: two enabled documents of one source and destination give one property a value for the same events",
  "filter-interaction":
    "cross-document: two enabled Destination Filters of one instance where one's `if` reads a path the other's property actions drop or keep",
  "fql-compare-type": "`<`, `<=`, `>`, `>=` with a string, boolean or null: never true",
  "new-event-name-track": "`newEventName` while `if` selects no track event",
  "duplicate-hash-path": "a hash path listed twice",
  "drop-ignores": "`drop: true` with other transforms, which Segment then ignores",
  "yaml-warning": "a YAML warning (an unresolved tag, a directive the reader does not know)",
  "empty-file": "a file with no document (no document can silence it)",
  "unused-lint-ignore": "a `lint.ignore` entry that silences nothing (cannot itself be silenced)",
} as const;

export type LintRuleId = keyof typeof LINT_RULES;

export const LINT_RULE_IDS = Object.keys(LINT_RULES) as LintRuleId[];

/** The warnings the Transformation's descriptor gives (src/kinds/transformation/rules.ts): each is an id here, or the build fails. */
export const KIND_WARNING_IDS: readonly LintRuleId[] = TRANSFORMATION_WARNINGS;

export function isLintRule(rule: string): rule is LintRuleId {
  return Object.hasOwn(LINT_RULES, rule);
}

/** The ids a document cannot silence: a file's own (no document holds it) and the lint's own. */
export const UNSILENCEABLE: ReadonlySet<LintRuleId> = new Set<LintRuleId>(["unused-lint-ignore"]);
