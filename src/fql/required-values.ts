import type { FqlExpr } from "./ast.js";
import { asJson, type JsonValue } from "./json-value.js";

/**
 * What a condition's tree says without any event: the values a top-level field must hold for it to
 * be true. Validation (src/desired/cross-checks.ts) and the event engine (src/simulate/evaluate-fql.ts,
 * which skips a condition whose set lacks the event's name) both read it.
 */

/** The value of a literal that is a string, number, boolean or null; undefined for anything else. */
export function primitiveLiteral(expr: FqlExpr): { value: JsonValue } | undefined {
  if (expr.kind !== "literal") return undefined;
  const value = asJson(expr.value);
  return value === null || typeof value !== "object" ? { value } : undefined;
}

/**
 * The values of the event's `event` field outside which the expression is never true, when the
 * expression is an `and` chain with a conjunct `event = 'X'`, `'X' = event` or `event in ['X', 'Y']`
 * (the usual shape of a transformation's `if`); undefined otherwise. A caller can skip a condition
 * whose set lacks the event's name without evaluating it: the result is the same, only faster.
 */
export function requiredEventNames(expr: FqlExpr): ReadonlySet<JsonValue> | undefined {
  return requiredValues(expr, "event");
}

/** As requiredEventNames, for any top-level field (`type`, `event`). */
export function requiredValues(expr: FqlExpr, field: string): ReadonlySet<JsonValue> | undefined {
  if (expr.kind === "logical") {
    if (expr.op === "or") return undefined;
    // The first conjunct that pins the field; a conjunct is never an `and` chain itself (the parser
    // flattens them), so this recurses only through parentheses.
    for (const operand of expr.operands) {
      const values = requiredValues(operand, field);
      if (values !== undefined) return values;
    }
    return undefined;
  }
  if (expr.kind !== "compare") return undefined;
  const isField = (e: FqlExpr): boolean => e.kind === "path" && e.segments.length === 1 && e.segments[0] === field;
  if (expr.op === "=") {
    const literal = isField(expr.left) ? primitiveLiteral(expr.right) : isField(expr.right) ? primitiveLiteral(expr.left) : undefined;
    return literal === undefined ? undefined : new Set([literal.value]);
  }
  if (expr.op === "in" && isField(expr.left) && expr.right.kind === "list") {
    const literals = expr.right.items.map(primitiveLiteral);
    return literals.every((item) => item !== undefined) ? new Set(literals.map((item) => item!.value)) : undefined;
  }
  return undefined;
}
