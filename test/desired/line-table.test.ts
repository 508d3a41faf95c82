import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LineCounter } from "yaml";
import { lineTable } from "../../src/desired/line-table.js";

/** yaml's own table for `text`, built as its parser builds it. */
function yamlTable(text: string): LineCounter {
  const counter = new LineCounter();
  counter.addNewLine(0);
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) counter.addNewLine(at + 1);
  return counter;
}

describe("lineTable", () => {
  it("answers every offset as yaml's LineCounter does (text of newlines, CRs and other characters)", () => {
    const text = fc.array(fc.constantFrom("a", "\n", "\r", " ", "é", "\n\n"), { maxLength: 60 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.nat(80), (t, offset) => {
        expect(lineTable(t).linePos(offset)).toEqual(yamlTable(t).linePos(offset));
      }),
      { numRuns: 500 },
    );
  });

  it("counts lines from 1 and columns from 1", () => {
    const table = lineTable("ab\ncd\n\nef");
    expect(table.linePos(0)).toEqual({ line: 1, col: 1 });
    expect(table.linePos(4)).toEqual({ line: 2, col: 2 });
    expect(table.linePos(6)).toEqual({ line: 3, col: 1 });
    expect(table.linePos(8)).toEqual({ line: 4, col: 2 });
  });
});
