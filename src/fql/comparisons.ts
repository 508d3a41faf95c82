import type { FqlExpr } from "./ast.js";
import { parseFql } from "./parse-fql.js";
import { fqlNodes } from "./walk.js";
import type { FieldPath } from "../desired/positions.js";
import type { DocumentRule } from "../desired/rules.js";

/** A `<`, `<=`, `>` or `>=` with a literal that is not a number: a comparison that is never true. */
export interface NonNumericComparison {
  op: string;
  /** The literal as written in FQL (`'2024-01-01'`, `true`, `null`). */
  literal: string;
  /** Where the literal starts in the expression (0-based). */
  offset: number;
}

/**
 * FQL's `<`, `<=`, `>`, `>=` compare numbers only (Segment's FQL reference: "number with number"),
 * so a comparison with a string, boolean or null literal is false on every event: typically a date
 * written as a string (`timestamp > '2024-01-01'`). Walks the whole tree, iteratively.
 */
export function nonNumericComparisons(expr: FqlExpr): NonNumericComparison[] {
  const found: NonNumericComparison[] = [];
  for (const node of fqlNodes(expr)) {
    if (node.kind !== "compare" || node.op === "=" || node.op === "!=" || node.op === "in") continue;
    for (const side of [node.left, node.right]) {
      if (side.kind === "literal" && typeof side.value !== "number") found.push({ op: node.op, literal: JSON.stringify(side.value).replace(/^"(.*)"$/s, "'$1'"), offset: side.offset });
    }
  }
  return found;
}

/** Warns about each never-true comparison in `if` and in every `fqlDefinedProperties[].fql`. */
export const fqlComparisons: DocumentRule = (doc, reporter) => {
  const check = (src: unknown, path: FieldPath): void => {
    if (typeof src !== "string") return;
    const parsed = parseFql(src);
    if (!parsed.ok) return;
    for (const c of nonNumericComparisons(parsed.ast)) {
      const hint = c.literal.startsWith("'") ? " (a date or version written as a string cannot be compared this way)" : "";
      reporter.report("warning", "fql-compare-type", path, `${c.op} ${c.literal} is never true: FQL's <, <=, >, >= compare numbers only${hint}`, { valueOffset: c.offset });
    }
  };
  check(doc.if, ["if"]);
  const defined = Array.isArray(doc.fqlDefinedProperties) ? doc.fqlDefinedProperties : [];
  defined.forEach((p: unknown, i) => check(p && typeof p === "object" ? (p as Record<string, unknown>).fql : undefined, ["fqlDefinedProperties", i, "fql"]));
};
