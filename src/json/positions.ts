/**
 * Room src/json/: JSON text scanned for what JSON.parse does not give (positions).
 * May import: nothing outside this folder.
 */
/**
 * Positions in JSON text, which JSON.parse does not give (its messages name a position only
 * sometimes, and quote the text): where the first syntax error is, and where each element of a
 * top-level array starts. One iterative pass each, so deep nesting and long strings are fine.
 */

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

function skipWhitespace(text: string, i: number): number {
  while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  return i;
}

/** End of the string starting at `i` (a `"`), or the offset of the bad character. */
function stringEnd(text: string, i: number): { end: number } | { error: number } {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return { end: j + 1 };
    if (c < 0x20) return { error: j };
    if (c !== 0x5c) continue;
    const next = text[j + 1];
    if (next === "u") {
      if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return { error: j };
      j += 5;
    } else if (next !== undefined && '"\\/bfnrt'.includes(next)) j++;
    else return { error: j };
  }
  return { error: text.length };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** End of the string, number or literal starting at `i`, or the offset of the bad character. */
function scalarEnd(text: string, i: number): { end: number } | { error: number } {
  if (text[i] === '"') return stringEnd(text, i);
  for (const literal of ["true", "false", "null"]) if (text.startsWith(literal, i)) return { end: i + literal.length };
  NUMBER.lastIndex = i;
  return NUMBER.test(text) ? { end: NUMBER.lastIndex } : { error: i };
}

type Want = "value" | "value-or-close" | "key" | "key-or-close" | "comma-or-close";

/**
 * Walks JSON text; returns the offset of the first character that makes it invalid (`text.length`:
 * it ends too soon), or -1 when it is valid. `onItem` receives the offset of each element of a
 * top-level array.
 */
export function scanJson(text: string, onItem?: (offset: number) => void): number {
  const closers: string[] = [];
  let want: Want = "value";
  let i = skipWhitespace(text, 0);
  for (;;) {
    const c = text[i];
    if ((want === "value-or-close" || want === "key-or-close") && c === closers.at(-1)) {
      closers.pop();
      want = "comma-or-close";
      i = skipWhitespace(text, i + 1);
    } else if (want === "value" || want === "value-or-close") {
      if (closers.length === 1 && closers[0] === "]") onItem?.(i);
      if (c === "{" || c === "[") {
        closers.push(c === "{" ? "}" : "]");
        want = c === "{" ? "key-or-close" : "value-or-close";
        i = skipWhitespace(text, i + 1);
        continue;
      }
      const scalar = scalarEnd(text, i);
      if ("error" in scalar) return scalar.error;
      want = "comma-or-close";
      i = skipWhitespace(text, scalar.end);
    } else if (want === "key" || want === "key-or-close") {
      if (c !== '"') return i;
      const key = stringEnd(text, i);
      if ("error" in key) return key.error;
      i = skipWhitespace(text, key.end);
      if (text[i] !== ":") return i;
      want = "value";
      i = skipWhitespace(text, i + 1);
    } else if (closers.length === 0) {
      return i === text.length ? -1 : i;
    } else if (c === ",") {
      want = closers.at(-1) === "}" ? "key" : "value";
      i = skipWhitespace(text, i + 1);
    } else if (c === closers.at(-1)) {
      closers.pop();
      i = skipWhitespace(text, i + 1);
    } else {
      return i;
    }
  }
}

/** 1-based line and column of an offset. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: offset - start + 1 };
}
