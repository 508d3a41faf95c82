import type { ApiErrorObject } from "../model/transformation.js";
import { TRANSFORMATION } from "../kinds/transformation/index.js";
import { inputError } from "./http-error.js";

/**
 * Rules JSON Schema cannot express (Segment's Transformations documentation,
 * https://segment.com/docs/protocols/transform/): the Transformation descriptor's own rules, the
 * ones `validate` runs (src/kinds/transformation/rules.ts), of which the API enforces those whose
 * finding carries its message (`api`): value-transformation paths rooted at `properties.`/`context.`,
 * no path twice, no path a rename reads or writes, and `fqlDefinedProperties` not combined with
 * renames, value transformations or `newEventName`. One error per field, the first found.
 * Written defensively: they run on the merged object even when the schema already found errors.
 */
export function semanticErrors(t: Record<string, unknown>): ApiErrorObject[] {
  const errors = new Map<string, ApiErrorObject>();
  for (const issue of TRANSFORMATION.validation.check(t)) {
    const field = issue.path.join(".");
    if (issue.api !== undefined && !errors.has(field)) errors.set(field, inputError(field, issue.api));
  }
  return [...errors.values()];
}
