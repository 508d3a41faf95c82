import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileFql, evaluateFql, type JsonValue } from "../../src/simulate/evaluate-fql.js";
import { parseFql } from "../../src/fql/parse-fql.js";
import { FQL_FUNCTIONS, type FqlExpr } from "../../src/fql/ast.js";
import { globMatch } from "../../src/simulate/glob.js";

/** Expressions covering every operator and function, over the field names the events use. */
const EXPRESSIONS = [
  "all",
  "a = b",
  "a != b",
  "a.b.c = 'x'",
  "a < 1 or a >= b.c",
  "a <= 2 and !(b > 3)",
  "a in b",
  "a in [1, 'x', null, [1], true]",
  "contains(a, 'x') or match(b, '*x?[a-c]\\\\*')",
  ...Object.keys(FQL_FUNCTIONS)
    .filter((name) => FQL_FUNCTIONS[name]!.max === 1)
    .map((name) => `${name}(a) = ${name}(b.c)`),
  "match(a, b) and contains(b, a)",
  "a.0.b = b.1",
];

const FIELD = fc.constantFrom("a", "b", "c", "0", "1", "x", "constructor", "__proto__");
const event = fc.oneof(
  fc.jsonValue().map((v) => v as JsonValue),
  fc.dictionary(FIELD, fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<JsonValue>).map((v) => v as JsonValue),
  fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: "small" },
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.string({ unit: "grapheme" })),
      fc.array(tie("node"), { maxLength: 3 }),
      fc.dictionary(FIELD, tie("node"), { maxKeys: 3 }),
    ),
  })).node as fc.Arbitrary<JsonValue>,
);

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

describe("FQL evaluation properties", () => {
  const compiled = EXPRESSIONS.map((src) => {
    const result = compileFql(src);
    if (!result.ok) throw new Error(`${src}: ${result.error}`);
    return result;
  });

  it("never throws on arbitrary JSON events, never mutates them, and is deterministic", () => {
    fc.assert(
      fc.property(event, (input) => {
        const before = structuredClone(input);
        deepFreeze(input);
        for (const fql of compiled) {
          const first = fql.evaluate(input);
          expect(fql.evaluate(input)).toEqual(first);
          expect(typeof fql.matches(input)).toBe("boolean");
        }
        expect(input).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on arbitrary parsable expressions", () => {
    const source = fc.stringMatching(/^[ab.()=!<>'[\], 0-9a-z*?\\]{1,40}$/);
    fc.assert(
      fc.property(source, event, (src, input) => {
        const parsed = parseFql(src);
        if (!parsed.ok) return;
        const first = evaluateFql(parsed.ast, input);
        expect(evaluateFql(parsed.ast, input)).toEqual(first);
      }),
      { numRuns: 500 },
    );
  });

  it("`=` is reflexive and symmetric, and `!=` is its negation", () => {
    const eq = (l: JsonValue, r: JsonValue): JsonValue => evaluateFql(compare("="), { l, r });
    const ne = (l: JsonValue, r: JsonValue): JsonValue => evaluateFql(compare("!="), { l, r });
    fc.assert(
      fc.property(event, event, (x, y) => {
        expect(eq(x, structuredClone(x))).toBe(true);
        expect(eq(x, y)).toBe(eq(y, x));
        expect(ne(x, y)).toBe(!eq(x, y));
      }),
      { numRuns: 300 },
    );
  });

  it("match() of a pattern without special characters is string equality", () => {
    const plain = fc.string().filter((s) => !/[*?[\\]/.test(s));
    fc.assert(
      fc.property(plain, plain, (s, p) => {
        expect(globMatch(s, p)).toBe(s === p);
        expect(globMatch(s, "*")).toBe(true);
        expect(globMatch(`${p}${s}`, `${p.replace(/]/g, "\\]")}*`)).toBe(true);
      }),
    );
  });

  it("survives deeply nested and huge events within bounds", () => {
    // Trees, as JSON.parse builds them: 100,000 levels of objects and lists.
    const nest = (): JsonValue => {
      let value: JsonValue = { a: 1 };
      for (let i = 0; i < 100_000; i++) value = i % 2 ? { a: value, b: "x" } : { a: [value], b: null };
      return value;
    };
    const deep = nest();
    const twin = nest();
    const huge: JsonValue = { a: "x".repeat(5_000_000), b: Array.from({ length: 200_000 }, (_, i) => i) };
    for (const fql of compiled) {
      fql.evaluate(deep);
      fql.evaluate(huge);
    }
    expect(compiled[1]!.evaluate({ a: deep, b: twin })).toBe(true);
  });
});

function compare(op: "=" | "!="): FqlExpr {
  return {
    kind: "compare",
    op,
    left: { kind: "path", segments: ["l"], offset: 0 },
    right: { kind: "path", segments: ["r"], offset: 0 },
    offset: 0,
  };
}
