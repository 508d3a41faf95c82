/** The case of FQL's keywords: which spellings the parser reads, and what it says of the others (docs/simulator.md, "Syntax rules"). */
import type { FqlToken } from "./tokenize.js";

const KEYWORDS = new Set(["and", "or", "in", "true", "false", "null"]);

/**
 * One rule for case, as in Segment's FQL reference (every keyword and function is written in
 * lowercase) and its lexer: keywords and function names are lowercase. Another case is a field
 * name where a field can stand (`TRUE` is a field), and an error with this hint elsewhere.
 */
export const LOWERCASE_RULE = "FQL keywords and function names are lowercase";

/**
 * The one exception: `AND` in capitals joins conditions as `and` does. The Public API's own example of
 * previewDestinationFilter writes it so (`type = "track" AND event = "Order Completed"`), and Segment's
 * engines agree on its meaning: @segment/destination-subscriptions reads `AND` as a field name it skips,
 * which leaves its default, "and".
 */
const CAPITAL_AND = "AND";

/**
 * `OR` in capitals is refused, not read: the same skip makes @segment/destination-subscriptions read it
 * as "and", so what it means depends on the engine. Refused until Segment's engines agree.
 */
export const CAPITAL_OR =
  '"OR" in capitals: Segment\'s engines disagree on what it means (@segment/destination-subscriptions reads a capital OR as "and"), so transync refuses it; write "or"';

/** Whether the token is the keyword: written in lowercase, or `AND` for `and`; never escaped. */
export function isKeywordToken(token: FqlToken, word: "and" | "or" | "in"): boolean {
  if (token.kind !== "word" || token.escaped) return false;
  return token.value === word || (word === "and" && token.value === CAPITAL_AND);
}

/**
 * What to say of a keyword in another case found after a complete expression (at the end, before
 * ")", "]" or ","): a capital OR with its reason, any other with the lowercase rule; undefined for
 * any other token.
 */
export function otherCaseKeywordMessage(token: FqlToken): string | undefined {
  if (token.kind !== "word" || token.escaped) return undefined;
  if (token.value === "OR") return CAPITAL_OR;
  const lower = token.value.toLowerCase();
  if (lower === token.value || !KEYWORDS.has(lower)) return undefined;
  return `"${token.value}" after a complete expression: ${LOWERCASE_RULE}; write "${lower}"`;
}
