import { describe, expect, it } from "vitest";
import { parseFql } from "../../src/fql/parse-fql.js";
import { fqlNodes } from "../../src/fql/walk.js";
import type { FqlExpr } from "../../src/fql/ast.js";

function ast(fql: string): FqlExpr {
  const parsed = parseFql(fql);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.ast;
}

describe("fqlNodes: the one walk of an FQL tree", () => {
  it("visits every node, parent first, left to right", () => {
    const kinds = [...fqlNodes(ast("event = 'a' and !contains(name, 'x') or type in ['t', 'u']"))].map((n) =>
      n.kind === "literal" ? n.value : n.kind === "path" ? n.segments.join(".") : n.kind,
    );
    expect(kinds).toEqual(["logical", "logical", "compare", "event", "a", "not", "call", "name", "x", "compare", "type", "list", "t", "u"]);
  });

  it("walks a tree nested far deeper than the call stack allows", () => {
    let deep: FqlExpr = { kind: "literal", value: true, offset: 0 };
    for (let i = 0; i < 200_000; i++) deep = { kind: "not", operand: deep, offset: 0 };
    let count = 0;
    for (const _ of fqlNodes(deep)) count++;
    expect(count).toBe(200_001);
  });
});
