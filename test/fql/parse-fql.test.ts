import { describe, expect, it } from "vitest";
import { parseFql, MAX_FQL_DEPTH, CAPITAL_OR } from "../../src/fql/parse-fql.js";
import { selectsTrackEvents } from "../../src/fql/selects-track-events.js";
import type { FqlExpr } from "../../src/fql/ast.js";

function ast(src: string): FqlExpr {
  const result = parseFql(src);
  if (!result.ok) throw new Error(`unexpected error: ${result.error.message}`);
  return result.ast;
}

function error(src: string): { message: string; col: number } {
  const result = parseFql(src);
  if (result.ok) throw new Error(`expected an error for ${src}`);
  return { message: result.error.message, col: result.error.col };
}

describe("parseFql", () => {
  it.each([
    "event = 'Button Clicked'",
    "type = 'identify' or type = 'track'",
    "match( context.library.version, '1.*' )",
    "type = 'track' and ( event = 'Click' or match( event, 'Button *' ) )",
    "!contains( context.library.name, 'js' )",
    "'dark-mode' in properties.features",
    "properties.total >= 10.5 and properties.total < 1e3",
    "length(properties.items) > 0",
    "typeof(properties.price) = 'number'",
    'event != "Order Completed"',
    "properties.coupon = null and properties.vip = true",
    "lowercase(uppercase(properties.a)) = 'x'",
    "event in ['A', 'B']",
  ])("accepts %s", (src) => {
    expect(parseFql(src).ok).toBe(true);
  });

  it("builds comparisons with paths and literals", () => {
    expect(ast("event = 'Order Completed'")).toEqual({
      kind: "compare",
      op: "=",
      offset: 6,
      left: { kind: "path", segments: ["event"], offset: 0 },
      right: { kind: "literal", value: "Order Completed", offset: 8 },
    });
  });

  it("unescapes quoted path segments", () => {
    const node = ast("integrations.Reddit\\ Conversions\\ Api.click_id = null");
    expect(node).toMatchObject({
      kind: "compare",
      left: { kind: "path", segments: ["integrations", "Reddit Conversions Api", "click_id"] },
      right: { value: null },
    });
  });

  it("gives `and` precedence over `or`, and `!` over both", () => {
    const node = ast("a = 1 or !b = 2 and c = 3");
    expect(node).toMatchObject({
      kind: "logical",
      op: "or",
      operands: [{ kind: "compare" }, { kind: "logical", op: "and", operands: [{ kind: "not" }, { kind: "compare" }] }],
    });
  });

  it("parses calls with lower-case names and list literals", () => {
    expect(ast("contains(event, 'x')")).toMatchObject({
      kind: "call",
      name: "contains",
      args: [{ kind: "path" }, { kind: "literal", value: "x" }],
    });
    expect(ast("event in ['A', 2]")).toMatchObject({ op: "in", right: { kind: "list", items: [{ value: "A" }, { value: 2 }] } });
  });

  it("reads strings as written, up to the same quote (Segment's lexer, segmentio/fql-ts, has no string escapes)", () => {
    expect(ast(`event = "it's"`)).toMatchObject({ right: { value: "it's" } });
    expect(ast("match(properties.sku, 'ab\\*d')")).toMatchObject({ args: [{}, { value: "ab\\*d" }] });
    expect(ast("event = 'a\\nb\\'")).toMatchObject({ right: { value: "a\\nb\\" } });
    expect(ast("properties.n > -3.5")).toMatchObject({ right: { value: -3.5 } });
  });

  it("refuses a quote inside a string of the same quote (there is no escape for it)", () => {
    const result = parseFql("event = 'it\\'s'");
    expect(result.ok).toBe(false);
  });

  it("treats keywords after a dot as field names", () => {
    expect(ast("properties.and = properties.null")).toMatchObject({
      left: { segments: ["properties", "and"] },
      right: { segments: ["properties", "null"] },
    });
  });

  it.each([
    ["", "the expression is empty", 1],
    ["event = ", "expected a value, a field or a function call, found the end of the expression", 8],
    ["(event = 'a'", 'expected ")" to close the "(" at column 1', 13],
    ["event = 'a", "unterminated string: missing closing '", 9],
    ["event == 'a'", "use `=` to compare, not `==`", 7],
    ["a = 1 && b = 2", "use `and`, not `&&`", 7],
    ["event = 'a' type = 'b'", 'unexpected "type" after a complete expression (missing `and`/`or`?)', 13],
    [
      "foo(event)",
      'unknown function "foo" (known: contains, match, length, lowercase, uppercase, snakecase, kebabcase, titlecase, typeof, bool, string, number)',
      1,
    ],
    ["a = 1 and contains(event)", "contains() takes 2 arguments, got 1", 11],
    ["properties. = 1", 'expected a field name after "."', 13],
    ["event = 'a' and", "expected a value, a field or a function call, found the end of the expression", 16],
    ["a = #", 'unexpected character "#"', 5],
    ["and = 1", 'expected a value or a field before "and"', 1],
    ["event in ['a' 'b']", 'expected "," or "]", found the string "b"', 15],
    // JavaScript reads these as Infinity, which no JSON value can be: evaluated, the literal was null.
    ["properties.total < 1e999", "the number 1e999 is too large (numbers in FQL are finite)", 20],
    [`properties.total = ${"9".repeat(400)}`, `the number ${"9".repeat(24)}… is too large (numbers in FQL are finite)`, 20],
    ["properties.total > -1e400", "the number -1e400 is too large (numbers in FQL are finite)", 20],
  ])("rejects %j: %s at column %i", (src, message, col) => {
    expect(error(src)).toEqual({ message, col });
  });

  // One rule, as in Segment's FQL reference and its lexer: keywords and function names are lowercase.
  it.each([
    ["CONTAINS(event, 'x')", 'unknown function "CONTAINS": FQL keywords and function names are lowercase; write "contains"', 1],
    ["Match(event, 'x*')", 'unknown function "Match": FQL keywords and function names are lowercase; write "match"', 1],
    ["event = 'a' And type = 'b'", '"And" after a complete expression: FQL keywords and function names are lowercase; write "and"', 13],
    ["event = 'a' Or type = 'b'", '"Or" after a complete expression: FQL keywords and function names are lowercase; write "or"', 13],
    ["(event = 'a' Or type = 'b')", '"Or" after a complete expression: FQL keywords and function names are lowercase; write "or"', 14],
    ["event IN ['a']", '"IN" after a complete expression: FQL keywords and function names are lowercase; write "in"', 7],
  ])("holds keywords and function names to lowercase: %j", (src, message, col) => {
    expect(error(src)).toEqual({ message, col });
  });

  // The Public API's own example of previewDestinationFilter writes `AND` in capitals, and Segment's engines agree on it.
  it("reads AND in capitals as and, as the OpenAPI document's example writes it", () => {
    expect(ast('type = "track" AND event = "Order Completed"')).toEqual(ast('type = "track" and event = "Order Completed"'));
    expect(ast("a = 1 AND (b = 2 or c = 3) AND !d")).toEqual(ast("a = 1 and (b = 2 or c = 3) and !d"));
    expect(ast("properties.AND = 1")).toMatchObject({ left: { kind: "path", segments: ["properties", "AND"] } });
  });

  // @segment/destination-subscriptions reads a capital OR as "and" (its lexer takes it for a field name and skips it).
  it.each([
    ["event = 'a' OR type = 'b'", 13],
    ["(event = 'a' OR type = 'b') and x = 1", 14],
    ["event = 'a' and (x = 1 OR y = 2)", 24],
    ["contains(event, 'a' OR 'b')", 21],
  ])("refuses OR in capitals with the reason: %j", (src, col) => {
    expect(error(src)).toEqual({ message: CAPITAL_OR, col });
    expect(CAPITAL_OR).toContain('@segment/destination-subscriptions reads a capital OR as "and"');
    expect(CAPITAL_OR).toMatch(/write "or"$/);
  });

  it("takes a keyword in another case as a field name where a field can stand (as Segment's lexer does)", () => {
    expect(ast("properties.x = TRUE")).toMatchObject({ right: { kind: "path", segments: ["TRUE"] } });
  });

  it.each([
    ["event in 'a'", "the right side of \"in\" must be a list such as ['a', 'b'] or a field holding one, found the string \"a\"", 10],
    ["event in 3", "the right side of \"in\" must be a list such as ['a', 'b'] or a field holding one, found the number 3", 10],
    [
      "event in lowercase(type)",
      "the right side of \"in\" must be a list such as ['a', 'b'] or a field holding one, found a call of lowercase()",
      10,
    ],
  ])("requires a list or a path on the right of in: %j", (src, message, col) => {
    expect(error(src)).toEqual({ message, col });
  });

  it("accepts a list or a field on the right of in", () => {
    expect(ast("'dark-mode' in properties.features")).toMatchObject({ op: "in", right: { kind: "path" } });
    expect(ast("event in ['a']")).toMatchObject({ op: "in", right: { kind: "list" } });
  });

  it.each([
    ["not event = 'a'", 1],
    ["NOT (event = 'a')", 1],
    ["type = 'track' and not(event = 'a')", 20],
  ])("points `not` at `!`: %j", (src, col) => {
    expect(error(src)).toEqual({ message: 'FQL has no "not": write "!" before the condition, e.g. !(event = \'a\')', col });
  });

  it("keeps a field named not", () => {
    expect(ast("properties.not = 1 and not = 2")).toMatchObject({ kind: "logical" });
  });

  it("limits nesting depth without overflowing the stack", () => {
    const deep = `${"(".repeat(10_000)}a = 1${")".repeat(10_000)}`;
    expect(error(deep).message).toBe(`the expression is nested more than ${MAX_FQL_DEPTH} levels deep`);
    expect(error("!".repeat(10_000) + "a").message).toContain("nested more than");
    expect(parseFql(`${"(".repeat(30)}a = 1${")".repeat(30)}`).ok).toBe(true);
  });

  // Its time is a figure of bench/hostile-inputs.ts (a quadratic parse would run past this test's timeout).
  it("parses a 20,000-term expression", () => {
    const long = Array.from({ length: 20_000 }, (_, i) => `event = 'E${i}'`).join(" or ");
    expect(parseFql(long).ok).toBe(true);
  });
});

describe("selectsTrackEvents", () => {
  it.each([
    ["event = 'A'", true],
    ["type = 'track'", true],
    ["'track' = type", true],
    ["match(event, 'Debug *')", true],
    ["type = 'identify'", false],
    ["type = 'group' or properties.x = 1", false],
  ])("%s -> %s", (src, expected) => {
    expect(selectsTrackEvents(ast(src))).toBe(expected);
  });
});
