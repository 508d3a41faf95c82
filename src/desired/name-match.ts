/**
 * How a name is matched when it is not written exactly: the one normal form of a name (a catalog
 * entry's previous name against a slug), and the bounded "did you mean" search every suggestion of
 * a slug, an id or an event name goes through. Pure string work (src/impact uses the search too).
 */

/**
 * `Amplitude Classic` and `amplitude-classic` name the same thing: the letters and digits of any
 * script, in lower case, each run of anything else one `-`. Undefined when nothing is left (`---`,
 * `—`): such a name names nothing, so it matches nothing (issue 33: `ö` and `日本` once matched a
 * previous name with no Latin letter, both being "" once every other letter was dropped).
 */
export function nameKey(name: string): string | undefined {
  const key = name
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return key === "" ? undefined : key;
}

/** The two names have the same normal form, and it is not empty. */
export function sameName(a: string, b: string): boolean {
  const key = nameKey(a);
  return key !== undefined && key === nameKey(b);
}

/** How many names a "did you mean" offers at most. */
export const MAX_SUGGESTIONS = 3;

/**
 * The most rows one query computes (a row: one character of a candidate against the word), whatever
 * the number of candidates: a workspace of 100,000 sources answered 200 unknown slugs in minutes
 * when each query measured its distance to every slug in full.
 */
export const MAX_ROWS = 20_000;

/** Longer words get no suggestion: a slug or a name is at most 255 characters (the schema's limit). */
const MAX_WORD = 255;

/** The most edits a suggestion may be from the word: a third of its length, at least one, at most three. */
export function suggestionDistance(length: number): number {
  return Math.min(3, Math.max(1, Math.floor(length / 3)));
}

/**
 * Candidates indexed once for any number of "did you mean" queries. They are sorted, so candidates
 * that share a prefix are neighbours and the rows of the shared prefix are computed once (a walk of
 * the trie the sorted list is), and a prefix already too far from the word skips every candidate
 * that starts with it. A query looks for candidates one edit away, then two, then three, and
 * computes at most MAX_ROWS rows in all.
 */
export class NearNames {
  /** The lower-case form of each candidate, sorted, once each. */
  private readonly sorted: string[];
  /** The candidates as given, by lower-case form. */
  private readonly given = new Map<string, string[]>();
  private made = 0;

  constructor(candidates: Iterable<string>) {
    for (const text of candidates) {
      if (text.length === 0) continue;
      const lower = text.toLowerCase();
      const same = this.given.get(lower);
      if (same === undefined) this.given.set(lower, [text]);
      else if (!same.includes(text)) same.push(text);
    }
    this.sorted = [...this.given.keys()].sort();
  }

  /** Rows computed by every query so far (at most MAX_ROWS each): the work, counted without a clock. */
  get rows(): number {
    return this.made;
  }

  /**
   * Up to MAX_SUGGESTIONS candidates nearest `word` (case-insensitive; a swap of two neighbours is
   * one edit), all at the smallest distance found, within suggestionDistance: the nearer length
   * first, then by name. A farther candidate is noise beside a nearer one, so it is never offered.
   */
  near(word: string): string[] {
    const lower = word.toLowerCase();
    if (lower.length === 0 || lower.length > MAX_WORD) return [];
    let found = this.given.has(lower) ? [lower] : [];
    let budget = MAX_ROWS;
    for (let edits = 1; found.length === 0 && edits <= suggestionDistance(lower.length) && budget > 0; edits++) {
      const search = new RowSearch(lower, edits, budget);
      found = search.within(this.sorted);
      budget -= search.rows;
      this.made += search.rows;
    }
    const gap = (text: string) => Math.abs(text.length - word.length);
    return found
      .flatMap((key) => this.given.get(key)!)
      .sort((a, b) => gap(a) - gap(b) || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, MAX_SUGGESTIONS);
  }
}

/**
 * One query for one distance: the rows of the current candidate's prefixes, reused by the next.
 * Only the band of cells within `edits` of the diagonal is computed; its two neighbours are set over
 * `edits`, so a cell outside every band is never read as near.
 */
class RowSearch {
  rows = 0;
  /** table[d][j]: edits from the candidate's first d characters to the word's first j (in the band). */
  private readonly table: Int32Array[];
  private readonly over: number;

  constructor(
    private readonly word: string,
    private readonly edits: number,
    private readonly budget: number,
  ) {
    this.over = edits + 1;
    // Past word.length + edits characters every cell is over `edits`: the walk never goes deeper.
    this.table = Array.from({ length: word.length + edits + 2 }, () => new Int32Array(word.length + 2).fill(this.over));
    for (let j = 0; j <= Math.min(word.length, edits); j++) this.table[0]![j] = j;
  }

  /** The candidates of `sorted` within `edits` of the word (all of them, unless the budget ran out). */
  within(sorted: readonly string[]): string[] {
    const found: string[] = [];
    let previous = "";
    let valid = 0;
    for (let i = 0; i < sorted.length;) {
      const candidate = sorted[i]!;
      let depth = commonPrefix(candidate, previous, valid);
      let tooFar = false;
      while (depth < candidate.length && !tooFar) {
        if (this.rows >= this.budget) return found;
        tooFar = this.row(candidate, ++depth) > this.edits;
      }
      previous = candidate;
      valid = depth;
      if (tooFar) {
        i = pastPrefix(sorted, i, candidate, depth);
        continue;
      }
      if (this.distanceAt(depth) <= this.edits) found.push(candidate);
      i++;
    }
    return found;
  }

  /** The distance from the candidate to the word, or edits + 1 once every cell of a row is over. */
  distanceTo(candidate: string): number {
    for (let d = 1; d <= candidate.length; d++) if (this.row(candidate, d) > this.edits) return this.over;
    return this.distanceAt(candidate.length);
  }

  /** The whole word against a candidate of `length` characters, whose rows are computed. */
  private distanceAt(length: number): number {
    return Math.abs(length - this.word.length) > this.edits ? this.over : Math.min(this.table[length]![this.word.length]!, this.over);
  }

  /** Computes row `d` of the candidate (rows d-1 and d-2 are its prefix's); its smallest cell. */
  private row(candidate: string, d: number): number {
    this.rows++;
    const word = this.word;
    const row = this.table[d]!;
    const back = this.table[d - 1]!;
    const twoBack = d > 1 ? this.table[d - 2]! : back;
    const char = candidate.charCodeAt(d - 1);
    const before = d > 1 ? candidate.charCodeAt(d - 2) : -1;
    const low = Math.max(1, d - this.edits);
    const high = Math.min(word.length, d + this.edits);
    row[0] = d;
    row[low - 1] = low === 1 ? d : this.over;
    row[high + 1] = this.over;
    let smallest = d;
    for (let j = low; j <= high; j++) {
      const wordChar = word.charCodeAt(j - 1);
      let cell = Math.min(back[j]! + 1, row[j - 1]! + 1, back[j - 1]! + (char === wordChar ? 0 : 1));
      if (before === wordChar && j > 1 && char === word.charCodeAt(j - 2)) cell = Math.min(cell, twoBack[j - 2]! + 1);
      row[j] = cell;
      if (cell < smallest) smallest = cell;
    }
    return smallest;
  }
}

/** How many first characters `a` shares with `b`, at most `limit`. */
function commonPrefix(a: string, b: string, limit: number): number {
  let n = 0;
  while (n < limit && n < a.length && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** The first index after `from` of `sorted` whose text does not start with the first `length` characters of `text` (those that do are neighbours). */
function pastPrefix(sorted: readonly string[], from: number, text: string, length: number): number {
  let low = from + 1;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (commonPrefix(sorted[middle]!, text, length) === length) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One query over a list (build a NearNames to ask many). */
export function nearest(word: string, candidates: Iterable<string>): string[] {
  return new NearNames(candidates).near(word);
}

/**
 * Edits (insert, delete, substitute, or swap two neighbours) from `a` to `b`, or `max + 1` as soon
 * as it is more than `max`: the work stops at the first row whose every cell exceeds `max`.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  return new RowSearch(a, max, Infinity).distanceTo(b);
}
