/**
 * Long lines of the human-readable reports, wrapped: a plan note or warning of 350 characters is
 * read in a terminal or a CI log, neither of which wraps for the reader. Each line that is wider
 * than `LINE_WIDTH` breaks at spaces; its continuation lines hang under the line's text (after the
 * `-`, `!`, `~`, `#` ... marker), so a reader still sees one item.
 *
 * A line never breaks inside a run without a space (an id, a file path) nor inside a double-quoted
 * string (a name as the reports quote it, a JSON string of a value): breaking there would change
 * what a reader copies or searches for, and a JSON value would no longer read as one. Such a unit
 * longer than the room stands alone on its line, and only such a line is wider than `LINE_WIDTH`
 * (a name is data: the reports do not cut it, only the field diffs show long values in excerpts).
 *
 * Colour (the text plan's ANSI SGR codes) is not counted in the width, and a colour open at a
 * break is closed at the end of the line and opened again after the continuation's indent.
 * Wrapping adds line starts; the output fence (src/escape/text-escape.ts) runs after it, on every byte.
 *
 * Wrapped: the text plan (apply shows it too), apply's, test's and import --env's reports. Not
 * wrapped, by design: findings (`file:line:col message`, which editors and problem matchers read one
 * per line), workflow commands, error messages and log records (one record per line).
 */

/** The widest line the human-readable reports write, but for one unit (above) that is wider by itself. */
export const LINE_WIDTH = 160;

// eslint-disable-next-line no-control-regex -- SGR colour codes are control sequences
const SGR = /\u001b\[[0-9;]*m/g;
const RESET = "\u001b[0m";

const visibleLength = (text: string): number => text.replace(SGR, "").length;

/** The colour open after `text`, starting from `open`: its last SGR code, unless that resets. */
function openAfter(text: string, open: string): string {
  let current = open;
  for (const [code] of text.matchAll(SGR)) current = code === RESET || code === "\u001b[m" ? "" : code;
  return current;
}

/** Where continuation lines start: under the text after a one-character marker (or a `1.`), else two columns in. */
function hangingIndent(shown: string): number {
  const marked = /^( *)(?:[-+~?!=#*]|\d+\.) +/.exec(shown);
  if (marked) return marked[0].length;
  return (/^ */.exec(shown)?.[0].length ?? 0) + 2;
}

/** Whether a double-quoted string is still open after `word`, starting from `open` (backslash escapes inside). */
function quoteOpenAfter(word: string, open: boolean): boolean {
  let inside = open;
  for (let i = 0; i < word.length; i++) {
    if (inside && word[i] === "\\") i += 1;
    else if (word[i] === '"') inside = !inside;
  }
  return inside;
}

/** The line's units: split at the spaces a line may break at (outside double-quoted strings). */
function units(line: string): string[] {
  const out: string[] = [];
  let quoted = false;
  for (const word of line.split(" ")) {
    if (out.length === 0 || !quoted) out.push(word);
    else out[out.length - 1] += ` ${word}`;
    quoted = quoteOpenAfter(word, quoted);
  }
  return out;
}

/** One line as lines of at most `width` columns, but where one unit (above) is wider. */
export function wrapLine(line: string, width = LINE_WIDTH): string[] {
  if (visibleLength(line) <= width) return [line];
  const indent = " ".repeat(hangingIndent(line.replace(SGR, "")));
  const [first = "", ...rest] = units(line);
  const lines: string[] = [];
  let current = first;
  let length = visibleLength(current);
  let open = openAfter(current, "");
  for (const unit of rest) {
    const unitLength = visibleLength(unit);
    // A break needs text on the line beyond the indent (not the marker alone) and something to carry over.
    if (length + 1 + unitLength <= width || unit === "" || length <= indent.length) {
      current += ` ${unit}`;
      length += 1 + unitLength;
    } else {
      lines.push(open === "" ? current : `${current}${RESET}`);
      current = `${indent}${open}${unit}`;
      length = indent.length + unitLength;
    }
    open = openAfter(unit, open);
  }
  lines.push(current);
  return lines;
}

/** Every line of `text` wrapped (`wrapLine`); line ends kept. */
export function wrapLines(text: string, width = LINE_WIDTH): string {
  return text
    .split("\n")
    .flatMap((line) => wrapLine(line, width))
    .join("\n");
}
