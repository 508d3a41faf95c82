/**
 * FQL's `match(s, pattern)`: glob matching of the WHOLE string, case-sensitive, following Segment's
 * server (segmentio/glob, an adaptation of Go's `path.Match` in which `*` and `?` also match `/`):
 *   `*`        any sequence of characters, including none
 *   `?`        exactly one character (one Unicode code point)
 *   `[abc]`    one of the listed characters; `[a-z]` a range (by code point); `[^...]` negated;
 *              inside a class `\x` is the literal `x`
 *   `\x`       the literal `x`
 * A malformed pattern (an unclosed `[`, an empty class `[]`, a `-` without both ends such as
 * `[x-]`, `[-x]` or `[a-b-c]`, a trailing `\`) matches nothing, as on the server.
 *
 * No RegExp is built from the pattern. The pattern is compiled once into single-character tokens
 * split at stars; the first and last pieces are anchored, and each middle piece is placed at its
 * leftmost fit (a leftmost fit never loses a match, so there is no backtracking). Time is at most
 * |s| × |pattern| token tests (linear in the event's string for a given pattern); memory is linear.
 * Patterns longer than MAX_GLOB_PATTERN code points (more than Segment allows in a whole FQL
 * statement, 5 KB) match nothing, which bounds the work per character of the string.
 */

export const MAX_GLOB_PATTERN = 5120;

type Token = { kind: "any" } | { kind: "char"; cp: number } | { kind: "class"; negated: boolean; ranges: Array<[number, number]> };

/** A compiled pattern: the pieces between stars (`a*b` → [[a], [b]]; `*a` → [[], [a]]). */
interface Compiled {
  pieces: Token[][];
}

export function globMatch(text: string, pattern: string): boolean {
  const compiled = compileGlob(pattern);
  if (!compiled) return false;
  return matchCompiled(Array.from(text, (ch) => ch.codePointAt(0)!), compiled.pieces);
}

/** Parses a pattern into pieces separated by `*`; null when it is malformed or too long. */
export function compileGlob(pattern: string): Compiled | null {
  const cps = Array.from(pattern, (ch) => ch.codePointAt(0)!);
  if (cps.length > MAX_GLOB_PATTERN) return null;
  const pieces: Token[][] = [[]];
  let i = 0;
  while (i < cps.length) {
    const cp = cps[i]!;
    if (cp === STAR) {
      pieces.push([]);
      i++;
      continue;
    }
    const piece = pieces.at(-1)!;
    if (cp === QUESTION) {
      piece.push({ kind: "any" });
      i++;
    } else if (cp === BACKSLASH) {
      if (i + 1 >= cps.length) return null;
      piece.push({ kind: "char", cp: cps[i + 1]! });
      i += 2;
    } else if (cp === OPEN) {
      const parsed = parseClass(cps, i + 1);
      if (!parsed) return null;
      piece.push(parsed.token);
      i = parsed.end;
    } else {
      piece.push({ kind: "char", cp });
      i++;
    }
  }
  return { pieces };
}

const STAR = 0x2a;
const QUESTION = 0x3f;
const BACKSLASH = 0x5c;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const DASH = 0x2d;
const CARET = 0x5e;

/** Parses a class after its `[`; returns the token and the index after `]`, or null when malformed. */
function parseClass(cps: number[], start: number): { token: Token; end: number } | null {
  let i = start;
  const negated = cps[i] === CARET;
  if (negated) i++;
  const ranges: Array<[number, number]> = [];
  for (;;) {
    if (i >= cps.length) return null;
    if (cps[i] === CLOSE && ranges.length > 0) return { token: { kind: "class", negated, ranges }, end: i + 1 };
    const lo = classChar(cps, i);
    if (!lo) return null;
    i = lo.end;
    let hi = lo.cp;
    if (cps[i] === DASH) {
      const upper = classChar(cps, i + 1);
      if (!upper) return null;
      hi = upper.cp;
      i = upper.end;
    }
    ranges.push([lo.cp, hi]);
  }
}

/** One character inside a class: `\x` is literal; a bare `-` or `]` is malformed here (as in Go). */
function classChar(cps: number[], i: number): { cp: number; end: number } | null {
  const cp = cps[i];
  if (cp === undefined || cp === DASH || cp === CLOSE) return null;
  if (cp !== BACKSLASH) return { cp, end: i + 1 };
  const escaped = cps[i + 1];
  return escaped === undefined ? null : { cp: escaped, end: i + 2 };
}

function tokenMatches(token: Token, cp: number): boolean {
  if (token.kind === "any") return true;
  if (token.kind === "char") return token.cp === cp;
  let inside = false;
  for (const [lo, hi] of token.ranges) {
    if (cp >= lo && cp <= hi) {
      inside = true;
      break;
    }
  }
  return inside !== token.negated;
}

function pieceMatchesAt(piece: Token[], text: number[], at: number): boolean {
  for (let j = 0; j < piece.length; j++) if (!tokenMatches(piece[j]!, text[at + j]!)) return false;
  return true;
}

function matchCompiled(text: number[], pieces: Token[][]): boolean {
  const first = pieces[0]!;
  if (pieces.length === 1) return first.length === text.length && pieceMatchesAt(first, text, 0);
  const last = pieces.at(-1)!;
  const end = text.length - last.length;
  if (end < first.length || !pieceMatchesAt(first, text, 0) || !pieceMatchesAt(last, text, end)) return false;
  let pos = first.length;
  for (let p = 1; p < pieces.length - 1; p++) {
    const piece = pieces[p]!;
    let at = pos;
    while (at + piece.length <= end && !pieceMatchesAt(piece, text, at)) at++;
    if (at + piece.length > end) return false;
    pos = at + piece.length;
  }
  return true;
}
