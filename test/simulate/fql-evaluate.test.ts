import { describe, expect, it } from "vitest";
import { compileFql, evaluateFql, matchesFql, MAX_EVAL_DEPTH, type JsonValue } from "../../src/simulate/evaluate-fql.js";
import { parseFql } from "../../src/fql/parse-fql.js";
import type { FqlExpr } from "../../src/fql/ast.js";

const event: JsonValue = {
  type: "track",
  event: "Order Completed",
  userId: "u1",
  properties: {
    total: 10,
    price: "5",
    vip: true,
    coupon: null,
    features: ["dark-mode", "beta"],
    tags: [1, "1", null, [1, 2], { a: 1 }],
    address: { city: "Zürich", zip: { code: 8001 } },
    "product 1": { price: 3 },
    "a.b": "dotted",
    emptyList: [],
    größe: { 東京: "L" },
  },
  integrations: { "Reddit Conversions Api": { click_id: "rdt" } },
  context: { library: { version: "2.1.0" } },
};

function run(src: string, input: JsonValue = event): JsonValue {
  const compiled = compileFql(src);
  if (!compiled.ok) throw new Error(`${src}: ${compiled.error}`);
  return compiled.evaluate(input);
}

describe("paths", () => {
  it.each([
    ["event", "Order Completed"],
    ["properties.address.zip.code", 8001],
    ["properties.product\\ 1.price", 3],
    ["integrations.Reddit\\ Conversions\\ Api.click_id", "rdt"],
    ["properties.a\\.b", "dotted"],
    ["properties.features.1", "beta"],
    ["properties.features", ["dark-mode", "beta"]],
    ["properties.größe.東京", "L"],
  ])("%s reads the event", (src, expected) => {
    expect(run(src)).toEqual(expected);
  });

  it.each([
    "properties.missing",
    "properties.total.deeper",
    "nope.nope.nope",
    "properties.features.2",
    "properties.features.01",
    "properties.constructor",
    "properties.__proto__",
    "properties.toString",
  ])("%s is missing, so null", (src) => {
    expect(run(src)).toBeNull();
  });

  it("treats a missing path as null in comparisons", () => {
    expect(run("properties.missing = null")).toBe(true);
    expect(run("properties.coupon = null")).toBe(true);
    expect(run("properties.missing != null")).toBe(false);
    expect(run("userId != null")).toBe(true);
  });

  it("reads paths of a non-object event as null", () => {
    for (const input of [null, 5, "x", true, []] as JsonValue[]) expect(run("properties.total", input)).toBeNull();
  });
});

describe("= and !=", () => {
  it.each([
    ["properties.total = 10", true],
    ["properties.total = '10'", false],
    ["properties.price = 5", false],
    ["properties.price = '5'", true],
    ["properties.vip = true", true],
    ["properties.vip = 'true'", false],
    ["properties.vip = 1", false],
    ["properties.coupon = false", false],
    ["properties.total != '10'", true],
    ["properties.total != 10", false],
    ["event = 'order completed'", false],
    ["properties.address.city = 'Zürich'", true],
    ["properties.features = ['dark-mode', 'beta']", true],
    ["properties.features = ['beta', 'dark-mode']", false],
    ["properties.features = ['dark-mode']", false],
    ["properties.emptyList = []", true],
    ["properties.emptyList = null", false],
    ["[1, [2, 3]] = [1, [2, 3]]", true],
    ["1 = 1.0", true],
    ["-0 = 0", true],
  ])("%s → %s", (src, expected) => {
    expect(run(src)).toBe(expected);
  });

  it("compares objects structurally, in any key order", () => {
    const input = { a: { x: 1, y: [1, { z: null }] }, b: { y: [1, { z: null }], x: 1 }, c: { x: 1 }, d: { x: 1, y: [1, { z: false }] } };
    expect(run("a = b", input)).toBe(true);
    expect(run("a = c", input)).toBe(false);
    expect(run("a = d", input)).toBe(false);
    expect(run("a != d", input)).toBe(true);
  });
});

describe("<, <=, >, >=", () => {
  it.each([
    ["properties.total > 9", true],
    ["properties.total > 10", false],
    ["properties.total >= 10", true],
    ["properties.total < 10.5", true],
    ["properties.total <= 10", true],
    ["properties.total < -1", false],
    ["properties.price > 4", false],
    ["properties.price < 6", false],
    ["'b' > 'a'", false],
    ["properties.missing < 1", false],
    ["properties.missing >= 0", false],
    ["properties.vip > 0", false],
    ["properties.features > 0", false],
    ["1e3 > 999", true],
  ])("%s → %s (numbers only)", (src, expected) => {
    expect(run(src)).toBe(expected);
  });
});

describe("and, or, !", () => {
  it.each([
    ["true and true", true],
    ["true and false", false],
    ["true and null", false],
    ["null and null", false],
    ["true or false", true],
    ["false or null", false],
    ["null or true", true],
    ["!true", false],
    ["!false", true],
    ["!null", true],
    ["!properties.missing", true],
    ["!(properties.total = 10)", false],
    ["!(type in ['track', 'identify'])", false],
    ["properties.vip and properties.total = 10", true],
    ["properties.price and true", false],
    ["!event", true],
  ])("%s → %s", (src, expected) => {
    expect(run(src)).toBe(expected);
  });

  it("binds `and` tighter than `or`", () => {
    // (true or false) and false would be false; true or (false and false) is true.
    expect(run("true or false and false")).toBe(true);
    expect(run("false and false or true")).toBe(true);
    expect(run("(true or false) and false")).toBe(false);
  });
});

describe("in", () => {
  it.each([
    ["event in ['Order Completed', 'Order Placed']", true],
    ["event in ['order completed']", false],
    ["event in []", false],
    ["'dark-mode' in properties.features", true],
    ["'gamma' in properties.features", false],
    ["1 in properties.tags", true],
    ["'1' in properties.tags", true],
    ["true in properties.tags", false],
    ["null in properties.tags", true],
    ["[1, 2] in properties.tags", true],
    ["[2, 1] in properties.tags", false],
    ["properties.missing in [null]", true],
    ["properties.total in [10, 11]", true],
    ["properties.total in ['10']", false],
    ["'x' in properties.missing", false],
    ["'Zürich' in properties.address", false],
  ])("%s → %s", (src, expected) => {
    expect(run(src)).toBe(expected);
  });

  it("refuses a string on the right of in as a syntax error (a list or a field only), not a silent false", () => {
    expect(compileFql("'dark' in 'dark-mode'").ok).toBe(false);
  });

  it("evaluates list items as expressions", () => {
    expect(run("properties.total in [properties.price, properties.address.zip.code, 10]")).toBe(true);
  });
});

describe("all, matchesFql and compileFql", () => {
  it("`all` matches every event, even one without fields", () => {
    for (const input of [event, {}, null, { all: false }] as JsonValue[]) expect(run("all", input)).toBe(true);
    expect(compileFql("all")).toMatchObject({ ok: true });
  });

  it("a path named all deeper in the event is an ordinary path", () => {
    expect(run("properties.all", { properties: { all: "x" } })).toBe("x");
  });

  it("matches only when the value is exactly true", () => {
    const parse = (src: string): FqlExpr => (parseFql(src) as { ok: true; ast: FqlExpr }).ast;
    expect(matchesFql(parse("properties.vip"), event)).toBe(true);
    expect(matchesFql(parse("properties.price"), event)).toBe(false);
    expect(matchesFql(parse("lowercase(event)"), event)).toBe(false);
    expect(matchesFql(parse("properties.total"), event)).toBe(false);
    const compiled = compileFql("properties.features");
    expect(compiled.ok && compiled.matches(event)).toBe(false);
  });

  it("reports a syntax error with its column", () => {
    expect(compileFql('userId = oops"')).toEqual({ ok: false, error: expect.stringMatching(/unterminated string.*column 14/) });
    expect(compileFql("")).toMatchObject({ ok: false });
  });

  it("caches parses by text", () => {
    expect(compileFql("event = 'A'")).toBe(compileFql("event = 'A'"));
  });

  it("evaluates a hand-built tree deeper than the limit to null instead of overflowing", () => {
    let expr: FqlExpr = { kind: "literal", value: false, offset: 0 };
    for (let i = 0; i < 100_000; i++) expr = { kind: "not", operand: expr, offset: 0 };
    expect(evaluateFql(expr, event)).toBe(true);
    let shallow: FqlExpr = { kind: "literal", value: false, offset: 0 };
    for (let i = 0; i < MAX_EVAL_DEPTH - 1; i++) shallow = { kind: "not", operand: shallow, offset: 0 };
    expect(evaluateFql(shallow, event)).toBe((MAX_EVAL_DEPTH - 1) % 2 === 1);
  });
});
