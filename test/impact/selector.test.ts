import { describe, expect, it } from "vitest";
import { parseFql } from "../../src/fql/parse-fql.js";
import { isPlainSelector, selectedNames } from "../../src/impact/selector.js";

function ast(fql: string) {
  const parsed = parseFql(fql);
  if (!parsed.ok) throw new Error(`does not parse: ${fql}`);
  return parsed.ast;
}

describe("isPlainSelector: an `if` that reads only the event's name and type", () => {
  it.each([
    "event = 'Order Completed'",
    "'Order Completed' = event",
    "type = 'track'",
    "event in ['A', 'B']",
    "type in ['page', 'screen']",
    "event = 'A' or event = 'B'",
    "(event = 'A' or event = 'B') and type = 'track'",
    "event != 'A'",
    "!(event = 'A')",
    "all",
    "true",
    // Functions of `event` and `type` alone: one value per row (issue 35).
    "contains(event, 'Order')",
    "match(event, 'Order*')",
    "!match(event, 'Debug *') and type = 'track'",
    "event = type",
    "length(event) > 3",
    "event in [type, 'A']",
  ])("%s is plain", (fql) => {
    expect(isPlainSelector(ast(fql))).toBe(true);
  });

  it.each([
    "properties.total > 100",
    "event = 'A' and properties.plan = 'pro'",
    "match(event, properties.pattern)",
    "event in properties.names",
    "length(name) > 3",
    "context.event = 'A'",
    "event = 'A' and all",
    "event.name = 'A'",
  ])("%s is not plain", (fql) => {
    expect(isPlainSelector(ast(fql))).toBe(false);
  });

  it("decides a chain of 5,000 operands without overflowing the stack", () => {
    const chain = Array.from({ length: 5_000 }, (_, i) => `event = 'E${i}'`).join(" or ");
    expect(isPlainSelector(ast(chain))).toBe(true);
    expect(isPlainSelector(ast(`${chain} or properties.x = 1`))).toBe(false);
  });
});

describe("selectedNames: the names and types asked for by `=` and `in`, outside an odd number of `!`", () => {
  it("collects from `=`, `in` and either side, each once, in source order", () => {
    expect(selectedNames(ast("event = 'B' or 'A' = event or event in ['C', 'B'] or type = 'track'"))).toEqual({
      events: ["B", "A", "C"],
      types: ["track"],
    });
  });

  it("leaves out `!=` and negated tests (they ask for every other event), and counts double negation as asking", () => {
    expect(selectedNames(ast("event != 'A' and !(event = 'B') and !(!(event = 'C'))"))).toEqual({ events: ["C"], types: [] });
  });
});
