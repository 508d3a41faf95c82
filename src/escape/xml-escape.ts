/** Text inside XML 1.0 (the JUnit report, src/report/test-junit.ts): the escaping rule of that output kind. */

/**
 * Characters XML 1.0 does not allow even escaped (controls other than tab, LF, CR; U+FFFE, U+FFFF;
 * unpaired surrogates): an event may hold them, a JUnit reader would reject the whole file.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what XML forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Characters XML holds that the last fence of the CLI's output (fenceText, src/escape/text-escape.ts) would
 * rewrite as `\uXXXX` text, which an XML reader takes literally: tab, CR, DEL, the C1 controls, the line and
 * paragraph separators and the bidi controls. Written as character references, read back as the character, and
 * left alone by the fence.
 */
const FENCED_IN_XML = /[\t\r\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The character that completes a GitHub workflow command, as the fence looks for them: the `[` after `##`,
 * the second `:` of `::` (a line's first, in text content). As a reference no command forms, so the fence
 * has nothing to rewrite (it did: `##\u005b`), and a reader gets the name as written.
 */
const COMMAND_TAIL = /(?<=##)\[|(?<=:):/g;

const reference = (char: string): string => `&#${char.codePointAt(0)};`;

/**
 * Text content: `&`, `<`, `>` escaped, what the output fence would rewrite as a character reference, characters
 * XML cannot hold replaced by U+FFFD (they cannot be written even as references: that one is lost).
 */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(FENCED_IN_XML, reference)
    .replace(COMMAND_TAIL, reference);
}

/** An attribute value (double-quoted): quotes too, and line feeds as character references (a reader would make raw ones spaces). */
export function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, "&quot;").replace(/'/g, "&apos;").replace(/\n/g, "&#10;");
}
