import { describe, expect, it } from "vitest";
import { compileFql, type JsonValue } from "../../src/simulate/evaluate-fql.js";
import { callFqlFunction } from "../../src/simulate/fql-functions.js";
import { splitWords } from "../../src/simulate/words.js";

const event: JsonValue = {
  email: "Test@Example.COM",
  name: "Zoë Straße",
  kana: "ア",
  emoji: "😀",
  n: 42,
  f: 1.5,
  yes: true,
  no: false,
  nul: null,
  list: [1, "a", null],
  empty: [],
  obj: { b: 1, a: [true] },
  emptyObj: {},
};

function run(src: string): JsonValue {
  const compiled = compileFql(src);
  if (!compiled.ok) throw new Error(`${src}: ${compiled.error}`);
  return compiled.evaluate(event);
}

function cases(rows: Array<[string, JsonValue]>): void {
  it.each(rows)("%s → %j", (src, expected) => {
    expect(run(src)).toEqual(expected);
  });
}

describe("contains", () => {
  cases([
    ["contains(email, 'Example')", true],
    ["contains(email, 'example')", false],
    ["contains(email, '')", true],
    ["contains(missing, 'x')", false],
    ["contains(nul, 'x')", false],
    ["contains(email, missing)", false],
    ["contains(n, '4')", false],
    ["contains(list, 'a')", false],
    ["contains(name, 'ë S')", true],
  ]);
});

describe("length", () => {
  cases([
    ["length('abc')", 3],
    ["length(kana)", 3],
    ["length(emoji)", 4],
    ["length(name)", 12],
    ["length('')", 0],
    ["length(list)", 3],
    ["length(empty)", 0],
    ["length(obj)", 2],
    ["length(emptyObj)", 0],
    ["length(nul)", 0],
    ["length(missing)", 0],
    ["length(missing) < 1", true],
    ["length(n)", null],
    ["length(yes)", null],
  ]);
});

describe("lowercase and uppercase", () => {
  cases([
    ["lowercase(email)", "test@example.com"],
    ["uppercase(email)", "TEST@EXAMPLE.COM"],
    ["uppercase(name)", "ZOË STRASSE"],
    ["lowercase('ÀÉÎ')", "àéî"],
    ["lowercase(nul)", null],
    ["lowercase(missing)", null],
    ["uppercase(missing)", null],
    ["lowercase(n)", null],
    ["uppercase(list)", null],
    ["lowercase(email) = 'test@example.com'", true],
  ]);
});

describe("snakecase, kebabcase, titlecase", () => {
  cases([
    ["snakecase('test string')", "test_string"],
    ["snakecase('Order Completed')", "order_completed"],
    ["snakecase('orderId')", "order_id"],
    ["snakecase('HTMLParser v2')", "html_parser_v2"],
    ["snakecase('already_snake-case.value')", "already_snake_case_value"],
    ["snakecase('  many   spaces  ')", "many_spaces"],
    ["snakecase('')", ""],
    ["kebabcase('test string')", "test-string"],
    ["kebabcase('productID2Name')", "product-id2-name"],
    ["kebabcase(name)", "zoë-straße"],
    ["titlecase('test string')", "Test String"],
    ["titlecase('hELLO wORLD')", "H Ello W Orld"],
    ["titlecase('order_completed')", "Order Completed"],
    ["titlecase('élan vital')", "Élan Vital"],
    ["snakecase(nul)", null],
    ["kebabcase(missing)", null],
    ["titlecase(n)", null],
  ]);

  it("splits words at separators and camelCase boundaries, keeping digits", () => {
    expect(splitWords("userIDNumber42x")).toEqual(["user", "ID", "Number42x"]);
    expect(splitWords("a--b__c..d 😀 e")).toEqual(["a", "b", "c", "d", "e"]);
    expect(splitWords("version2Beta")).toEqual(["version2", "Beta"]);
    expect(splitWords("東京タワー")).toEqual(["東京タワー"]);
  });

  it("keeps combining marks in their word (decomposed accents, Indic vowel signs and viramas)", () => {
    // "naïve" and "José" as macOS often sends them (NFD: base letter + U+0308 / U+0301).
    expect(splitWords("nai\u0308ve user")).toEqual(["nai\u0308ve", "user"]);
    expect(splitWords("Jose\u0301Garci\u0301a")).toEqual(["Jose\u0301", "Garci\u0301a"]);
    expect(splitWords("नमस्ते दुनिया")).toEqual(["नमस्ते", "दुनिया"]);
    expect(callFqlFunction("snakecase", ["Jose\u0301 Garci\u0301a"])).toBe("jose\u0301_garci\u0301a");
    expect(callFqlFunction("titlecase", ["nai\u0308ve user"])).toBe("Nai\u0308ve User");
    expect(callFqlFunction("kebabcase", ["नमस्ते दुनिया"])).toBe("नमस्ते-दुनिया");
    // A mark with no letter before it is still kept, in a word of its own.
    expect(splitWords("\u0301a b")).toEqual(["\u0301a", "b"]);
  });
});

describe("typeof", () => {
  cases([
    ["typeof(email)", "string"],
    ["typeof(n)", "number"],
    ["typeof(f)", "number"],
    ["typeof(yes)", "bool"],
    ["typeof(list)", "list"],
    ["typeof(obj)", "object"],
    ["typeof(nul)", "null"],
    ["typeof(missing)", "null"],
    ["typeof(['a'])", "list"],
    ["typeof(n) = 'number'", true],
  ]);
});

describe("bool", () => {
  cases([
    ["bool(yes)", true],
    ["bool(no)", false],
    ["bool(nul)", false],
    ["bool(missing)", false],
    ["bool(0)", false],
    ["bool(n)", true],
    ["bool(-1)", true],
    ["bool('')", false],
    ["bool('false')", false],
    ["bool(' FALSE ')", false],
    ["bool('0')", false],
    ["bool('true')", true],
    ["bool('no')", true],
    ["bool(list)", true],
    ["bool(empty)", false],
    ["bool(obj)", true],
    ["bool(emptyObj)", false],
  ]);
});

describe("string", () => {
  cases([
    ["string(email)", "Test@Example.COM"],
    ["string(n)", "42"],
    ["string(f)", "1.5"],
    ["string(yes)", "true"],
    ["string(nul)", "null"],
    ["string(missing)", "null"],
    ["string(list)", '[1,"a",null]'],
    ["string(obj)", '{"b":1,"a":[true]}'],
    ["string(n) = '42'", true],
  ]);

  it("gives null, not an error, for a value too deep to serialise", () => {
    let deep: JsonValue = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(callFqlFunction("string", [deep])).toBeNull();
  });
});

describe("number", () => {
  cases([
    ["number(n)", 42],
    ["number('42')", 42],
    ["number(' -1.5 ')", -1.5],
    ["number('+3')", 3],
    ["number('1e3')", 1000],
    ["number('0x10')", null],
    ["number('')", null],
    ["number('12abc')", null],
    ["number('Infinity')", null],
    ["number('1e999')", null],
    ["number('01')", null],
    ["number(yes)", 1],
    ["number(no)", 0],
    ["number(nul)", null],
    ["number(missing)", null],
    ["number(list)", null],
    ["number('5') > 4", true],
  ]);
});

describe("unknown functions on a hand-built tree", () => {
  it("give null", () => {
    expect(callFqlFunction("semver", ["1.0.0", "=", "1.0.0"])).toBeNull();
  });
});
