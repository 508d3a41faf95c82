/**
 * The syntax tree of a Segment FQL expression (the `if` of a Transformation and
 * `fqlDefinedProperties[].fql`). Produced by `parseFql`; the event simulator evaluates it.
 * Every node carries `offset`: where it starts in the expression (0-based, UTF-16 units).
 */

export type FqlLiteralValue = string | number | boolean | null;

export type FqlCompareOp = "=" | "!=" | "<" | "<=" | ">" | ">=" | "in";

export interface FqlLiteral {
  kind: "literal";
  value: FqlLiteralValue;
  offset: number;
}

/** A field path such as `context.library.version`; segments are unescaped (`Reddit Conversions Api`). */
export interface FqlPath {
  kind: "path";
  segments: string[];
  offset: number;
}

/** A list literal, the right side of `in` (`event in ['A', 'B']`). */
export interface FqlList {
  kind: "list";
  items: FqlExpr[];
  offset: number;
}

export interface FqlCall {
  kind: "call";
  /** Lower-case function name, e.g. `contains`. */
  name: string;
  args: FqlExpr[];
  offset: number;
}

export interface FqlNot {
  kind: "not";
  operand: FqlExpr;
  offset: number;
}

/**
 * A flat chain `a and b and c` (or `or`): one node with every operand, in source order, so no
 * recursion anywhere depends on the length of a chain. `offset` is where its first operand starts.
 * Parentheses nest chains (`(a or b) and c`); a chain of the other operator is an operand.
 */
export interface FqlLogical {
  kind: "logical";
  op: "and" | "or";
  operands: FqlExpr[];
  offset: number;
}

export interface FqlCompare {
  kind: "compare";
  op: FqlCompareOp;
  left: FqlExpr;
  right: FqlExpr;
  offset: number;
}

export type FqlExpr = FqlLiteral | FqlPath | FqlList | FqlCall | FqlNot | FqlLogical | FqlCompare;

/** A syntax error: `offset` is 0-based, `col` is the 1-based column inside the expression. */
export interface FqlSyntaxError {
  message: string;
  offset: number;
  col: number;
}

export type FqlParseResult = { ok: true; ast: FqlExpr } | { ok: false; error: FqlSyntaxError };

/**
 * Built-in functions and how many arguments each takes (Segment's FQL reference:
 * https://segment.com/docs/api/public-api/fql/).
 */
export const FQL_FUNCTIONS: Readonly<Record<string, { min: number; max: number }>> = {
  contains: { min: 2, max: 2 },
  match: { min: 2, max: 2 },
  length: { min: 1, max: 1 },
  lowercase: { min: 1, max: 1 },
  uppercase: { min: 1, max: 1 },
  snakecase: { min: 1, max: 1 },
  kebabcase: { min: 1, max: 1 },
  titlecase: { min: 1, max: 1 },
  typeof: { min: 1, max: 1 },
  bool: { min: 1, max: 1 },
  string: { min: 1, max: 1 },
  number: { min: 1, max: 1 },
};
