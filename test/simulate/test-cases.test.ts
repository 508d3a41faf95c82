import { describe, expect, it } from "vitest";
import { checkExpectations, eventDiff, partialDiff, valueAt } from "../../src/simulate/test-cases/expectations.js";
import { parseTestFile, type TestFileContext } from "../../src/simulate/test-cases/parse-test-file.js";
import { xmlAttribute, xmlText } from "../../src/escape/xml-escape.js";
import { preview, renderText } from "../../src/report/test-results.js";
import { parsePath } from "../../src/fql/paths.js";
import type { ChainResult } from "../../src/simulate/types.js";

const context: TestFileContext = {
  environments: { staging: { sources: { web: "src_web" } } },
  destinations: { blueshift: "547610a5db31d978f14a5c4e" },
  env: "staging",
  envFailed: false,
};
const out = (event: ChainResult["event"], matched: string[] = []): ChainResult => ({
  dropped: event === null,
  event,
  matched,
  warnings: [],
});

describe("expectations", () => {
  it("contains: mappings match partially, lists by length and element, scalars by FQL equality (no coercion)", () => {
    const actual = { a: 1, b: { c: [1, { d: 2, e: 3 }], f: null }, g: "x" };
    expect(partialDiff({ b: { c: [1, { d: 2 }] } }, actual, [])).toEqual([]);
    expect(partialDiff({ b: { f: null } }, actual, [])).toEqual([]);
    expect(partialDiff({ a: "1" }, actual, [])).toEqual([{ sign: "~", path: "a", expected: "1", actual: 1 }]);
    expect(partialDiff({ b: { c: [1] } }, actual, [])).toEqual([{ sign: "~", path: "b.c", expected: [1], actual: [1, { d: 2, e: 3 }] }]);
    expect(partialDiff({ b: { z: null } }, actual, [])).toEqual([{ sign: "-", path: "b.z", expected: null }]);
    expect(partialDiff({ "a.b": 1 }, { "a.b": 2 }, [])).toEqual([{ sign: "~", path: "a\\.b", expected: 1, actual: 2 }]);
  });

  it("absent: engine paths (escapes), a whole number indexes a list, own keys only", () => {
    const event = { properties: { "a.b": 1, items: [{ price: 2 }], n: null } };
    expect(valueAt(event, parsePath("properties.a\\.b"))).toBe(1);
    expect(valueAt(event, parsePath("properties.items.0.price"))).toBe(2);
    expect(valueAt(event, parsePath("properties.items.1.price"))).toBeUndefined();
    expect(valueAt(event, parsePath("properties.n"))).toBeNull();
    expect(valueAt(event, parsePath("properties.constructor"))).toBeUndefined();
    expect(checkExpectations({ absent: ["properties.n"] }, out(event))[0]?.message).toBe("expected absent, but present: properties.n");
  });

  it("event: equality whatever the key order; the diff names missing, extra and changed paths", () => {
    expect(checkExpectations({ event: { b: 1, a: { x: 1 } } }, out({ a: { x: 1 }, b: 1 }))).toEqual([]);
    expect(eventDiff({ a: 1, b: { c: 2 }, l: [1, 2] }, { a: 2, b: {}, d: true, l: [1] })).toEqual(
      expect.arrayContaining([
        { sign: "~", path: "a", expected: 1, actual: 2 },
        { sign: "-", path: "b.c", expected: 2 },
        { sign: "+", path: "d", actual: true },
        { sign: "-", path: "l.1", expected: 2 },
      ]),
    );
  });

  it("a dropped event fails every output expectation, and dropped/matched are exact", () => {
    const dropped = out(null, ["Drop"]);
    expect(checkExpectations({ contains: {}, absent: ["x"], event: {} }, dropped).map((f) => f.expectation)).toEqual([
      "event",
      "contains",
      "absent",
    ]);
    expect(checkExpectations({ dropped: false, contains: {} }, dropped).map((f) => f.message)).toEqual([
      "expected the event to come out, but it was dropped",
    ]);
    expect(checkExpectations({ dropped: true, matched: ["Drop"] }, dropped)).toEqual([]);
    expect(checkExpectations({ matched: ["B", "A"] }, out({}, ["A", "B"]))[0]?.message).toBe(
      'expected these transformations to apply, in this order: "B", "A"; applied: "A", "B"',
    );
    expect(checkExpectations({ matched: [] }, out({}, ["A"]))[0]?.message).toContain('; applied: "A"');
  });
});

describe("parseTestFile", () => {
  it("positions each case at its `- name:` line and resolves its source alias", () => {
    const text =
      "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: a\n    source: web\n    event: {}\n    expect: { matched: [] }\n---\napiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: b\n    source: src_x\n    destination: d\n    event: {}\n    expect: { dropped: false }\n";
    const parsed = parseTestFile("t.yaml", text, context);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.cases.map((c) => [c.line, c.name, c.sourceId, c.destination, c.destinationId])).toEqual([
      [4, "a", "src_web", undefined, undefined],
      [12, "b", "src_x", "d", "d"],
    ]);
  });

  it("resolves a destination alias; a name two edits from an alias is an error at its position", () => {
    const head = "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: a\n    source: web\n";
    const aliased = parseTestFile("t.yaml", `${head}    destination: blueshift\n    event: {}\n    expect: { dropped: false }\n`, context);
    expect(aliased.cases.map((c) => [c.destination, c.destinationId])).toEqual([["blueshift", "547610a5db31d978f14a5c4e"]]);
    const typo = parseTestFile("t.yaml", `${head}    destination: blueshfit\n    event: {}\n    expect: { dropped: false }\n`, context);
    expect(typo.cases).toEqual([]);
    expect(typo.diagnostics).toEqual([
      expect.objectContaining({
        line: 6,
        rule: "unknown-destination-alias",
        message: expect.stringContaining('did you mean "blueshift"?'),
      }),
    ]);
  });

  it("refuses what JSON cannot hold, duplicate names, a wrong kind, an empty file; a file with an error yields no case", () => {
    const head = "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n";
    const nan = parseTestFile(
      "t.yaml",
      `${head}  - name: a\n    source: web\n    event: { v: .nan }\n    expect: { dropped: false }\n`,
      context,
    );
    expect(nan.cases).toEqual([]);
    expect(nan.diagnostics[0]).toMatchObject({
      line: 6,
      path: "cases.0.event.v",
      message: expect.stringContaining("not a JSON value (NaN)"),
    });
    const twice = parseTestFile(
      "t.yaml",
      `${head}  - { name: a, source: web, event: {}, expect: { dropped: false } }\n  - { name: a, source: web, event: {}, expect: { dropped: false } }\n`,
      context,
    );
    expect(twice.cases).toEqual([]);
    expect(twice.diagnostics[0]?.message).toBe('duplicate case name "a" (also at t.yaml:4); names must be unique in a file');
    expect(parseTestFile("t.yaml", "apiVersion: transync/v1\nkind: Transformation\ncases: []\n", context).diagnostics[0]?.message).toBe(
      'unknown kind "Transformation"; a test file has kind: TransformationTest',
    );
    expect(parseTestFile("t.yaml", "# nothing\n", context).diagnostics[0]).toMatchObject({
      severity: "error",
      message: expect.stringContaining("no documents"),
    });
    expect(
      parseTestFile("t.yaml", `${head}  - { name: a, source: web, event: "text", expect: { dropped: false } }\n`, context).diagnostics[0]
        ?.message,
    ).toBe('expected a mapping, got "text"');
  });

  it("refuses a YAML merge key (<<) in an event or an expectation: read as YAML 1.2 it is a plain key, and the case would test another event", () => {
    const head =
      "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: base\n    source: web\n    event: &base { type: track, event: Order Completed }\n    expect: { dropped: false }\n";
    const merged = parseTestFile(
      "t.yaml",
      `${head}  - name: merged\n    source: web\n    event: { <<: *base, userId: u }\n    expect: { matched: [] }\n`,
      context,
    );
    expect(merged.cases).toEqual([]);
    expect(merged.diagnostics).toEqual([
      expect.objectContaining({
        line: 10,
        col: 14,
        path: "cases.1.event.<<",
        rule: "test-json",
        message: expect.stringContaining("merge key"),
      }),
    ]);
    const inContains = parseTestFile(
      "t.yaml",
      `${head}  - name: c\n    source: web\n    event: *base\n    expect:\n      contains: { properties: { <<: { a: 1 } } }\n`,
      context,
    );
    expect(inContains.diagnostics).toEqual([expect.objectContaining({ line: 12, path: "cases.1.expect.contains.properties.<<" })]);
    // An alias alone is fine: it repeats the anchored value.
    expect(
      parseTestFile("t.yaml", `${head}  - name: alias\n    source: web\n    event: *base\n    expect: { dropped: false }\n`, context)
        .diagnostics,
    ).toEqual([]);
  });

  it("an absent path under a field the input lacks and no transformation creates is an error (a misspelling would always pass)", () => {
    const head =
      "apiVersion: transync/v1\nkind: TransformationTest\ncases:\n  - name: typo\n    source: web\n    event: { type: track, event: A, userId: u }\n";
    const typo = parseTestFile("t.yaml", `${head}    expect: { absent: [properties.total, propertes.total, userID] }\n`, context);
    expect(typo.cases).toEqual([]);
    expect(typo.diagnostics).toEqual([
      expect.objectContaining({
        line: 7,
        path: "cases.0.expect.absent.1",
        rule: "test-absent",
        message:
          '"propertes.total" always holds: the input event has no "propertes" and no transformation creates one (did you mean "properties"?)',
      }),
      expect.objectContaining({ line: 7, path: "cases.0.expect.absent.2", message: expect.stringContaining('(did you mean "userId"?)') }),
    ]);
    // Fields of the input, and those a transformation may create, can be expected absent.
    const fine = parseTestFile("t.yaml", `${head}    expect: { absent: [userId, context.ip, traits.email, event] }\n`, context);
    expect(fine.diagnostics).toEqual([]);
  });
});

describe("reports", () => {
  it("XML escaping: markup, quotes, line breaks in attributes, characters XML forbids", () => {
    expect(xmlText(`a<b>&c "d"`)).toBe('a&lt;b&gt;&amp;c "d"');
    expect(xmlAttribute(`"x"\n'y'\t`)).toBe("&quot;x&quot;&#10;&apos;y&apos;&#9;");
    expect(xmlText("\u0001\u001f\uffff\ud800x\ud83d\ude00")).toBe("\ufffd\ufffd\ufffd\ufffdx\ud83d\ude00");
  });

  it("text reports keep one case to one line: control characters in names, paths and warnings are shown escaped", () => {
    const test = {
      file: "t.yaml",
      line: 4,
      index: 0,
      name: "x\nPASS t.yaml:9 forged\u001b[2J",
      source: "web",
      sourceId: "src_web",
      event: {},
      expect: { dropped: true },
      at: { source: { file: "t.yaml", line: 5, col: 1 } },
      shapes: [],
    };
    const failed = {
      case: test,
      status: "failed" as const,
      failures: [{ expectation: "dropped" as const, message: "expected the event to be dropped, but it came out" }],
      needs: [],
      dropped: false,
      output: {},
      matched: ["A\nB"],
      warnings: ['"A\nB" and "C" both change properties.x'],
    };
    const text = renderText([failed], { passed: 0, failed: 1, skipped: 0 });
    expect(text.includes("\u001b")).toBe(false);
    expect(text.split("\n").filter((l) => /^(PASS|FAIL) /.test(l))).toEqual(["FAIL t.yaml:4 x\\nPASS t.yaml:9 forged\\u001b[2J"]);
    expect(text).toContain("applied:  1. A\\nB");
    expect(text).toContain('warning: "A\\nB" and "C" both change properties.x');
    expect(text.endsWith("\n0 passed, 1 failed\n")).toBe(true);
  });

  it("long values are cut in text reports", () => {
    const long = preview({ s: "x".repeat(10_000) });
    expect(long.length).toBeLessThan(2_100);
    expect(long).toMatch(/… \(10008 characters in all\)$/);
  });
});
