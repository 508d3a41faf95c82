import type { FqlEngine, JsonValue } from "../../src/simulate/types.js";

/**
 * A tiny stand-in for the FQL evaluator (built elsewhere): `all`, `event = '...'`, `type = '...'`,
 * `never`, plus a table of FQL texts to functions of the event for `evaluate`. Anything else throws,
 * so a test cannot pass by accident on an expression the fake does not understand.
 */
export function fakeEngine(table: Record<string, (event: JsonValue) => JsonValue> = {}): FqlEngine {
  const field = (event: JsonValue, key: string): JsonValue =>
    typeof event === "object" && event !== null && !Array.isArray(event) && Object.hasOwn(event, key) ? (event[key] ?? null) : null;
  const evaluate = (fql: string, event: JsonValue): JsonValue => {
    const fn = table[fql];
    if (fn !== undefined) return fn(event);
    if (fql === "all") return true;
    if (fql === "never") return false;
    const m = /^(event|type) = '([^']*)'$/.exec(fql);
    if (m?.[1] !== undefined) return field(event, m[1]) === m[2];
    throw new Error(`fake engine cannot evaluate ${fql}`);
  };
  return { evaluate, matches: (fql, event) => evaluate(fql, event) === true };
}
