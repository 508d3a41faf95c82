/**
 * JSON values as FQL reads them (the events it is evaluated on, the values its paths reach, its
 * literals) and FQL's type of each. The path grammar (paths.ts), the analysis of conditions
 * (required-values.ts) and the event engine (src/simulate/json.ts) share them.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type JsonObject = { [key: string]: JsonValue };

/** FQL's type names, as `typeof(x)` returns them. */
export type FqlTypeName = "string" | "number" | "bool" | "list" | "object" | "null";

/**
 * The FQL type of a value. Anything that is not JSON (undefined, a function, NaN or an infinity,
 * which no parsed JSON event holds) counts as `null`, so hostile input cannot break evaluation.
 */
export function fqlType(value: unknown): FqlTypeName {
  switch (typeof value) {
    case "string":
      return "string";
    case "number":
      return Number.isFinite(value) ? "number" : "null";
    case "boolean":
      return "bool";
    case "object":
      if (value === null) return "null";
      return Array.isArray(value) ? "list" : "object";
    case "undefined":
    case "bigint":
    case "function":
    case "symbol":
      return "null";
  }
}

/** A value read from an event, with anything that is not JSON turned into `null`. */
export function asJson(value: unknown): JsonValue {
  return fqlType(value) === "null" ? null : (value as JsonValue);
}
