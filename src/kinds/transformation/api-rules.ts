import type { KindInputError, KindIssue } from "../kind.js";

/**
 * The Transformation's rules the API enforces (its 422s past the request schemas), from the findings
 * of the one rule set `validate` runs (rules.ts, path-rules.ts): the findings that carry the API's own message
 * (`api`): value-transformation paths rooted at `properties.`/`context.`, no path twice, no path a
 * rename reads or writes, and `fqlDefinedProperties` not combined with renames, value
 * transformations or `newEventName` (Segment's Transformations documentation,
 * https://segment.com/docs/protocols/transform/). One error per field, the first found. Written
 * defensively: the emulator runs them on an update's merged object even when the schema already
 * found errors in its body.
 */
export function apiErrorsOf(issues: readonly KindIssue[]): KindInputError[] {
  const errors = new Map<string, KindInputError>();
  for (const issue of issues) {
    const field = issue.path.join(".");
    if (issue.api !== undefined && !errors.has(field)) errors.set(field, { field, message: issue.api });
  }
  return [...errors.values()];
}
