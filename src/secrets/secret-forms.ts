import { escapeHtml, escapeText } from "../escape/markdown-escape.js";
import { xmlAttribute, xmlText } from "../escape/xml-escape.js";
import { escapeControls } from "../escape/text-escape.js";

/** A string as it sits inside a JSON string literal (quotes, backslashes, controls escaped). */
const json = (text: string): string => JSON.stringify(text).slice(1, -1);

/**
 * The encoders transync's own output runs text through: JSON (reports, plan files, JSON log lines),
 * HTML and Markdown (PR comments), XML (JUnit), a pipe escaped in a Markdown table cell, URLs,
 * and text output's escapes of control characters (src/escape/text-escape.ts).
 */
const ENCODERS: ReadonlyArray<(text: string) => string> = [
  json,
  escapeControls,
  escapeHtml,
  escapeText,
  xmlText,
  xmlAttribute,
  (text) => text.replace(/\|/g, "\\|"),
  encodeURIComponent,
  encodeURI,
];

/**
 * Every form in which `secret` can reach the output boundary: as is, through one of the encoders,
 * and that form again inside a JSON string (an error message quoting a report, logged by pino).
 * The redactor looks for each, so a hash key holding `"` or `<` is caught after escaping too.
 */
export function secretForms(secret: string): string[] {
  const once = [secret, ...ENCODERS.map((encode) => safely(encode, secret))];
  return [...new Set([...once, ...once.map(json)])];
}

/** encodeURI throws on a lone surrogate: that form then cannot occur, the secret itself stands for it. */
function safely(encode: (text: string) => string, text: string): string {
  try {
    return encode(text);
  } catch {
    return text;
  }
}
