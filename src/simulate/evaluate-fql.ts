import type { FqlExpr } from "../fql/ast.js";
import { isMatchAll, parseFql } from "../fql/parse-fql.js";
import { fqlNodes } from "../fql/walk.js";
import { NODE_STEPS, UNMETERED, type WorkMeter } from "./budget.js";
import { requiredEventNames } from "../fql/required-values.js";
import { compileExpr, type Evaluator } from "./compile-fql.js";
import type { JsonValue } from "../fql/json-value.js";

// Read by src/impact/ beside the evaluation; the one reading of `if: all` lives with the parser.
export { isMatchAll };

export type { JsonValue } from "../fql/json-value.js";
export { MAX_EVAL_DEPTH } from "./compile-fql.js";

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
  return evaluatorOf(expr)(event, UNMETERED);
}

/** The tree compiled to closures (compile-fql.ts); compileFql keeps them, so hot paths compile once. */
function evaluatorOf(expr: FqlExpr): Evaluator {
  return isMatchAll(expr) ? () => true : compileExpr(expr);
}

/** Whether the expression selects the event: its value is exactly `true`. */
export function matchesFql(expr: FqlExpr, event: JsonValue): boolean {
  return evaluateFql(expr, event) === true;
}

export type CompiledFql =
  | {
      ok: true;
      /** Charges the expression's size, and the work of its functions and comparisons, to `meter`. */
      evaluate: (event: JsonValue, meter?: WorkMeter) => JsonValue;
      matches: (event: JsonValue, meter?: WorkMeter) => boolean;
      /** Steps one evaluation is charged before its functions' work: NODE_STEPS per node and per path segment. */
      size: number;
      /** The only values of `event` for which it can match (see requiredEventNames); undefined: any. */
      eventNames: ReadonlySet<JsonValue> | undefined;
    }
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
    ? compiledOk(evaluatorOf(parsed.ast), isMatchAll(parsed.ast) ? undefined : requiredEventNames(parsed.ast), sizeOf(parsed.ast))
    : { ok: false, error: `${parsed.error.message} (column ${parsed.error.col})` };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

function compiledOk(evaluator: Evaluator, eventNames: ReadonlySet<JsonValue> | undefined, size: number): CompiledFql {
  const evaluate = (event: JsonValue, meter: WorkMeter = UNMETERED): JsonValue => {
    meter.charge(size);
    return evaluator(event, meter);
  };
  return { ok: true, evaluate, matches: (event, meter) => evaluate(event, meter) === true, eventNames, size };
}

/** An upper bound on the nodes one evaluation visits (each at most once), path segments included. */
function sizeOf(ast: FqlExpr): number {
  let size = 0;
  for (const node of fqlNodes(ast)) size += node.kind === "path" ? node.segments.length : 1;
  return NODE_STEPS * size;
}
