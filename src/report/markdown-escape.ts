/** Text safely inside GitHub Markdown: inline code, fenced blocks, HTML and plain text. */

/** Inline code that survives backticks in the text (and pipes, in a table cell). */
export function code(text: string, inTable = false): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${inTable ? text.replace(/\|/g, "\\|") : text}${pad}${fence}`;
}

/** A fenced block longer than any backtick run inside, so content cannot close it. */
export function fenced(lang: string, lines: string[]): string {
  const body = lines.join("\n");
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${lang}\n${body}\n${fence}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Plain text in Markdown: no HTML, no accidental emphasis or links. */
export function escapeText(text: string): string {
  return escapeHtml(text).replace(/([\\`*_[\]|])/g, "\\$1");
}
