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
 * No RegExp is built from the pattern. The pattern is compiled once (and cached) into pieces split
 * at stars; the first and last pieces are anchored, and each middle piece is placed at its leftmost
 * fit (a leftmost fit never loses a match, so there is no backtracking across stars), found by
 * glob-search.ts without rescanning the string from each start: linear in the string for a piece of
 * plain characters, at most |s| × |piece| / 32 word operations for one with `?` or classes. Patterns
 * longer than MAX_GLOB_PATTERN code points (more than Segment allows in a whole FQL statement, 5 KB)
 * match nothing. The work is charged to the run's budget (budget.ts).
 */

import { UNMETERED, type WorkMeter } from "./budget.js";
import { findPiece, searchablePiece, tokenMatches, type GlobToken, type SearchablePiece } from "./glob-search.js";

export const MAX_GLOB_PATTERN = 5120;

type Token = GlobToken;

/** A compiled pattern: the pieces between stars (`a*b` → [[a], [b]]; `*a` → [[], [a]]). */
interface Compiled {
  pieces: SearchablePiece[];
}

/** Compiled patterns by text: the same few patterns run on every event. */
const COMPILED = new Map<string, Compiled | null>();
const COMPILED_LIMIT = 128;

export function globMatch(text: string, pattern: string, meter: WorkMeter = UNMETERED): boolean {
  // Too long in UTF-16 units is too long in code points: refused before it is read or cached.
  if (pattern.length > 2 * MAX_GLOB_PATTERN) return false;
  let compiled = COMPILED.get(pattern);
  if (compiled === undefined) {
    meter.charge(pattern.length);
    compiled = compileGlob(pattern);
    if (COMPILED.size >= COMPILED_LIMIT) COMPILED.clear();
    COMPILED.set(pattern, compiled);
  }
  if (!compiled) return false;
  meter.charge(text.length);
  return matchCompiled(codePoints(text), compiled.pieces, meter);
}

/** The code points of a string (a lone surrogate is one code point, as Array.from has it). */
function codePoints(text: string): Int32Array {
  const out = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        out[n++] = (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    out[n++] = unit;
  }
  return out.subarray(0, n);
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
  return { pieces: pieces.map(searchablePiece) };
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

function pieceMatchesAt(piece: Token[], text: Int32Array, at: number): boolean {
  for (let j = 0; j < piece.length; j++) if (!tokenMatches(piece[j]!, text[at + j]!)) return false;
  return true;
}

function matchCompiled(text: Int32Array, pieces: SearchablePiece[], meter: WorkMeter): boolean {
  const first = pieces[0]!.tokens;
  if (pieces.length === 1) return first.length === text.length && pieceMatchesAt(first, text, 0);
  const last = pieces.at(-1)!.tokens;
  const end = text.length - last.length;
  meter.charge(first.length + last.length);
  if (end < first.length || !pieceMatchesAt(first, text, 0) || !pieceMatchesAt(last, text, end)) return false;
  let pos = first.length;
  for (let p = 1; p < pieces.length - 1; p++) {
    const piece = pieces[p]!;
    const at = findPiece(piece, text, pos, end, meter);
    if (at < 0) return false;
    pos = at + piece.tokens.length;
  }
  return true;
}
