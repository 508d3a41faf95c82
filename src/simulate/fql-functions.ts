import { UNMETERED, WORD_STEPS, type WorkMeter } from "./budget.js";
import { globMatch } from "./glob.js";
import { fqlType, type JsonValue } from "../fql/json-value.js";
import { splitWords } from "./words.js";

/**
 * FQL's built-in functions on already evaluated arguments. Every function is total: an argument of
 * a type it does not take gives the documented default, never an error.
 *
 * | function            | string                          | number           | bool            | list                 | object               | null    |
 * |---------------------|---------------------------------|------------------|-----------------|----------------------|----------------------|---------|
 * | `contains(s, sub)`  | `s` contains `sub` (both strings)| false           | false           | false                | false                | false   |
 * | `match(s, glob)`    | whole-string glob (both strings)| false            | false           | false                | false                | false   |
 * | `length(x)`         | UTF-8 bytes                     | null             | null            | elements             | keys                 | 0       |
 * | `lowercase(x)` etc. | converted                       | null             | null            | null                 | null                 | null    |
 * | `typeof(x)`         | "string"                        | "number"         | "bool"          | "list"               | "object"             | "null"  |
 * | `bool(x)`           | false for "", "false", "0" (trimmed, any case); else true | false for 0 | itself | non-empty | non-empty | false |
 * | `string(x)`         | itself                          | JSON text ("1.5")| "true"/"false"  | JSON text            | JSON text            | "null"  |
 * | `number(x)`         | decimal number text (trimmed, JSON syntax, optional `+`), else null | itself | 1 / 0 | null | null | null |
 *
 * The casing functions (`lowercase`, `uppercase`, `snakecase`, `kebabcase`, `titlecase`) take the
 * words of `splitWords` (see words.ts); `lowercase`/`uppercase` convert the whole string unchanged
 * otherwise (locale-independent Unicode case mapping).
 */
export function callFqlFunction(name: string, args: readonly JsonValue[], meter: WorkMeter = UNMETERED): JsonValue {
  const fn = fqlFunction(name);
  // The parser accepts only known names; a hand-built AST with another name gets null.
  return fn === undefined ? null : fn(args[0] ?? null, args[1] ?? null, meter);
}

/**
 * A built-in function taking its (up to two) evaluated arguments; undefined for an unknown name.
 * It charges the characters it reads to `meter` (`match` charges its search, glob.ts).
 */
export type FqlFunction = (a: JsonValue, b: JsonValue, meter: WorkMeter) => JsonValue;

export function fqlFunction(name: string): FqlFunction | undefined {
  return Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
}

/** The characters a string function reads: charged before it runs (each is linear in them). */
function text(value: JsonValue, meter: WorkMeter, weight = 1): value is string {
  if (typeof value !== "string") return false;
  meter.charge(weight * value.length);
  return true;
}

const FUNCTIONS: Readonly<Record<string, FqlFunction>> = {
  contains: (a, b, meter) => typeof a === "string" && typeof b === "string" && text(a, meter) && text(b, meter) && a.includes(b),
  match: (a, b, meter) => typeof a === "string" && typeof b === "string" && globMatch(a, b, meter),
  length: (a, _, meter) => (text(a, meter) ? Buffer.byteLength(a, "utf8") : fqlLength(a)),
  lowercase: (a, _, meter) => (text(a, meter) ? a.toLowerCase() : null),
  uppercase: (a, _, meter) => (text(a, meter) ? a.toUpperCase() : null),
  snakecase: (a, _, meter) =>
    text(a, meter, WORD_STEPS)
      ? splitWords(a)
          .map((w) => w.toLowerCase())
          .join("_")
      : null,
  kebabcase: (a, _, meter) =>
    text(a, meter, WORD_STEPS)
      ? splitWords(a)
          .map((w) => w.toLowerCase())
          .join("-")
      : null,
  titlecase: (a, _, meter) => (text(a, meter, WORD_STEPS) ? splitWords(a).map(titleWord).join(" ") : null),
  typeof: (a) => fqlType(a),
  bool: (a, _, meter) => (text(a, meter), toBool(a)),
  string: (a, _, meter) => chargedText(toFqlString(a), meter),
  number: (a, _, meter) => (text(a, meter), toNumber(a)),
};

/** The JSON text `string()` made: its length is the work of making it. */
function chargedText(value: JsonValue, meter: WorkMeter): JsonValue {
  if (typeof value === "string") meter.charge(value.length);
  return value;
}

function fqlLength(value: JsonValue): JsonValue {
  switch (fqlType(value)) {
    case "string":
      return Buffer.byteLength(value as string, "utf8");
    case "list":
      return (value as JsonValue[]).length;
    case "object":
      return Object.keys(value as object).length;
    case "null":
      return 0;
    case "number":
    case "bool":
      return null;
  }
}

function titleWord(word: string): string {
  const first = String.fromCodePoint(word.codePointAt(0)!);
  return first.toUpperCase() + word.slice(first.length).toLowerCase();
}

const FALSE_STRINGS = new Set(["", "false", "0"]);

function toBool(value: JsonValue): boolean {
  switch (fqlType(value)) {
    case "string":
      return !FALSE_STRINGS.has((value as string).trim().toLowerCase());
    case "number":
      return value !== 0;
    case "bool":
      return value as boolean;
    case "list":
      return (value as JsonValue[]).length > 0;
    case "object":
      return Object.keys(value as object).length > 0;
    case "null":
      return false;
  }
}

/**
 * JSON text of a non-string. A value too deep for JSON.stringify (it recurses) gives null rather
 * than an error; memory is linear in the size of the value.
 */
function toFqlString(value: JsonValue): JsonValue {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return null;
  }
}

const DECIMAL = /^[+-]?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function toNumber(value: JsonValue): JsonValue {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value !== "string") return null;
  const text = value.trim();
  // The length cap keeps the (linear, unambiguous) test cheap on huge strings.
  if (text.length > 400 || !DECIMAL.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}
