import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fencedStream } from "../../src/escape/text-escape.js";
import { xmlAttribute, xmlText } from "../../src/escape/xml-escape.js";
import { checkXml, xmlAttributeValues } from "../simulate/xml-check.js";

/** What a reader of the CLI's output gets: `text` through the last fence of every byte written. */
function throughTheFence(text: string): string {
  let out = "";
  fencedStream({ write: (chunk: string) => (out += chunk) }).write(text);
  return out;
}

/** What XML 1.0 cannot hold even escaped reads as U+FFFD; every other character is kept. */
/* eslint-disable no-control-regex -- these control characters are exactly what XML forbids */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-control-regex */
const held = (text: string): string => text.replace(NOT_XML, "\uFFFD");

const document = (name: string, text: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<t name="${xmlAttribute(name)}">${xmlText(text)}</t>\n`;

describe("XML escaping through the output fence", () => {
  it("the fence has nothing to rewrite: workflow-command tails and the characters it escapes are character references", () => {
    expect(xmlText("##[add-mask]x")).toBe("##&#91;add-mask]x");
    expect(xmlText("\n::error::x")).toBe("\n:&#58;error:&#58;x");
    expect(xmlAttribute("a\tb\rc\u0085d\u2028e\u202ef")).toBe("a&#9;b&#13;c&#133;d&#8232;e&#8238;f");
    const xml = document("##[error] \u0085", "line\n  ::warning::x\t##[group]");
    expect(throughTheFence(xml)).toBe(xml);
  });

  it("any name and text, written through the fence, is well-formed XML a reader gets back as written", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (name, text) => {
        const written = document(name, text);
        const xml = throughTheFence(written);
        expect(xml).toBe(written);
        checkXml(xml);
        expect(xmlAttributeValues(xml, "t", "name")).toEqual([held(name)]);
      }),
      { numRuns: 200 },
    );
  });
});
