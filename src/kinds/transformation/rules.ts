import { parseFql } from "../../fql/parse-fql.js";
import { selectsTrackEvents } from "../../fql/selects-track-events.js";
import type { FqlExpr } from "../../fql/ast.js";
import { nonNumericComparisons } from "../../fql/comparisons.js";
import type { KindIssue } from "../kind.js";
import { findings, records, type FieldPath, type Findings, type TransformationRule } from "./findings.js";
import { fqlExclusive, fullPaths, hashAlgorithm, hashPaths, renameScope, transformsUsed, valuePaths } from "./path-rules.js";

/*
 * The Transformation's rules past its JSON Schema (schemas/transformation.schema.json), its
 * descriptor's `validation.check` (index.ts): one set for both readers. `validate` runs them on each
 * environment's effective document and positions every finding (src/desired/effective-checks.ts);
 * the emulator sends the findings the API refuses too (`api`) as its 422 (its `emulator.routes.rules`, api-rules.ts).
 */

/** `if` and every `fqlDefinedProperties[].fql` must parse; the error points inside the expression. */
export const fqlSyntax: TransformationRule = (doc, found) => {
  const condition = parsedFql(doc.if, ["if"], found);
  records(doc.fqlDefinedProperties).forEach((p, i) => parsedFql(p.fql, ["fqlDefinedProperties", i, "fql"], found));
  if (typeof doc.newEventName === "string" && condition && !selectsTrackEvents(condition)) {
    found.report(
      "warning",
      "new-event-name-track",
      ["newEventName"],
      `newEventName renames track events only, but "if" does not select track events; match them with event = '...' or type = 'track'`,
    );
  }
};

/** The tree of an FQL expression, or undefined (reported when it does not parse). At module level: a closure per document costs an allocation each. */
function parsedFql(src: unknown, path: FieldPath, found: Findings): FqlExpr | undefined {
  if (typeof src !== "string" || src === "") return undefined;
  const result = parseFql(src);
  if (result.ok) return result.ast;
  found.report("error", "fql-syntax", path, `invalid FQL at ${whereInExpression(src, result.error.offset)}: ${result.error.message}`, {
    valueOffset: result.error.offset,
  });
  return undefined;
}

/** Warns about each never-true comparison in `if` and in every `fqlDefinedProperties[].fql`. */
export const fqlComparisons: TransformationRule = (doc, found) => {
  checkComparisons(doc.if, ["if"], found);
  const defined = Array.isArray(doc.fqlDefinedProperties) ? doc.fqlDefinedProperties : [];
  defined.forEach((p: unknown, i) =>
    checkComparisons(
      p && typeof p === "object" ? (p as Record<string, unknown>).fql : undefined,
      ["fqlDefinedProperties", i, "fql"],
      found,
    ),
  );
};

function checkComparisons(src: unknown, path: FieldPath, found: Findings): void {
  if (typeof src !== "string") return;
  const parsed = parseFql(src);
  if (!parsed.ok) return;
  for (const c of nonNumericComparisons(parsed.ast)) {
    const hint = c.literal.startsWith("'") ? " (a date or version written as a string cannot be compared this way)" : "";
    found.report(
      "warning",
      "fql-compare-type",
      path,
      `${c.op} ${c.literal} is never true: FQL's <, <=, >, >= compare numbers only${hint}`,
      {
        valueOffset: c.offset,
      },
    );
  }
}

/** `column 12`, or `line 2, column 5` for an expression written on several lines. */
function whereInExpression(src: string, offset: number): string {
  const before = src.slice(0, offset);
  const line = before.split("\n").length;
  const col = offset - (before.lastIndexOf("\n") + 1) + 1;
  return line === 1 ? `column ${col}` : `line ${line}, column ${col}`;
}

/** The rules in the order their findings are reported. */
export const TRANSFORMATION_RULES: readonly TransformationRule[] = [
  fqlSyntax,
  fqlComparisons,
  valuePaths,
  fullPaths,
  renameScope,
  hashAlgorithm,
  hashPaths,
  fqlExclusive,
  transformsUsed,
];

/** The descriptor's `validation.check`: every finding of every rule on one document (or API body). */
export function transformationIssues(doc: Readonly<Record<string, unknown>>): KindIssue[] {
  const found = findings();
  for (const rule of TRANSFORMATION_RULES) rule(doc, found);
  return found.issues;
}
