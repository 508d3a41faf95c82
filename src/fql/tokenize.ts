/** The FQL tokenizer: a single left-to-right pass, linear in the length of the expression. */
import { shorten } from "../secrets/redact-cuts.js";

export type FqlTokenKind = "string" | "number" | "word" | "op" | "punct" | "eof";

export interface FqlToken {
  kind: FqlTokenKind;
  /** Unescaped text: the string's content, the word without backslashes, the operator. */
  value: string;
  /** Whether a word contained escapes (an escaped `and` is a field name, not a keyword). */
  escaped: boolean;
  offset: number;
}

export class FqlTokenError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = "FqlTokenError";
  }
}

const WORD_CHAR = /[\p{L}\p{N}_\-$@]/u;
const WORD_START = /[\p{L}_$@]/u;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const OPERATORS = ["!=", "<=", ">=", "=", "<", ">", "!"];
const PUNCTUATION = "().,[]";
const MISTAKES: Record<string, string> = {
  "==": "use `=` to compare, not `==`",
  "&&": "use `and`, not `&&`",
  "||": "use `or`, not `||`",
};

export function tokenizeFql(src: string): FqlToken[] {
  const tokens: FqlToken[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const afterDot = tokens.at(-1)?.value === "." && tokens.at(-1)?.kind === "punct";
    const token = readToken(src, i, afterDot);
    tokens.push(token.token);
    i = token.end;
  }
  tokens.push({ kind: "eof", value: "", escaped: false, offset: src.trimEnd().length });
  return tokens;
}

function readToken(src: string, i: number, afterDot: boolean): { token: FqlToken; end: number } {
  const ch = src[i]!;
  const mistake = MISTAKES[src.slice(i, i + 2)];
  if (mistake) throw new FqlTokenError(mistake, i);
  if (ch === "'" || ch === '"') return readString(src, i);
  if (!afterDot && (/\d/.test(ch) || (ch === "-" && /\d/.test(src[i + 1] ?? "")))) {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(src);
    if (m) return { token: { kind: "number", value: finiteNumber(m[0], i), escaped: false, offset: i }, end: i + m[0].length };
  }
  if (ch === "\\" || WORD_START.test(ch) || (afterDot && WORD_CHAR.test(ch))) return readWord(src, i);
  if (PUNCTUATION.includes(ch)) return { token: { kind: "punct", value: ch, escaped: false, offset: i }, end: i + 1 };
  const op = OPERATORS.find((o) => src.startsWith(o, i));
  if (op) return { token: { kind: "op", value: op, escaped: false, offset: i }, end: i + op.length };
  throw new FqlTokenError(`unexpected character ${JSON.stringify(ch)}`, i);
}

/** A number's text; one JavaScript reads as Infinity (`1e999`) is an error: no JSON value is infinite. */
function finiteNumber(text: string, offset: number): string {
  if (Number.isFinite(Number(text))) return text;
  throw new FqlTokenError(`the number ${shorten(text, 24)} is too large (numbers in FQL are finite)`, offset);
}

/**
 * A string runs to the next quote of the same kind, exactly as written: `\` is an ordinary character
 * (Segment's own lexer, segmentio/fql-ts `lexString`, has no string escapes; escapes exist only in
 * field names). So `match(x, 'ab\*d')` hands the glob `ab\*d` (a literal `*`) to `match`, and a
 * string holding `'` is written in double quotes.
 */
function readString(src: string, start: number): { token: FqlToken; end: number } {
  const quote = src[start]!;
  const end = src.indexOf(quote, start + 1);
  if (end === -1) throw new FqlTokenError(`unterminated string: missing closing ${quote}`, start);
  return { token: { kind: "string", value: src.slice(start + 1, end), escaped: false, offset: start }, end: end + 1 };
}

function readWord(src: string, start: number): { token: FqlToken; end: number } {
  let value = "";
  let escaped = false;
  let i = start;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === "\\") {
      const next = src[i + 1];
      if (next === undefined) throw new FqlTokenError("a backslash must escape a character", i);
      value += next;
      escaped = true;
      i += 2;
      continue;
    }
    if (!WORD_CHAR.test(ch)) break;
    value += ch;
    i++;
  }
  return { token: { kind: "word", value, escaped, offset: start }, end: i };
}
