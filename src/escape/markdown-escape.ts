import { escapeControls } from "./text-escape.js";

/**
 * Text safely inside GitHub Markdown: inline code, fenced blocks, HTML and plain text. Each helper
 * first shows control characters escaped (`\n`, `\u001b`; src/escape/text-escape.ts), so no string
 * can end its cell, code span, list item or HTML block, and then neutralises what its place parses.
 */

/**
 * Inline code: a fence of backticks longer than any run inside, so the text needs no backslash
 * (which a code span would show). In a table cell, `|` is escaped: GFM splits the row on it first.
 */
export function code(text: string, inTable = false): string {
  const safe = escapeControls(text);
  const longest = Math.max(0, ...[...safe.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = safe.startsWith("`") || safe.endsWith("`") || safe === "" ? " " : "";
  return `${fence}${pad}${inTable ? safe.replace(/\|/g, "\\|") : safe}${pad}${fence}`;
}

/** A fenced block longer than any backtick run inside, so content cannot close it; one line per line. */
export function fenced(lang: string, lines: string[]): string {
  const body = lines.map(escapeControls).join("\n");
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${lang}\n${body}\n${fence}`;
}

/** Text inside an HTML element: no tag, no entity, and no line break that would end the HTML block. */
export function escapeHtml(text: string): string {
  return escapeControls(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Plain text in Markdown: no HTML, no emphasis, link, image or strikethrough, and no autolink (GFM
 * links `http:`, `www.` and `a@b` in plain text; an entity breaks the pattern and shows the same).
 */
export function escapeText(text: string): string {
  return escapeHtml(text)
    .replace(/([\\`*_[\]|~])/g, "\\$1")
    .replace(/:/g, "&#58;")
    .replace(/@/g, "&#64;")
    .replace(/(w)\./gi, "$1&#46;");
}
