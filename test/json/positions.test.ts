import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { lineCol, scanJson } from "../../src/json/positions.js";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe("scanJson", () => {
  it("agrees with JSON.parse on valid JSON and on JSON with one character changed, removed or added", () => {
    const texts = fc.tuple(
      fc.json(),
      fc.nat(),
      fc.constantFrom("", "{", "}", "[", "]", ",", ":", '"', "\\", "x", "1", "-", ".", "e", " ", "\n", "\u0001"),
      fc.constantFrom("replace", "insert", "delete"),
    );
    fc.assert(
      fc.property(texts, ([json, at, ch, how]) => {
        const i = json.length === 0 ? 0 : at % json.length;
        const text =
          how === "replace"
            ? json.slice(0, i) + ch + json.slice(i + 1)
            : how === "insert"
              ? json.slice(0, i) + ch + json.slice(i)
              : json.slice(0, i) + json.slice(i + 1);
        const offset = scanJson(text);
        expect(offset === -1).toBe(parses(text));
        expect(offset).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 3000 },
    );
  });

  it("points at the first bad character, or at the end when the text stops too soon", () => {
    expect(scanJson('{"a": tru}')).toBe(6);
    expect(scanJson("[1, 2,]")).toBe(6);
    expect(scanJson('{"a": 1')).toBe(7);
    expect(scanJson("")).toBe(0);
    expect(scanJson('"a\\qb"')).toBe(2);
    expect(scanJson("1 2")).toBe(2);
    expect(scanJson(' {"a": [1, {"b": null}], "c": "\\u00e9"} ')).toBe(-1);
  });

  it("gives the offset of each element of a top-level array, and survives deep nesting", () => {
    const items: number[] = [];
    const text = '[\n  {"a": [1, 2]},\n  "x",\n  [3]\n]';
    expect(scanJson(text, (offset) => items.push(offset))).toBe(-1);
    expect(items.map((offset) => text[offset])).toEqual(["{", '"', "["]);
    expect(items.map((offset) => lineCol(text, offset).line)).toEqual([2, 3, 4]);
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    expect(scanJson(deep)).toBe(-1);
  });
});

describe("lineCol", () => {
  it("is 1-based", () => {
    expect(lineCol("ab\ncd", 0)).toEqual({ line: 1, col: 1 });
    expect(lineCol("ab\ncd", 4)).toEqual({ line: 2, col: 2 });
  });
});
