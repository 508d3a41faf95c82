/** Text inside XML 1.0 (the JUnit report, src/report/test-junit.ts): the escaping rule of that output kind. */

/**
 * Characters XML 1.0 does not allow even escaped (controls other than tab, LF, CR; U+FFFE, U+FFFF;
 * unpaired surrogates): an event may hold them, a JUnit reader would reject the whole file.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what XML forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text content: `&`, `<`, `>` escaped, characters XML cannot hold replaced by U+FFFD. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An attribute value (double-quoted): quotes too, and line breaks kept as character references. */
export function xmlAttribute(text: string): string {
  return xmlText(text)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");
}
