import type { FqlExpr } from "../fql/ast.js";
import type { DailyEventVolume } from "../model/event-volume.js";
import type { VolumeBasis } from "../plan/types.js";
import type { JsonValue } from "../simulate/types.js";
import { UNMETERED, type WorkMeter } from "../simulate/budget.js";
import { compileExpr, type Evaluator } from "../simulate/compile-fql.js";
import { readsOnlySelectorFields } from "./selector.js";

/** Events in the window (not yet per day) and how they were found; `events` absent: unknown. */
export interface WindowCount {
  events?: number;
  basis: VolumeBasis;
}

/** What the bounded estimate works from: one source's rows and samples, and how to test an event. */
export interface EstimateInputs {
  rows: readonly DailyEventVolume[];
  /** The source's sample events (`--events`). */
  samples: readonly JsonValue[];
  /** The part of an event a plain selector reads, as one row stands for it (volume.ts). */
  rowEvent(row: DailyEventVolume): JsonValue;
  /** Whether the whole `if` selects a sample: the simulator's engine. */
  matches(event: JsonValue): boolean;
  meter?: WorkMeter;
}

/**
 * The events in the window an `if` that reads more than `event` and `type` selects, never above
 * what its plain parts allow. Two plain selectors bound it (bounds below): `surely`, which every row
 * it selects the `if` selects whatever the other fields hold, and `maybe`, outside which no event is
 * selected. The rows give both exactly. Between them lie the rows the plain parts leave open: the
 * share of the samples among those the `if` matches stands for them. So `event = 'Checkout Started'
 * and properties.currency = null` is the share of Checkout Started samples without a currency times
 * Checkout Started's volume, never more than that volume; with no rows left open the figure is exact
 * (`event = 'Nope' and …` selects exactly 0); with rows open and no sample among them, unknown (no
 * sample says anything of those events).
 */
export function boundedEstimate(ast: FqlExpr, inputs: EstimateInputs): WindowCount {
  const meter = inputs.meter ?? UNMETERED;
  const surely = testOf(bound(ast, false), meter);
  const maybe = testOf(bound(ast, true), meter);
  let sure = 0;
  let open = 0;
  for (const row of inputs.rows) {
    const event = inputs.rowEvent(row);
    if (surely(event)) sure += rowTotal(row);
    else if (maybe(event)) open += rowTotal(row);
  }
  if (open === 0) return { events: sure, basis: "exact" };
  const stratum = inputs.samples.filter((event) => maybe(event) && !surely(event));
  if (stratum.length === 0) return { basis: "unknown" };
  const share = stratum.filter((event) => inputs.matches(event)).length / stratum.length;
  return { events: sure + share * open, basis: "estimate" };
}

/**
 * `expr` with each test that reads a field other than `event` and `type` replaced by the literal
 * that makes the whole larger (`upper`) or smaller: `true` (or `false`) where it counts positively,
 * the other under an odd number of `!`. `and` and `or` only grow with their operands and `!` turns
 * that around, so on every event the lower bound selects implies the `if` does, and the `if`
 * implies the upper bound. Recursion only through `and`, `or` and `!`, whose nesting the parser
 * limits; a chain's operands are mapped in a loop.
 */
export function bound(expr: FqlExpr, upper: boolean): FqlExpr {
  if (expr.kind === "logical") return { ...expr, operands: expr.operands.map((operand) => bound(operand, upper)) };
  if (expr.kind === "not") return { ...expr, operand: bound(expr.operand, !upper) };
  if (readsOnlySelectorFields(expr)) return expr;
  return { kind: "literal", value: upper, offset: expr.offset };
}

/** A plain selector as a test of events, by the simulator's evaluator, its work charged to `meter`. */
function testOf(expr: FqlExpr, meter: WorkMeter): (event: JsonValue) => boolean {
  const evaluate: Evaluator = compileExpr(expr);
  return (event) => evaluate(event, meter) === true;
}

/** All the events of one row in the window. */
export function rowTotal(row: DailyEventVolume): number {
  return row.perDay.reduce((sum, count) => sum + count, 0);
}
