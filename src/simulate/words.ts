/**
 * Word splitting for FQL's `snakecase`, `kebabcase` and `titlecase`. A word is a run of letters
 * and digits (any script), with the combining marks that follow them (a decomposed accent, an Indic
 * vowel sign or virama: `nai\u0308ve` and `नमस्ते` are one word each); everything else (spaces, `_`, `-`, `.`, punctuation, emoji) separates
 * words and is dropped. A run is also split where camelCase changes case: before an upper-case
 * letter that follows a lower-case letter or a digit (`orderId` → `order`, `Id`), and before the
 * last capital of an acronym followed by lower case (`HTMLParser` → `HTML`, `Parser`). Digits stay
 * in their word (`version2` → `version2`). One linear pass; no RegExp built from input.
 *   snakecase("Order Completed") = "order_completed", kebabcase("orderId") = "order-id",
 *   titlecase("test string") = "Test String", titlecase("HTMLParser") = "Html Parser".
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  let prev = SEPARATOR;
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const kind = classify(cp);
    if (kind === MARK) {
      // A combining mark belongs to the letter before it; for camelCase it is that letter.
      if (start < 0) [start, prev] = [i, OTHER_LETTER];
      i += width;
      continue;
    }
    if (kind === SEPARATOR) {
      if (start >= 0) words.push(text.slice(start, i));
      start = -1;
    } else if (start < 0) {
      start = i;
    } else if (kind === UPPER && (prev === LOWER || prev === DIGIT || (prev === UPPER && nextIsLower(text, i + width)))) {
      words.push(text.slice(start, i));
      start = i;
    }
    prev = kind;
    i += width;
  }
  if (start >= 0) words.push(text.slice(start));
  return words;
}

const SEPARATOR = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;
const OTHER_LETTER = 4;
const MARK = 5;

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const MARK_RE = /^\p{M}$/u;
const UPPER_RE = /^\p{Lu}$/u;
const LOWER_RE = /^\p{Ll}$/u;
const DIGIT_RE = /^\p{N}$/u;

/** ASCII is classified by code (the common case, fast); other characters by Unicode property. */
function classify(cp: number): number {
  if (cp < 0x80) {
    if (cp >= 0x61 && cp <= 0x7a) return LOWER;
    if (cp >= 0x41 && cp <= 0x5a) return UPPER;
    if (cp >= 0x30 && cp <= 0x39) return DIGIT;
    return SEPARATOR;
  }
  const ch = String.fromCodePoint(cp);
  if (!LETTER_OR_DIGIT.test(ch)) return MARK_RE.test(ch) ? MARK : SEPARATOR;
  if (UPPER_RE.test(ch)) return UPPER;
  if (LOWER_RE.test(ch)) return LOWER;
  return DIGIT_RE.test(ch) ? DIGIT : OTHER_LETTER;
}

function nextIsLower(text: string, at: number): boolean {
  return at < text.length && classify(text.codePointAt(at)!) === LOWER;
}
