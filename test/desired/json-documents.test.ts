import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseJsonDocuments } from "../../src/desired/json-documents.js";
import { parseYamlText } from "../../src/desired/read-yaml.js";
import { offsetOf, lookupNode } from "../../src/desired/positions.js";
import { validCheckedAsExact } from "./same-as-exact.js";

const F = "transformations/t.json.yaml";

/** Strings of any UTF-16 code units (controls, lone surrogates, DEL, C1, U+2028) and of YAML-looking text. */
const anyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.string({
    unit: fc.constantFrom("a", "-", ":", "#", "'", '"', "\\", "/", "\u2028", "\u0085", "\u007f", "\ufeff", " ", "{", "&", "*", "!"),
    maxLength: 8,
  }),
  fc.constantFrom("yes", "no", "on", "~", "null", "0x10", "1_000", ".inf", "2024-01-01", "<<", "__proto__", "--- x"),
);
/** Any JSON value, with keys and strings as above; numbers of every kind JSON can write. */
const { value: anyValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    anyString,
    fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e21, 2 ** 53 + 1, 1.5e-7, 0, 100)),
    fc.constantFrom(true, false, null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(anyString, tie("value"), { maxKeys: 3 }),
  ),
}));

const documentValue = fc.record({
  apiVersion: fc.constant("transync/v1"),
  kind: fc.constant("Transformation"),
  name: fc.oneof({ arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,11}$/), weight: 4 }, { arbitrary: anyString, weight: 1 }),
  sourceId: fc.constantFrom("src_1", "web"),
  enabled: fc.boolean(),
  if: fc.constant("event = 'Order Completed'"),
  extra: fc.option(anyValue, { nil: undefined, freq: 2 }),
  id: fc.option(fc.constantFrom("tfm_1", "tfm 2"), { nil: undefined }),
});

/** How a generator might lay a document out, including layouts where YAML and JSON part ways. */
const LAYOUTS: Array<(v: unknown) => string> = [
  (v) => JSON.stringify(v),
  (v) => JSON.stringify(v, null, 2),
  (v) => JSON.stringify(v, null, 2).replace(/": /g, '" : '),
  (v) => JSON.stringify(v, null, "\t"),
  (v) => JSON.stringify(v).replace(/":/, '"\n:'),
  (v) => JSON.stringify(v).replace("{", '{"name":"twice",'),
  (v) => JSON.stringify(v).replace("{", '{"__proto__":{"x":1},'),
  (v) => `# generated\n${JSON.stringify(v)}`,
  (v) => JSON.stringify(v).replace("{", `{"deep":${"[".repeat(40)}${"]".repeat(40)},`),
];

const fileText = fc
  .tuple(
    fc.array(fc.tuple(documentValue, fc.nat(LAYOUTS.length - 1), fc.boolean()), { minLength: 1, maxLength: 3 }),
    fc.constantFrom("\n", "\r\n"),
    fc.constantFrom("", "---\n", "\n"),
  )
  .map(([docs, newline, end]) => {
    const texts = docs.map(([value, layout, strange]) => (strange ? LAYOUTS[layout]! : LAYOUTS[layout % 3]!)(value));
    return `${texts.join("\n---\n")}\n${end}`.replace(/\n/g, newline);
  });

describe("reading JSON documents with JSON.parse", () => {
  it("takes only files YAML reads the same: the values, and where yaml puts each document, name and id", () => {
    let taken = 0;
    fc.assert(
      fc.property(fileText, (text) => {
        const json = parseJsonDocuments(text);
        if (json === undefined) return;
        taken++;
        const exact = parseYamlText(F, text);
        expect(exact.diagnostics).toEqual([]);
        expect(json.map((d) => d.value)).toEqual(exact.documents.map((d) => d.value));
        const places = exact.documents.map((d) => ({
          start: d.doc.contents?.range?.[0],
          name: lookupNode(d.doc, ["name"]).value ? offsetOf(lookupNode(d.doc, ["name"])) : undefined,
          id: lookupNode(d.doc, ["id"]).value ? offsetOf(lookupNode(d.doc, ["id"])) : undefined,
        }));
        expect(json.map(({ start, name, id }) => ({ start, name, id }))).toEqual(places);
      }),
      { numRuns: 3000 },
    );
    // The comparison means something only if many files take this path.
    expect(taken).toBeGreaterThan(250);
  });

  it("checks a file as the exact path does, valid or not", () => {
    const validOnThisPath = validCheckedAsExact(F, fileText, (text) => parseJsonDocuments(text) !== undefined, 1500);
    expect(validOnThisPath).toBeGreaterThan(50);
  });

  it.each([
    ["a duplicate key", '{"a": 1, "a": 2}'],
    ["a duplicate key inside", '{"a": {"b": 1, "b": 2}}'],
    ["a key whose colon is on the next line", '{"a"\n: 1}'],
    ["a tab between tokens", '{"a":\t1}'],
    ["a carriage return between tokens", '{"a": 1,\r\n"b": 2}'],
    ["a comment", '{"a": 1} # c'],
    ["a DEL inside a string", '{"a": "\u007f"}'],
    ["a __proto__ key", '{"__proto__": {"polluted": true}}'],
    ["a key over 1024 characters", `{"${"k".repeat(1025)}": 1}`],
    ["a list at the root", "[1, 2]"],
    ["a document marker with content", '{"a": 1}\n--- {"b": 2}'],
    ["an empty last document", '{"a": 1}\n---\n'],
    ["YAML flow syntax", "{a: 1}"],
  ])("leaves %s to the YAML readers", (_what, text) => {
    expect(parseJsonDocuments(text)).toBeUndefined();
  });

  it("reads a file of JSON documents joined by --- lines", () => {
    const text = '{"name": "A", "n": -0.5e3}\n--- \n{"name": "B", "list": [{"k": "\\u00e9\\n"}]}\n';
    expect(parseJsonDocuments(text)?.map((d) => d.value)).toEqual([
      { name: "A", n: -500 },
      { name: "B", list: [{ k: "é\n" }] },
    ]);
  });
});
