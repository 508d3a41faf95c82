import type { RuleReporter } from "./rules.js";
import type { FieldName } from "../model/fields.js";
import { FIELD_NAMES } from "../model/fields.js";

/** The fields a document's `ignore:` may name: every input field of the registry but `name`, the key that matches the live object. */
export const IGNORABLE_FIELDS: readonly FieldName[] = FIELD_NAMES.filter((field) => field !== "name");

/**
 * A document's `ignore:` (Argo CD's `ignoreDifferences`): the fields no command compares with live
 * state. Each entry that is not a field of the registry is an error at its line naming the known ones;
 * `name` is refused (it matches the document to its live object). Undefined when absent or not a list
 * (the schema reports the latter).
 */
export function readIgnoredFields(doc: Record<string, unknown>, reporter: RuleReporter): FieldName[] | undefined {
  const raw = doc.ignore;
  if (!Array.isArray(raw)) return undefined;
  const fields: FieldName[] = [];
  raw.forEach((entry: unknown, i) => {
    if (typeof entry !== "string") return;
    if ((IGNORABLE_FIELDS as readonly string[]).includes(entry)) fields.push(entry as FieldName);
    else if (entry === "name")
      reporter.report(
        "error",
        "ignore",
        ["ignore", i],
        "`name` cannot be ignored: it is the key that matches the document to its live object",
      );
    else
      reporter.report(
        "error",
        "ignore",
        ["ignore", i],
        `unknown field "${entry}" in ignore; the fields are: ${IGNORABLE_FIELDS.join(", ")}`,
      );
  });
  return fields.length > 0 ? fields : undefined;
}
