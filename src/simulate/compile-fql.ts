import type { FqlCompare, FqlExpr } from "../fql/ast.js";
import type { WorkMeter } from "./budget.js";
import { fqlFunction } from "./fql-functions.js";
import { asJson, type JsonValue } from "../fql/json-value.js";
import { primitiveLiteral } from "../fql/required-values.js";
import { jsonEqual, readPath } from "./json.js";

/**
 * Deeper expression trees than this evaluate to null. The parser already refuses more than 64
 * levels of nesting; this guards hand-built trees so evaluation cannot overflow the stack.
 */
export const MAX_EVAL_DEPTH = 256;

/**
 * An expression turned into a function of the event; functions and comparisons whose work depends
 * on the event's values charge it to `meter` (budget.ts).
 */
export type Evaluator = (event: JsonValue, meter: WorkMeter) => JsonValue;

/**
 * Turns an FQL tree into nested closures, once, so evaluating it on each event walks no syntax tree
 * and repeats no decision that depends only on the expression (the simulator runs the same few
 * conditions on every event). The rules are those of evaluate-fql.ts; this file only makes them fast:
 * a comparison with a literal string, number, boolean or null is `===` (FQL equality of a value
 * and such a literal is exactly that: evaluated values are never NaN or infinite), and `in` against
 * a list of such literals is a Set lookup.
 */
export function compileExpr(expr: FqlExpr, depth = 0): Evaluator {
  if (depth > MAX_EVAL_DEPTH) return () => null;
  const next = depth + 1;
  switch (expr.kind) {
    case "literal": {
      const value = asJson(expr.value);
      return () => value;
    }
    case "path": {
      const segments = expr.segments;
      return (event) => readPath(event, segments);
    }
    case "list": {
      const items = expr.items.map((item) => compileExpr(item, next));
      return (event, meter) => items.map((item) => item(event, meter));
    }
    case "call":
      return compileCall(
        expr.name,
        expr.args.map((arg) => compileExpr(arg, next)),
      );
    case "not": {
      const operand = compileExpr(expr.operand, next);
      return (event, meter) => operand(event, meter) !== true;
    }
    case "logical":
      return compileChain(
        expr.op,
        expr.operands.map((operand) => compileExpr(operand, next)),
      );
    case "compare":
      return compileCompare(expr, next);
    default:
      return () => null;
  }
}

/**
 * An n-ary `and`/`or`: short-circuits left to right, in a loop, so a chain of any length evaluates
 * with one stack frame. Two and three operands (most conditions) get closures without the loop.
 */
function compileChain(op: "and" | "or", operands: Evaluator[]): Evaluator {
  const [a = NULL, b = NULL, c = NULL] = operands;
  if (op === "and") {
    if (operands.length === 2) return (event, meter) => a(event, meter) === true && b(event, meter) === true;
    if (operands.length === 3) return (event, meter) => a(event, meter) === true && b(event, meter) === true && c(event, meter) === true;
    return (event, meter) => {
      for (let i = 0; i < operands.length; i++) if (operands[i]!(event, meter) !== true) return false;
      return true;
    };
  }
  if (operands.length === 2) return (event, meter) => a(event, meter) === true || b(event, meter) === true;
  if (operands.length === 3) return (event, meter) => a(event, meter) === true || b(event, meter) === true || c(event, meter) === true;
  return (event, meter) => {
    for (let i = 0; i < operands.length; i++) if (operands[i]!(event, meter) === true) return true;
    return false;
  };
}

function compileCall(name: string, args: Evaluator[]): Evaluator {
  const fn = fqlFunction(name);
  if (fn === undefined) return () => null;
  const [first = NULL, second = NULL] = args;
  return (event, meter) => fn(first(event, meter), second(event, meter), meter);
}

const NULL: Evaluator = () => null;

function compileEquality(expr: FqlCompare, depth: number): Evaluator {
  const negate = expr.op === "!=";
  const literal = primitiveLiteral(expr.right) ?? primitiveLiteral(expr.left);
  if (literal !== undefined) {
    const other = compileExpr(primitiveLiteral(expr.right) ? expr.left : expr.right, depth);
    const value = literal.value;
    return negate ? (event, meter) => other(event, meter) !== value : (event, meter) => other(event, meter) === value;
  }
  const left = compileExpr(expr.left, depth);
  const right = compileExpr(expr.right, depth);
  return negate
    ? (event, meter) => !jsonEqual(left(event, meter), right(event, meter), meter)
    : (event, meter) => jsonEqual(left(event, meter), right(event, meter), meter);
}

function compileIn(expr: FqlCompare, depth: number): Evaluator {
  const left = compileExpr(expr.left, depth);
  if (expr.right.kind === "list") {
    const literals = expr.right.items.map(primitiveLiteral);
    if (literals.every((item) => item !== undefined)) {
      const members = new Set(literals.map((item) => item!.value));
      return (event, meter) => members.has(left(event, meter));
    }
  }
  const right = compileExpr(expr.right, depth);
  return (event, meter) => {
    const list = right(event, meter);
    if (!Array.isArray(list)) return false;
    const value = left(event, meter);
    meter.charge(2 * list.length);
    return list.some((item) => jsonEqual(value, item, meter));
  };
}

function compileCompare(expr: FqlCompare, depth: number): Evaluator {
  if (expr.op === "=" || expr.op === "!=") return compileEquality(expr, depth);
  if (expr.op === "in") return compileIn(expr, depth);
  const left = compileExpr(expr.left, depth);
  const right = compileExpr(expr.right, depth);
  const test = NUMERIC[expr.op];
  return (event, meter) => {
    const a = left(event, meter);
    const b = right(event, meter);
    return typeof a === "number" && typeof b === "number" && test(a, b);
  };
}

const NUMERIC: Readonly<Record<"<" | "<=" | ">" | ">=", (a: number, b: number) => boolean>> = {
  "<": (a, b) => a < b,
  "<=": (a, b) => a <= b,
  ">": (a, b) => a > b,
  ">=": (a, b) => a >= b,
};
