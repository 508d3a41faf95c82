import type { FqlCompare, FqlExpr } from "../fql/ast.js";
import { parseFql } from "../fql/parse-fql.js";
import { callFqlFunction } from "./fql-functions.js";
import { asJson, jsonEqual, readPath, type JsonValue } from "./json.js";

export type { JsonValue } from "./json.js";

/**
 * Deeper expression trees than this evaluate to null. The parser already refuses more than 64
 * levels of nesting; this guards hand-built trees so evaluation cannot overflow the stack.
 */
export const MAX_EVAL_DEPTH = 256;

/**
 * Evaluates an FQL expression on an event. Pure: never throws, never mutates `event`.
 * - A path reads the event (missing → null); a top-level expression that is just the word `all`
 *   is Segment's match-all condition and evaluates to `true`.
 * - `=`/`!=`: same type and structurally equal (no coercion). `<`, `<=`, `>`, `>=`: numbers only,
 *   anything else gives false. `in`: the right side must be a list (literal or from the event),
 *   membership uses `=`'s equality.
 * - `and`/`or`/`!`: a value counts as true only when it is `true` (null and non-booleans are false).
 * Time is linear in the size of the expression plus the parts of the event it compares.
 * The result may share objects and lists with `event` (a path returns the event's own value):
 * copy it before changing it.
 */
export function evaluateFql(expr: FqlExpr, event: JsonValue): JsonValue {
  if (isMatchAll(expr)) return true;
  return evaluate(expr, event, 0);
}

/** Whether the expression selects the event: its value is exactly `true`. */
export function matchesFql(expr: FqlExpr, event: JsonValue): boolean {
  return evaluateFql(expr, event) === true;
}

/** `if: all`: the parser reads the bare word `all` as the one-segment path `all`. */
export function isMatchAll(expr: FqlExpr): boolean {
  return expr.kind === "path" && expr.segments.length === 1 && expr.segments[0] === "all";
}

export type CompiledFql =
  | { ok: true; evaluate: (event: JsonValue) => JsonValue; matches: (event: JsonValue) => boolean }
  | { ok: false; error: string };

const CACHE_LIMIT = 1000;
const cache = new Map<string, CompiledFql>();

/**
 * Parses FQL text once and returns its evaluator (parses are cached by text, up to 1000 distinct
 * expressions, so evaluating one expression on many events parses it once). A syntax error comes
 * back as `{ ok: false, error }` with its column.
 */
export function compileFql(source: string): CompiledFql {
  const cached = cache.get(source);
  if (cached) return cached;
  const parsed = parseFql(source);
  const compiled: CompiledFql = parsed.ok
    ? { ok: true, evaluate: (event) => evaluateFql(parsed.ast, event), matches: (event) => matchesFql(parsed.ast, event) }
    : { ok: false, error: `${parsed.error.message} (column ${parsed.error.col})` };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

function evaluate(expr: FqlExpr, event: JsonValue, depth: number): JsonValue {
  if (depth > MAX_EVAL_DEPTH) return null;
  const next = depth + 1;
  switch (expr.kind) {
    case "literal":
      return asJson(expr.value);
    case "path":
      return readPath(event, expr.segments);
    case "list":
      return expr.items.map((item) => evaluate(item, event, next));
    case "call":
      return callFqlFunction(
        expr.name,
        expr.args.map((arg) => evaluate(arg, event, next)),
      );
    case "not":
      return evaluate(expr.operand, event, next) !== true;
    case "logical":
      // Short-circuit: the result is the same either way, and it saves work.
      if (expr.op === "and") return evaluate(expr.left, event, next) === true && evaluate(expr.right, event, next) === true;
      return evaluate(expr.left, event, next) === true || evaluate(expr.right, event, next) === true;
    case "compare":
      return compare(expr, event, next);
    default:
      return null;
  }
}

function compare(expr: FqlCompare, event: JsonValue, depth: number): boolean {
  const left = evaluate(expr.left, event, depth);
  const right = evaluate(expr.right, event, depth);
  switch (expr.op) {
    case "=":
      return jsonEqual(left, right);
    case "!=":
      return !jsonEqual(left, right);
    case "in":
      return Array.isArray(right) && right.some((item) => jsonEqual(left, item));
    default:
      return compareNumbers(expr.op, left, right);
  }
}

function compareNumbers(op: "<" | "<=" | ">" | ">=", left: JsonValue, right: JsonValue): boolean {
  if (typeof left !== "number" || typeof right !== "number") return false;
  if (op === "<") return left < right;
  if (op === "<=") return left <= right;
  if (op === ">") return left > right;
  return left >= right;
}
