/**
 * Room src/fql/: FQL parsed into a tree (tokenize.ts, parse-fql.ts, ast.ts) and the one walk
 * of that tree (walk.ts); validation and the simulator both build on it.
 * May import: the ground floor.
 */
import { FQL_FUNCTIONS, type FqlCompareOp, type FqlExpr, type FqlParseResult, type FqlPath } from "./ast.js";
import { FqlTokenError, tokenizeFql, type FqlToken } from "./tokenize.js";
import { isKeywordToken, LOWERCASE_RULE, otherCaseKeywordMessage } from "./keyword-case.js";
import { ownValue } from "../own-keys.js";

export { CAPITAL_OR } from "./keyword-case.js";

/** Deeper nesting than this is an error (and keeps recursion far from the stack limit). */
export const MAX_FQL_DEPTH = 64;

const COMPARE_OPS = new Set<string>(["=", "!=", "<", "<=", ">", ">="]);
const NOT_MESSAGE = `FQL has no "not": write "!" before the condition, e.g. !(event = 'a')`;

/** `if: all`: the parser reads the bare word `all` as the one-segment path `all`. */
export function isMatchAll(expr: FqlExpr): boolean {
  return expr.kind === "path" && expr.segments.length === 1 && expr.segments[0] === "all";
}

/**
 * Parses Segment FQL by recursive descent:
 *   or      := and ("or" and)*      one n-ary node per chain (see FqlLogical)
 *   and     := not ("and" not)*
 *   not     := "!" not | compare
 *   compare := operand ((= | != | < | <= | > | >= | in) operand)?
 *   operand := "(" or ")" | string | number | true | false | null | list | call | path
 * The right side of `in` is a list or a path (a field holding a list).
 * Never throws: a syntax error comes back with its offset and 1-based column.
 */
export function parseFql(src: string): FqlParseResult {
  const known = recentTrees.get(src);
  if (known !== undefined) return known;
  const result = parseUncached(src);
  // Only a success is kept: an error's message may quote the expression, redacted for the run
  // that parsed it (src/secrets/redact-cuts.ts).
  if (result.ok) {
    if (recentTrees.size >= RECENT_TREES) recentTrees.clear();
    recentTrees.set(src, result);
  }
  return result;
}

/**
 * The trees of the last expressions parsed: validation parses a document's `if` and FQL
 * properties once per rule that reads them (src/kinds/transformation/rules.ts), one rule right after the other.
 * Trees are never mutated, so one may be shared.
 */
const recentTrees = new Map<string, FqlParseResult>();
const RECENT_TREES = 16;

function parseUncached(src: string): FqlParseResult {
  try {
    const tokens = tokenizeFql(src);
    if (tokens.length === 1) return failure("the expression is empty", 0);
    const parser = new Parser(tokens);
    const ast = parser.parseExpression();
    parser.expectEnd();
    return { ok: true, ast };
  } catch (error) {
    if (error instanceof FqlTokenError) return failure(error.message, error.offset);
    throw error;
  }
}

function failure(message: string, offset: number): FqlParseResult {
  return { ok: false, error: { message, offset, col: offset + 1 } };
}

/** Whether a token can begin an operand: then a `not` before it was meant as negation. */
function startsOperand(token: FqlToken): boolean {
  if (token.kind === "word" || token.kind === "string" || token.kind === "number") return true;
  return (token.kind === "punct" && (token.value === "(" || token.value === "[")) || (token.kind === "op" && token.value === "!");
}

function describeOperand(expr: FqlExpr): string {
  if (expr.kind === "call") return `a call of ${expr.name}()`;
  if (expr.kind === "literal") {
    if (typeof expr.value === "string") return `the string ${JSON.stringify(expr.value)}`;
    return expr.value === null ? "null" : `the ${typeof expr.value} ${String(expr.value)}`;
  }
  return "a condition";
}

function describe(token: FqlToken): string {
  if (token.kind === "eof") return "the end of the expression";
  if (token.kind === "string") return `the string ${JSON.stringify(token.value)}`;
  return `"${token.value}"`;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: FqlToken[]) {}

  parseExpression(): FqlExpr {
    if (++this.depth > MAX_FQL_DEPTH)
      throw new FqlTokenError(`the expression is nested more than ${MAX_FQL_DEPTH} levels deep`, this.peek().offset);
    const chain = this.parseChain("or", () => this.parseAnd());
    this.refuseOtherCaseKeyword();
    this.depth--;
    return chain;
  }

  /** After a complete expression, a keyword in another case is a mistake wherever it stands (keyword-case.ts). */
  private refuseOtherCaseKeyword(): void {
    const message = otherCaseKeywordMessage(this.peek());
    if (message !== undefined) throw new FqlTokenError(message, this.peek().offset);
  }

  expectEnd(): void {
    const token = this.peek();
    if (token.kind !== "eof") {
      const hint = token.kind === "word" || token.kind === "string" ? " (missing `and`/`or`?)" : "";
      throw new FqlTokenError(`unexpected ${describe(token)} after a complete expression${hint}`, token.offset);
    }
  }

  private parseAnd(): FqlExpr {
    return this.parseChain("and", () => this.parseNot());
  }

  /** `operand (op operand)*` as one n-ary node, read in a loop: a chain of any length adds no depth. */
  private parseChain(op: "and" | "or", operand: () => FqlExpr): FqlExpr {
    const first = operand();
    if (!this.isKeyword(op)) return first;
    const operands = [first];
    while (this.isKeyword(op)) {
      this.next();
      operands.push(operand());
    }
    return { kind: "logical", op, operands, offset: first.offset };
  }

  private parseNot(): FqlExpr {
    const token = this.peek();
    if (token.kind === "op" && token.value === "!") {
      this.next();
      if (++this.depth > MAX_FQL_DEPTH)
        throw new FqlTokenError(`the expression is nested more than ${MAX_FQL_DEPTH} levels deep`, token.offset);
      const operand = this.parseNot();
      this.depth--;
      return { kind: "not", operand, offset: token.offset };
    }
    return this.parseCompare();
  }

  private parseCompare(): FqlExpr {
    const left = this.parseOperand();
    const token = this.peek();
    let op: FqlCompareOp | undefined;
    if (token.kind === "op" && COMPARE_OPS.has(token.value)) op = token.value as FqlCompareOp;
    else if (this.isKeyword("in")) op = "in";
    if (!op) return left;
    this.next();
    const right = this.parseOperand();
    if (op === "in" && right.kind !== "list" && right.kind !== "path") {
      throw new FqlTokenError(
        `the right side of "in" must be a list such as ['a', 'b'] or a field holding one, found ${describeOperand(right)}`,
        right.offset,
      );
    }
    return { kind: "compare", op, left, right, offset: token.offset };
  }

  private parseOperand(): FqlExpr {
    const token = this.peek();
    if (token.kind === "punct" && token.value === "(") return this.parseGroup();
    if (token.kind === "punct" && token.value === "[") return this.parseList();
    if (token.kind === "string") return this.literal(token.value);
    if (token.kind === "number") return this.literal(Number(token.value));
    if (token.kind === "word") return this.parseWord(token);
    throw new FqlTokenError(`expected a value, a field or a function call, found ${describe(token)}`, token.offset);
  }

  private literal(value: string | number | boolean | null): FqlExpr {
    return { kind: "literal", value, offset: this.next().offset };
  }

  private parseGroup(): FqlExpr {
    const open = this.next();
    const inner = this.parseExpression();
    this.expectPunct(")", `expected ")" to close the "(" at column ${open.offset + 1}`);
    return inner;
  }

  private parseList(): FqlExpr {
    const open = this.next();
    const items = this.parseSequence("]");
    return { kind: "list", items, offset: open.offset };
  }

  /** Comma-separated expressions up to `close` (already past the opening bracket). */
  private parseSequence(close: string): FqlExpr[] {
    const items: FqlExpr[] = [];
    if (this.isPunct(close)) {
      this.next();
      return items;
    }
    for (;;) {
      items.push(this.parseExpression());
      if (this.isPunct(",")) {
        this.next();
        continue;
      }
      this.expectPunct(close, `expected "," or "${close}", found ${describe(this.peek())}`);
      return items;
    }
  }

  private parseWord(token: FqlToken): FqlExpr {
    const followedBy = this.tokens[this.pos + 1];
    const isPathStart = followedBy?.kind === "punct" && followedBy.value === ".";
    if (!token.escaped && !isPathStart) {
      if (token.value === "true" || token.value === "false") return this.literal(token.value === "true");
      if (token.value === "null") return this.literal(null);
    }
    if (!token.escaped && token.value.toLowerCase() === "not" && followedBy !== undefined && startsOperand(followedBy)) {
      throw new FqlTokenError(NOT_MESSAGE, token.offset);
    }
    if (!token.escaped && followedBy?.kind === "punct" && followedBy.value === "(") return this.parseCall(token);
    if (!token.escaped && (token.value === "and" || token.value === "or" || token.value === "in")) {
      throw new FqlTokenError(`expected a value or a field before "${token.value}"`, token.offset);
    }
    return this.parsePath();
  }

  private parseCall(token: FqlToken): FqlExpr {
    const name = token.value;
    const arity = ownValue(FQL_FUNCTIONS, name);
    if (!arity && ownValue(FQL_FUNCTIONS, name.toLowerCase())) {
      throw new FqlTokenError(`unknown function "${name}": ${LOWERCASE_RULE}; write "${name.toLowerCase()}"`, token.offset);
    }
    if (!arity) {
      throw new FqlTokenError(`unknown function "${token.value}" (known: ${Object.keys(FQL_FUNCTIONS).join(", ")})`, token.offset);
    }
    this.next();
    this.next();
    const args = this.parseSequence(")");
    if (args.length < arity.min || args.length > arity.max) {
      const expected = arity.min === arity.max ? `${arity.min}` : `${arity.min} to ${arity.max}`;
      const plural = arity.max === 1 ? "argument" : "arguments";
      throw new FqlTokenError(`${name}() takes ${expected} ${plural}, got ${args.length}`, token.offset);
    }
    return { kind: "call", name, args, offset: token.offset };
  }

  private parsePath(): FqlPath {
    const first = this.next();
    const segments = [first.value];
    while (this.isPunct(".")) {
      const dot = this.next();
      const segment = this.peek();
      if (segment.kind !== "word")
        throw new FqlTokenError(`expected a field name after "."`, segment.kind === "eof" ? dot.offset : segment.offset);
      segments.push(this.next().value);
    }
    return { kind: "path", segments, offset: first.offset };
  }

  private expectPunct(value: string, message: string): void {
    const token = this.peek();
    if (!(token.kind === "punct" && token.value === value)) throw new FqlTokenError(message, token.offset);
    this.next();
  }

  private isPunct(value: string): boolean {
    const token = this.peek();
    return token.kind === "punct" && token.value === value;
  }

  private isKeyword(word: "and" | "or" | "in"): boolean {
    return isKeywordToken(this.peek(), word);
  }

  private peek(): FqlToken {
    return this.tokens[this.pos]!;
  }

  private next(): FqlToken {
    const token = this.tokens[this.pos]!;
    if (token.kind !== "eof") this.pos++;
    return token;
  }
}
