import type { FqlExpr } from "../fql/ast.js";
import { isMatchAll } from "../simulate/evaluate-fql.js";

/** The two fields Segment's volume endpoint groups events by (`groupBy=eventName,eventType`). */
const SELECTOR_FIELDS = new Set(["event", "type"]);

/**
 * Whether an `if` is a plain selector: it reads nothing of an event but its name (`event`) and its
 * type (`type`), so its value on every event follows from those two alone, and the volume
 * endpoint's rows (one per name and type) give its count exactly. Plain: `event = '…'`,
 * `type = '…'`, `event in [...]`, `!=` of those, and `and`, `or`, `!` and parentheses around them;
 * also `all` and literals (`true`), which read no field. `!=` and `!` are in: they read the same two fields, and the
 * rows partition the events by exactly those, so the complement is as exact as the match. Anything
 * else (other fields, functions, `<`, comparing two fields) needs the events themselves.
 */
export function isPlainSelector(expr: FqlExpr): boolean {
  if (isMatchAll(expr)) return true;
  // Iterative: a hostile document may nest or chain conditions thousands deep.
  const stack: FqlExpr[] = [expr];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === "logical") for (const operand of node.operands) stack.push(operand);
    else if (node.kind === "not") stack.push(node.operand);
    else if (node.kind === "literal")
      continue; // reads no field: the same on every event
    else if (node.kind !== "compare" || !isFieldTest(node.op, node.left, node.right)) return false;
  }
  return true;
}

/** `event = 'x'`, `'x' = event`, `type != 'page'`, `event in ['a', 'b']`. */
function isFieldTest(op: string, left: FqlExpr, right: FqlExpr): boolean {
  if (op === "in") return isSelectorField(left) && right.kind === "list" && right.items.every((item) => item.kind === "literal");
  if (op !== "=" && op !== "!=") return false;
  return (isSelectorField(left) && right.kind === "literal") || (isSelectorField(right) && left.kind === "literal");
}

function isSelectorField(expr: FqlExpr): boolean {
  return expr.kind === "path" && expr.segments.length === 1 && SELECTOR_FIELDS.has(expr.segments[0]!);
}

/** The event names and types a plain selector asks for by name. */
export interface SelectedNames {
  events: string[];
  types: string[];
}

/**
 * The names and types a selector asks for positively: `=` and `in` outside an odd number of `!`
 * (`event != 'x'` and `!(event = 'x')` ask for every other event, so a name nobody sends there is
 * no mistake). In source order, each once. Meant for plain selectors (isPlainSelector).
 */
export function selectedNames(expr: FqlExpr): SelectedNames {
  const found: Record<"event" | "type", Set<string>> = { event: new Set(), type: new Set() };
  const stack: Array<[FqlExpr, boolean]> = [[expr, false]];
  while (stack.length > 0) {
    const [node, negated] = stack.pop()!;
    if (node.kind === "logical") for (let i = node.operands.length - 1; i >= 0; i--) stack.push([node.operands[i]!, negated]);
    else if (node.kind === "not") stack.push([node.operand, !negated]);
    else if (node.kind === "compare" && !negated && (node.op === "=" || node.op === "in")) addNames(node.left, node.right, found);
  }
  return { events: [...found.event], types: [...found.type] };
}

function addNames(left: FqlExpr, right: FqlExpr, found: Record<"event" | "type", Set<string>>): void {
  const [field, value] = isSelectorField(left) ? [left, right] : [right, left];
  if (field.kind !== "path") return;
  const target = found[field.segments[0] as "event" | "type"];
  if (target === undefined) return;
  const values = value.kind === "list" ? value.items : [value];
  for (const item of values) if (item.kind === "literal" && typeof item.value === "string") target.add(item.value);
}
