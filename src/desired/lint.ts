import type { SourceLocation } from "../model/desired-resource.js";
import type { Diagnostic } from "./types.js";
import type { YamlDocument } from "./read-yaml.js";
import { isLintRule, LINT_RULE_IDS, UNSILENCEABLE } from "./lint-rules.js";
import { nearest } from "./name-match.js";
import { linePos, lookupNode, offsetOf, type FieldPath } from "./positions.js";

/** Where findings go: rules.ts's RuleReporter (not imported: rules.ts imports this file). */
interface ErrorReporter {
  report(severity: "error", rule: string, path: FieldPath, message: string): void;
}

/** One entry of a document's `lint.ignore`: the warning id it silences, why, and where it is written. */
export interface LintIgnore {
  rule: string;
  reason: string;
  index: number;
  at: SourceLocation;
}

type Position = { line: number; col: number };

/**
 * A document's `lint` block and the span of the document: a warning silences when it is positioned
 * inside the span (the document it names by `file:line`; a cross-document warning is reported at
 * the later of its two documents, so that one owns it).
 */
export interface DocumentLint {
  file: string;
  from: Position;
  to: Position;
  ignores: LintIgnore[];
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The well-formed entries of a document's `lint.ignore` (the schema and `lintIgnores` report the others). */
export function documentLint(ydoc: YamlDocument): DocumentLint | undefined {
  const entries = record(record(ydoc.value)?.lint)?.ignore;
  if (!Array.isArray(entries)) return undefined;
  const range = ydoc.doc.contents?.range;
  if (!range) return undefined;
  const ignores: LintIgnore[] = [];
  entries.forEach((entry: unknown, index) => {
    const { rule, reason } = record(entry) ?? {};
    if (typeof rule !== "string" || !isLintRule(rule) || typeof reason !== "string" || reason.trim() === "") return;
    const at = linePos(ydoc.lineCounter, offsetOf(lookupNode(ydoc.doc, ["lint", "ignore", index])));
    ignores.push({ rule, reason, index, at: { file: ydoc.file, ...at } });
  });
  const from = linePos(ydoc.lineCounter, range[0]);
  const to = linePos(ydoc.lineCounter, range[2]);
  return ignores.length > 0 ? { file: ydoc.file, from, to, ignores } : undefined;
}

/**
 * The form of a `lint` block, for a kind whose documents take one but are checked by its descriptor
 * rather than a JSON Schema (a DestinationFilter): as transformation.schema.json's `lint` says it,
 * `{ ignore: [{ rule, reason }] }` and nothing else, each a non-empty text (rule at most 100
 * characters, reason 1000). `lintIgnores` then checks the ids and the reasons' words.
 */
export function lintShapeIssues(lint: unknown): { path: FieldPath; message: string }[] {
  const block = record(lint);
  if (block === undefined) return [{ path: ["lint"], message: "must be a mapping: lint: { ignore: [{ rule, reason }] }" }];
  const unknown = Object.keys(block).filter((key) => key !== "ignore");
  if (unknown.length > 0) return [{ path: ["lint", unknown[0]!], message: "unknown field; lint has ignore" }];
  if (!Array.isArray(block.ignore)) return [{ path: ["lint", "ignore"], message: "must be a list of { rule, reason }" }];
  return block.ignore.flatMap((entry: unknown, i) => entryIssues(entry, i));
}

function entryIssues(entry: unknown, i: number): { path: FieldPath; message: string }[] {
  const fields = record(entry);
  if (fields === undefined) return [{ path: ["lint", "ignore", i], message: "must be a mapping { rule, reason }" }];
  const issues = Object.keys(fields)
    .filter((key) => key !== "rule" && key !== "reason")
    .map((key) => ({ path: ["lint", "ignore", i, key] as FieldPath, message: "unknown field; an entry has rule and reason" }));
  for (const [key, max] of [
    ["rule", 100],
    ["reason", 1000],
  ] as const) {
    const value = fields[key];
    if (typeof value !== "string" || value === "" || value.length > max)
      issues.push({ path: ["lint", "ignore", i, key], message: `${key} is required: a text of 1 to ${max} characters` });
  }
  return issues;
}

/** `lint.ignore[].rule` names a warning id (with the nearest ids when not); a reason says why, in words. */
export function lintIgnores(doc: Readonly<Record<string, unknown>>, reporter: ErrorReporter): void {
  const entries = record(doc.lint)?.ignore;
  if (!Array.isArray(entries)) return;
  entries.forEach((entry: unknown, i) => {
    const { rule, reason } = record(entry) ?? {};
    // An empty reason is the schema's (minLength); one of spaces only is this rule's.
    if (typeof reason === "string" && reason !== "" && reason.trim() === "")
      reporter.report("error", "lint-reason", ["lint", "ignore", i, "reason"], "a reason is required: say why this warning does not apply");
    if (typeof rule !== "string" || rule === "") return;
    if ((UNSILENCEABLE as ReadonlySet<string>).has(rule))
      reporter.report("error", "lint-rule", ["lint", "ignore", i, "rule"], `${rule} cannot be silenced: remove the ignore it reports`);
    else if (!isLintRule(rule)) reporter.report("error", "lint-rule", ["lint", "ignore", i, "rule"], unknownRuleMessage(rule));
  });
}

function unknownRuleMessage(rule: string): string {
  const near = nearest(rule, LINT_RULE_IDS);
  const hint = near.length > 0 ? `did you mean ${near.join(", ")}?` : `the ids: ${LINT_RULE_IDS.join(", ")}`;
  return `unknown warning id ${JSON.stringify(rule)}; ${hint} (docs/desired-state.md, "Warnings and lint")`;
}

const before = (a: Position, b: Position): boolean => a.line < b.line || (a.line === b.line && a.col <= b.col);

/**
 * Marks each warning a `lint.ignore` of its document names as silenced (with the reason), and
 * reports every ignore that silences none of them (`unused-lint-ignore`). Pure; the same warnings
 * marked again give the same result.
 */
export function applyLint(
  diagnostics: readonly Diagnostic[],
  lints: readonly DocumentLint[],
): { diagnostics: Diagnostic[]; unused: Diagnostic[] } {
  const byFile = new Map<string, DocumentLint[]>();
  for (const lint of lints) byFile.set(lint.file, [...(byFile.get(lint.file) ?? []), lint]);
  const used = new Set<LintIgnore>();
  const marked = diagnostics.map((d) => {
    if (d.severity !== "warning" || !isLintRule(d.rule) || UNSILENCEABLE.has(d.rule)) return d;
    const owner = byFile.get(d.file)?.find((lint) => before(lint.from, d) && before(d, lint.to));
    const ignore = owner?.ignores.find((i) => i.rule === d.rule);
    if (ignore === undefined) return d;
    used.add(ignore);
    return { ...d, silenced: { reason: ignore.reason } };
  });
  const unused = lints.flatMap((lint) => lint.ignores.filter((i) => !used.has(i)).map(unusedIgnore));
  return { diagnostics: marked, unused };
}

function unusedIgnore(ignore: LintIgnore): Diagnostic {
  return {
    ...ignore.at,
    severity: "warning",
    path: `lint.ignore.${ignore.index}`,
    rule: "unused-lint-ignore",
    message: `ignores ${ignore.rule}, but this document has no ${ignore.rule} warning; remove the entry`,
  };
}

/** `validate --strict`: every warning not silenced becomes an error (its id stays, so the line says which). */
export function strictDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.severity === "warning" && d.silenced === undefined ? { ...d, severity: "error" } : d));
}
