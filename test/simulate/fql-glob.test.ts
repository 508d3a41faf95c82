import { describe, expect, it } from "vitest";
import { globMatch, MAX_GLOB_PATTERN } from "../../src/simulate/glob.js";
import { compileFql } from "../../src/simulate/evaluate-fql.js";

// Go's path.Match vectors as adapted by segmentio/glob (`*` and `?` also match `/`), the same
// table @segment/tsub tests against (src/__tests__/matchers.test.ts); `\` is one backslash here.
const VECTORS: Array<[string, string, boolean]> = [
  ["abc", "abc", true],
  ["*", "abc", true],
  ["*c", "abc", true],
  ["*b", "abc", false],
  ["a*", "a", true],
  ["a*", "abc", true],
  ["a*", "ab/c", true],
  ["a*/b", "abc/b", true],
  ["a*/b", "a/c/b", true],
  ["a*b*c*d*e*/f", "axbxcxdxe/f", true],
  ["a*b*c*d*e*/f", "axbxcxdxexxx/f", true],
  ["a*b*c*d*e*/f", "axbxcxdxe/xxx/f", true],
  ["a*b*c*d*e*/f", "axbxcxdxexxx/fff", false],
  ["a*b?c*x", "abxbbxdbxebxczzx", true],
  ["a*b?c*x", "abxbbxdbxebxczzy", false],
  ["*a*b*c*", "abcabcabc", true],
  ["ab[c]", "abc", true],
  ["ab[b-d]", "abc", true],
  ["ab[e-g]", "abc", false],
  ["ab[^c]", "abc", false],
  ["ab[^b-d]", "abc", false],
  ["ab[^e-g]", "abc", true],
  ["a\\*b", "a*b", true],
  ["a\\ b", "a b", true],
  ["a\\*b", "ab", false],
  ["a?b", "a☺b", true],
  ["a[^a]b", "a☺b", true],
  ["a???b", "a☺b", false],
  ["a[^a][^a][^a]b", "a☺b", false],
  ["[a-ζ]*", "α", true],
  ["*[a-ζ]", "A", false],
  ["a?b", "a/b", true],
  ["a*b", "a/b", true],
  ["[\\]a]", "]", true],
  ["[\\-]", "-", true],
  ["[x\\-]", "x", true],
  ["[x\\-]", "-", true],
  ["[x\\-]", "z", false],
  ["[\\-x]", "x", true],
  ["[\\-x]", "-", true],
  ["[\\-x]", "a", false],
  ["[]a]", "]", false],
  ["[-]", "-", false],
  ["[x-]", "x", false],
  ["[x-]", "-", false],
  ["[x-]", "z", false],
  ["[-x]", "x", false],
  ["[-x]", "-", false],
  ["[-x]", "a", false],
  ["\\", "a", false],
  ["[a-b-c]", "a", false],
  ["[", "a", false],
  ["[^", "a", false],
  ["[^bc", "a", false],
  ["a[", "a", false],
  ["a[", "ab", false],
  ["*x", "xxx", true],
];

describe("globMatch", () => {
  it.each(VECTORS)("pattern %j on %j → %s", (pattern, text, expected) => {
    expect(globMatch(text, pattern)).toBe(expected);
  });

  it.each([
    ["Button *", "Button Clicked", true],
    ["Button *", "button Clicked", false],
    ["ab", "abc", false],
    ["*", "", true],
    ["", "", true],
    ["", "a", false],
    ["?", "", false],
    ["?", "😀", true],
    ["??", "😀", false],
    ["[😀-😂]", "😁", true],
    ["**", "anything", true],
    ["a**b", "ab", true],
    ["*.com", "test@test.com", true],
    ["[^]", "a", false],
    ["[]", "a", false],
    ["*a*a*", "aa", true],
    ["*a*a*", "a", false],
    ["x*y*z", "xzy", false],
  ])("pattern %j on %j → %s", (pattern, text, expected) => {
    expect(globMatch(text, pattern)).toBe(expected);
  });

  it("matches a pattern at the size limit and refuses a longer one", () => {
    const text = "a".repeat(MAX_GLOB_PATTERN + 1);
    expect(globMatch(text.slice(1), "a".repeat(MAX_GLOB_PATTERN))).toBe(true);
    expect(globMatch(text, "a".repeat(MAX_GLOB_PATTERN + 1))).toBe(false);
  });

  // Linear work is held by the meter (next test); the time is a figure of bench/hostile-inputs.ts.
  it("finds a 5,000-character piece in a 400 KB string (the naive scan took 4.5 s)", () => {
    const text = "a".repeat(400_000);
    const literal = `*${"a".repeat(4_998)}b*`;
    const wild = `*${"a?".repeat(2_499)}b*`;
    const classy = `*${"[a-b]".repeat(1_000)}c*`;
    expect(globMatch(text, literal)).toBe(false);
    expect(globMatch(`${text}b`, literal)).toBe(true);
    expect(globMatch(text, wild)).toBe(false);
    expect(globMatch(`${text}b`, wild)).toBe(true);
    expect(globMatch(text, classy)).toBe(false);
  });

  it("charges its work to the meter: linear for plain pieces, words of 32 characters for wild ones", () => {
    const spent = (text: string, pattern: string): number => {
      let steps = 0;
      globMatch(text, pattern, { charge: (n) => void (steps += n) });
      return steps;
    };
    const text = "a".repeat(100_000);
    expect(spent(text, `*${"a".repeat(4_998)}b*`)).toBeLessThan(4 * 100_000);
    const wild = spent(text, `*${"a?".repeat(2_499)}b*`);
    expect(wild).toBeGreaterThan(100 * 100_000);
    expect(wild).toBeLessThan(200 * 100_000);
  });

  it("answers on a hostile string and pattern (no backtracking across stars: its time is in bench/hostile-inputs.ts)", () => {
    const text = "a".repeat(200_000);
    const pattern = `*${"a".repeat(60)}b*${"a?".repeat(20)}*`;
    expect(globMatch(text, pattern)).toBe(false);
    expect(globMatch(text, `*${"a*".repeat(2000)}`)).toBe(true);
  });
});

describe("match() in FQL", () => {
  const event = { event: "Button Clicked", context: { library: { version: "2.1.0" } }, n: 5 };
  it.each([
    ["match(event, 'Button *')", true],
    ["match(event, 'button *')", false],
    ["match(event, 'Button')", false],
    ["match(context.library.version, '2.*')", true],
    ["match(context.library.version, '[0-1].*')", false],
    ["match(missing, '*')", false],
    ["match(event, missing)", false],
    ["match(n, '*')", false],
    // FQL strings are taken as written (no escapes, as in Segment's lexer), so the glob's `\*` is `\*` in FQL.
    ["match('ab*d', 'ab\\*d')", true],
    ["match('abxd', 'ab\\*d')", false],
  ])("%s → %s", (src, expected) => {
    const compiled = compileFql(src);
    expect(compiled.ok && compiled.evaluate(event)).toBe(expected);
  });
});
