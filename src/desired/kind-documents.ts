import { InternalError } from "../errors.js";
import type { DesiredResource, SourceLocation } from "../model/desired-resource.js";
import type { DocumentInput } from "../model/transformation.js";
import { inStage, type KindIssue, type ResourceKind } from "../kinds/kind.js";
import type { RuleReporter } from "./rules.js";

/** The header keys every document has besides its kind's fields: transync's own, never sent. */
const HEADER_KEYS = new Set(["apiVersion", "kind", "id"]);

/**
 * A document of a kind whose validation is its descriptor's (every kind but Transformation, whose
 * schema and rules are check-file.ts's): each required field present, no key that is not a field,
 * then the kind's own check. Undefined when something was reported.
 */
export function checkKindDocument(
  kind: ResourceKind,
  doc: Readonly<Record<string, unknown>>,
  reporter: RuleReporter,
  location: SourceLocation,
): DesiredResource | undefined {
  if (inStage(kind.validation)) throw new InternalError(`kind ${kind.name} is validated by ${kind.validation.inStage}`);
  const issues: KindIssue[] = [
    ...Object.keys(kind.fields)
      .filter((field) => kind.fields[field]!.required && doc[field] === undefined)
      .map((field) => ({ path: [field], message: `required field is missing` })),
    ...Object.keys(doc)
      .filter((key) => !HEADER_KEYS.has(key) && !Object.hasOwn(kind.fields, key))
      .map((key) => ({ path: [key], message: `unknown field; a ${kind.name} has ${Object.keys(kind.fields).join(", ")}` })),
  ];
  if (issues.length === 0) issues.push(...kind.validation.check(doc));
  for (const issue of issues) reporter.report("error", "schema", issue.path, issue.message);
  if (issues.length > 0) return undefined;
  const spec = Object.fromEntries(Object.keys(kind.fields).flatMap((field) => (doc[field] === undefined ? [] : [[field, doc[field]]])));
  const resource: DesiredResource = {
    kind: kind.name,
    name: String(doc[kind.identity.name]),
    spec: spec as unknown as DocumentInput,
    location,
  };
  if (typeof doc.id === "string") resource.id = doc.id;
  return resource;
}
