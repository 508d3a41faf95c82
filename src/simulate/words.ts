/**
 * Word splitting for FQL's `snakecase`, `kebabcase` and `titlecase`. A word is a run of letters
 * and digits (any script); everything else (spaces, `_`, `-`, `.`, punctuation, emoji) separates
 * words and is dropped. A run is also split where camelCase changes case: before an upper-case
 * letter that follows a lower-case letter or a digit (`orderId` → `order`, `Id`), and before the
 * last capital of an acronym followed by lower case (`HTMLParser` → `HTML`, `Parser`). Digits stay
 * in their word (`version2` → `version2`). One linear pass; no RegExp built from input.
 *   snakecase("Order Completed") = "order_completed", kebabcase("orderId") = "order-id",
 *   titlecase("test string") = "Test String", titlecase("HTMLParser") = "Html Parser".
 */
export function splitWords(text: string): string[] {
  const chars = Array.from(text);
  const words: string[] = [];
  let current = "";
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (!isWordChar(ch)) {
      if (current) words.push(current);
      current = "";
      continue;
    }
    if (current && startsNewWord(chars[i - 1]!, ch, chars[i + 1])) {
      words.push(current);
      current = "";
    }
    current += ch;
  }
  if (current) words.push(current);
  return words;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const UPPER = /^\p{Lu}$/u;
const LOWER = /^\p{Ll}$/u;
const DIGIT = /^\p{N}$/u;

function isWordChar(ch: string): boolean {
  return LETTER_OR_DIGIT.test(ch);
}

function startsNewWord(prev: string, ch: string, next: string | undefined): boolean {
  if (!UPPER.test(ch)) return false;
  if (LOWER.test(prev) || DIGIT.test(prev)) return true;
  return UPPER.test(prev) && next !== undefined && LOWER.test(next);
}
