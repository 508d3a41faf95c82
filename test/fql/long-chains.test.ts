import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFql } from "../../src/fql/parse-fql.js";
import { fqlNodes } from "../../src/fql/walk.js";
import type { FqlExpr } from "../../src/fql/ast.js";
import { compileFql, evaluateFql } from "../../src/simulate/evaluate-fql.js";
import { requiredEventNames } from "../../src/fql/required-values.js";
import { nonNumericComparisons } from "../../src/fql/comparisons.js";

function ast(src: string): FqlExpr {
  const parsed = parseFql(src);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.ast;
}

/** `properties.x != 1 and properties.x != 2 ...`: true exactly when x is none of 1..n. */
const chain = (n: number, op: "and" | "or", term: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => term(i + 1)).join(` ${op} `);

describe("flat and/or chains of any length", () => {
  it("parse into one n-ary node, operands in source order", () => {
    const node = ast("a = 1 and b = 2 and c = 3 or d = 4");
    expect(node).toMatchObject({
      kind: "logical",
      op: "or",
      operands: [
        {
          kind: "logical",
          op: "and",
          operands: [{ left: { segments: ["a"] } }, { left: { segments: ["b"] } }, { left: { segments: ["c"] } }],
        },
        { kind: "compare" },
      ],
    });
    expect(ast("(a = 1 and b = 2) and c = 3")).toMatchObject({
      kind: "logical",
      op: "and",
      operands: [{ kind: "logical", op: "and" }, { kind: "compare" }],
    });
  });

  it.each([10_000, 100_000])("evaluate a %i-term and / or chain correctly, with no stack overflow", (n) => {
    const and = compileFql(chain(n, "and", (i) => `properties.x != ${i}`));
    const or = compileFql(chain(n, "or", (i) => `properties.x = ${i}`));
    if (!and.ok || !or.ok) throw new Error("does not parse");
    for (const x of [0, 1, Math.floor(n / 2), n, n + 1]) {
      const event = { properties: { x } };
      expect(and.matches(event), `and, x = ${x}`).toBe(x < 1 || x > n);
      expect(or.matches(event), `or, x = ${x}`).toBe(x >= 1 && x <= n);
    }
  });

  it("walk, pin event names and find comparisons in a 100,000-term chain", () => {
    const tree = ast(`${chain(100_000, "and", (i) => `properties.x != ${i}`)} and event = 'Last' and properties.t > 'x'`);
    let count = 0;
    for (const _ of fqlNodes(tree)) count++;
    expect(count).toBe(1 + 3 * 100_002);
    expect(requiredEventNames(tree)).toEqual(new Set(["Last"]));
    expect(nonNumericComparisons(tree)).toHaveLength(1);
  });

  it("random long chains evaluate as every/some over their terms", () => {
    // Terms hold mostly for `and` and mostly fail for `or`, so the answer often rests on one term anywhere in the chain.
    const truth = (common: boolean) =>
      fc.oneof({ weight: 200, arbitrary: fc.constant(common) }, { weight: 1, arbitrary: fc.constant(!common) });
    const term = (common: boolean) => fc.record({ holds: truth(common), negate: fc.boolean(), value: fc.integer({ min: 0, max: 3 }) });
    const shape = fc.constantFrom<"and" | "or">("and", "or").chain((op) =>
      fc.record({
        op: fc.constant(op),
        terms: fc.array(term(op === "and"), { minLength: 1, maxLength: 3000, size: "max" }),
        x: fc.integer({ min: 0, max: 3 }),
      }),
    );
    fc.assert(
      fc.property(shape, ({ op, terms, x }) => {
        // A term is `properties.x = v` or `!= v` (maybe under `!`), written so that it holds exactly when `holds` says.
        const text = terms
          .map((t) => `${t.negate ? "!" : ""}properties.x ${(t.holds !== t.negate) === (x === t.value) ? "=" : "!="} ${t.value}`)
          .join(` ${op} `);
        const expected = op === "and" ? terms.every((t) => t.holds) : terms.some((t) => t.holds);
        expect(evaluateFql(ast(text), { properties: { x } })).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  it("nesting by parentheses keeps its documented limit, with a clear error", () => {
    const parsed = parseFql(`${"(".repeat(65)}a = 1${")".repeat(65)}`);
    expect(parsed).toMatchObject({ ok: false, error: { message: "the expression is nested more than 64 levels deep" } });
  });
});
