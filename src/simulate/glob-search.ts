import type { WorkMeter } from "./budget.js";

/**
 * Finding the leftmost place of one star-free piece of a glob in a string of code points, in time
 * that does not multiply the string's length by the piece's (the naive scan did: a 5,000-character
 * piece over a 400 KB string took 4.5 s):
 * - a piece of plain characters: Knuth–Morris–Pratt, at most 2 × |text| + |piece| character tests;
 * - a piece with `?` or classes: bit-parallel Shift-And, one machine word per 32 characters of the
 *   piece, and only up to the highest word still alive (on most text, one word per character).
 * Every test is charged to the meter.
 */

export type GlobToken =
  { kind: "any" } | { kind: "char"; cp: number } | { kind: "class"; negated: boolean; ranges: Array<[number, number]> };

/** A piece ready to be searched for: its tokens and the tables of the algorithm that suits it. */
export interface SearchablePiece {
  tokens: GlobToken[];
  /** Plain characters: the code points and KMP's failure table. */
  literal?: { cps: Int32Array; failure: Int32Array };
  /** Otherwise: where each character, `?` and class stands, for Shift-And's masks. */
  shiftAnd?: ShiftAndTables;
}

interface ShiftAndTables {
  words: number;
  /** Bits of the positions holding `?`. */
  any: Uint32Array;
  /** Positions of each literal character. */
  positions: Map<number, number[]>;
  classes: Array<{ token: GlobToken & { kind: "class" }; positions: number[] }>;
}

export function tokenMatches(token: GlobToken, cp: number): boolean {
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

export function searchablePiece(tokens: GlobToken[]): SearchablePiece {
  if (tokens.every((t) => t.kind === "char")) {
    const cps = Int32Array.from(tokens, (t) => (t as { cp: number }).cp);
    return { tokens, literal: { cps, failure: failureTable(cps) } };
  }
  const words = Math.ceil(tokens.length / 32);
  const tables: ShiftAndTables = { words, any: new Uint32Array(words), positions: new Map(), classes: [] };
  const classAt = new Map<string, number[]>();
  tokens.forEach((token, i) => {
    if (token.kind === "any") tables.any[i >>> 5]! |= 1 << (i & 31);
    else if (token.kind === "char") (tables.positions.get(token.cp) ?? tables.positions.set(token.cp, []).get(token.cp)!).push(i);
    else {
      // A hostile pattern repeats one class many times: each distinct class is tested once per character.
      const key = JSON.stringify(token);
      let at = classAt.get(key);
      if (at === undefined) {
        at = [];
        classAt.set(key, at);
        tables.classes.push({ token, positions: at });
      }
      at.push(i);
    }
  });
  return { tokens, shiftAnd: tables };
}

/** failure[k]: the length of the longest proper prefix of cps[0..k] that is also its suffix. */
function failureTable(cps: Int32Array): Int32Array {
  const failure = new Int32Array(cps.length);
  let k = 0;
  for (let i = 1; i < cps.length; i++) {
    while (k > 0 && cps[i] !== cps[k]) k = failure[k - 1]!;
    if (cps[i] === cps[k]) k++;
    failure[i] = k;
  }
  return failure;
}

/** The leftmost index in [from, end - length] where the piece matches `text`, or -1. */
export function findPiece(piece: SearchablePiece, text: Int32Array, from: number, end: number, meter: WorkMeter): number {
  const length = piece.tokens.length;
  if (length === 0) return from <= end ? from : -1;
  if (end - from < length) return -1;
  return piece.literal ? findLiteral(piece.literal, text, from, end, meter) : findShiftAnd(piece.shiftAnd!, length, text, from, end, meter);
}

function findLiteral(
  literal: { cps: Int32Array; failure: Int32Array },
  text: Int32Array,
  from: number,
  end: number,
  meter: WorkMeter,
): number {
  const { cps, failure } = literal;
  let k = 0;
  for (let i = from; i < end; i++) {
    const cp = text[i]!;
    while (k > 0 && cps[k] !== cp) k = failure[k - 1]!;
    if (cps[k] === cp) k++;
    if (k === cps.length) {
      meter.charge(2 * (i + 1 - from));
      return i + 1 - k;
    }
  }
  meter.charge(2 * (end - from));
  return -1;
}

/**
 * Shift-And: bit j of `state` says the piece's first j + 1 tokens match the text ending here. Words
 * above `top` are zero, so a text that rarely starts the piece costs about one word per character.
 */
function findShiftAnd(tables: ShiftAndTables, length: number, text: Int32Array, from: number, end: number, meter: WorkMeter): number {
  const { words } = tables;
  const state = new Uint32Array(words);
  const lastWord = (length - 1) >>> 5;
  const lastBit = 1 << ((length - 1) & 31);
  const masks = new Map<number, Uint32Array>();
  let top = 0;
  let work = 0;
  for (let i = from; i < end; i++) {
    const cp = text[i]!;
    let mask = masks.get(cp);
    if (mask === undefined) {
      mask = maskOf(tables, cp);
      work += length + tables.classes.length;
      if (masks.size >= 4096) masks.clear();
      masks.set(cp, mask);
    }
    const last = Math.min(top + 1, words - 1);
    let carry = 1;
    top = 0;
    for (let w = 0; w <= last; w++) {
      const bits = state[w]!;
      const next = ((bits << 1) | carry) & mask[w]!;
      carry = bits >>> 31;
      state[w] = next;
      if (next !== 0) top = w;
    }
    work += last + 1;
    if ((state[lastWord]! & lastBit) !== 0) {
      meter.charge(work);
      return i + 1 - length;
    }
  }
  meter.charge(work);
  return -1;
}

/** The positions of the piece a code point can stand at, as bits. */
function maskOf(tables: ShiftAndTables, cp: number): Uint32Array {
  const mask = tables.any.slice();
  for (const i of tables.positions.get(cp) ?? []) mask[i >>> 5]! |= 1 << (i & 31);
  for (const { token, positions } of tables.classes) {
    if (tokenMatches(token, cp)) for (const i of positions) mask[i >>> 5]! |= 1 << (i & 31);
  }
  return mask;
}
