import type { DesiredResource, SourceLocation } from "../model/desired-resource.js";
import type { DocumentInput } from "../model/transformation.js";
import type { KindIssue, ResourceKind } from "../kinds/kind.js";
import type { DocumentContext } from "./document-refs.js";
import { resolveInstance } from "./instance-refs.js";
import { reportKindIssues, type RuleReporter } from "./rules.js";
import { lintIgnores, lintShapeIssues } from "./lint.js";

/** The header keys every document has besides its kind's fields: transync's own, never sent (`protect`: src/plan/protect.ts). */
const HEADER_KEYS = new Set(["apiVersion", "kind", "id", "protect"]);

/** The keys a document of the kind may hold besides the header: its document's (`document.keys`), else its fields. */
function documentKeys(kind: ResourceKind): readonly string[] {
  return kind.document?.keys ?? Object.keys(kind.fields);
}

/** A kind whose documents take `lint` (its `document.keys` name it) has it checked as a Transformation's; false when it is malformed. */
function lintChecked(keys: readonly string[], doc: Readonly<Record<string, unknown>>, reporter: RuleReporter): boolean {
  if (!keys.includes("lint") || doc.lint === undefined) return true;
  const issues = lintShapeIssues(doc.lint);
  for (const issue of issues) reporter.report("error", "schema", issue.path, issue.message);
  lintIgnores(doc, reporter);
  return issues.length === 0;
}

/**
 * A document of a kind other than Transformation (whose JSON Schema and per-environment reading are
 * check-file.ts's, its rules its descriptor's as here): each required field present, no key that is
 * not a field, then the kind's own check (`validation.check`; a warning does not stop it). A kind
 * whose documents name a destination instance (`document.onInstance`) has its `source` and
 * `destination` resolved (instance-refs.ts). Undefined when an error was reported.
 * `doc` is the effective document of the environment read, its `id` the pin of that environment.
 */
export function checkKindDocument(
  kind: ResourceKind,
  doc: Readonly<Record<string, unknown>>,
  reporter: RuleReporter,
  location: SourceLocation,
  context?: DocumentContext,
): DesiredResource | undefined {
  const keys = documentKeys(kind);
  const required = kind.document ? [kind.document.name] : Object.keys(kind.fields).filter((field) => kind.fields[field]!.required);
  const issues: KindIssue[] = [
    ...required.filter((field) => doc[field] === undefined).map((field) => ({ path: [field], message: `required field is missing` })),
    ...Object.keys(doc)
      .filter((key) => !HEADER_KEYS.has(key) && !keys.includes(key))
      .map((key) => ({ path: [key], message: `unknown field; a ${kind.name} has ${keys.join(", ")}` })),
  ];
  if (doc.protect !== undefined && typeof doc.protect !== "boolean")
    issues.push({ path: ["protect"], message: "protect must be true or false" });
  if (issues.length === 0) issues.push(...kind.validation.check(doc));
  reportKindIssues(reporter, issues);
  if (!lintChecked(keys, doc, reporter) || issues.some((issue) => issue.severity !== "warning")) return undefined;
  const placed = kind.document?.onInstance && context ? resolveInstance(doc, context, reporter) : undefined;
  if (kind.document?.onInstance && placed === undefined) return undefined;
  const fields: Record<string, unknown> = {
    ...(kind.document ? kind.document.spec(doc) : doc),
    ...(placed ? { sourceId: placed.sourceId } : {}),
  };
  const spec = Object.fromEntries(
    Object.keys(kind.fields).flatMap((field) => (fields[field] === undefined ? [] : [[field, fields[field]]])),
  );
  const resource: DesiredResource = {
    kind: kind.name,
    name: String(doc[kind.document?.name ?? kind.identity.name]),
    spec: spec as unknown as DocumentInput,
    location,
  };
  if (placed) resource.instance = placed.instance;
  if (typeof doc.id === "string") resource.id = doc.id;
  return resource;
}
