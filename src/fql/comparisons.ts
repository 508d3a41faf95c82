import type { FqlExpr } from "./ast.js";
import { fqlNodes } from "./walk.js";

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
      if (side.kind === "literal" && typeof side.value !== "number")
        found.push({ op: node.op, literal: JSON.stringify(side.value).replace(/^"(.*)"$/s, "'$1'"), offset: side.offset });
    }
  }
  return found;
}
