import { ValidationError } from "../errors.js";
import { UNMETERED, type WorkMeter } from "./budget.js";
import { compileFql } from "./evaluate-fql.js";
import { cloneJson } from "./json.js";
import type { FqlEngine, JsonValue } from "./types.js";
import { shorten } from "../secrets/redact-cuts.js";

/**
 * The simulator's FQL engine: FQL text compiled once (compileFql caches parses) and evaluated on
 * each event. Text that does not parse is a ValidationError naming it; desired documents reach the
 * simulator validated, so this is for hand-made input. A list or object result is copied: the
 * evaluator may return a part of the event itself, and the caller stores the value in the event.
 * All its work (evaluations, copies, and the writes of the steps that use it) is charged to `meter`,
 * the run's budget; without one, nothing is counted.
 */
export function createFqlEngine(meter: WorkMeter = UNMETERED): FqlEngine {
  const compiled = (fql: string) => {
    const result = compileFql(fql);
    if (!result.ok) throw new ValidationError(`FQL "${shorten(fql, 80)}" does not parse: ${result.error}`);
    return result;
  };
  return {
    evaluate(fql: string, event: JsonValue): JsonValue {
      const value = compiled(fql).evaluate(event, meter);
      return value !== null && typeof value === "object" ? cloneJson(value, meter) : value;
    },
    matches: (fql, event) => compiled(fql).matches(event, meter),
    // Text that does not parse throws when a condition is tested, as `matches` does, not before.
    prepare: (fql) => {
      const result = compileFql(fql);
      if (!result.ok) return { matches: () => compiled(fql).matches(null), eventNames: undefined };
      return { matches: (event) => result.matches(event, meter), eventNames: result.eventNames };
    },
    meter,
  };
}
