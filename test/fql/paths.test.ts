import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deleteIn, formatPath, getIn, parsePath, setIn } from "../../src/fql/paths.js";
import type { JsonObject } from "../../src/simulate/types.js";

describe("paths", () => {
  it.each([
    ["properties.order.total", ["properties", "order", "total"]],
    ["ingredients\\.salad", ["ingredients.salad"]],
    ["a\\\\.b", ["a\\", "b"]],
    ["a\\ b\\$c", ["a b$c"]],
    ["trailing\\", ["trailing\\"]],
    ["a..b", ["a", "", "b"]],
    ["価格.🎉", ["価格", "🎉"]],
  ])("parses %s", (text, segments) => {
    expect(parsePath(text)).toEqual(segments);
  });
  it("formatPath and parsePath round-trip any segments", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (segments) => {
        expect(parsePath(formatPath(segments))).toEqual(segments);
      }),
    );
  });
  it("getIn does not walk into lists or inherited properties", () => {
    expect(getIn({ a: [{ b: 1 }] }, ["a", "0", "b"])).toBeUndefined();
    expect(getIn({}, ["constructor"])).toBeUndefined();
    expect(getIn({ a: { b: null } }, ["a", "b"])).toBeNull();
  });
  it("setIn and deleteIn copy on write and share what they do not change", () => {
    const shared = { deep: 1 };
    const root: JsonObject = { a: { b: 1 }, other: shared };
    const set = setIn(root, ["a", "c"], 2);
    expect(set).toEqual({ a: { b: 1, c: 2 }, other: { deep: 1 } });
    expect(set?.["other"]).toBe(shared);
    const removed = deleteIn(root, ["a", "b"]);
    expect(removed).toEqual({ a: {}, other: { deep: 1 } });
    expect(root).toEqual({ a: { b: 1 }, other: { deep: 1 } });
    expect(deleteIn(root, ["a", "zz"])).toBeUndefined();
    expect(setIn(root, [], 1)).toBeUndefined();
  });
});
