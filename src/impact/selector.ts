import type { FqlExpr } from "../fql/ast.js";
import { fqlNodes } from "../fql/walk.js";
import { isMatchAll } from "../simulate/evaluate-fql.js";

/** The two fields Segment's volume endpoint groups events by (`groupBy=eventName,eventType`). */
const SELECTOR_FIELDS = new Set(["event", "type"]);

/**
 * Whether an `if` is a plain selector: it reads nothing of an event but its name (`event`) and its
 * type (`type`), so its value on every event follows from those two alone, and the volume
 * endpoint's rows (one per name and type) give its count exactly. Plain: `event = '…'`,
 * `type != '…'`, `event in [...]`, `match(event, 'Debug *')`, `contains(event, 'Order')`,
 * `length(event) > 3`, `event = type`, and `and`, `or`, `!` and parentheses around them; also
 * `all` and literals (`true`), which read no field. Every FQL function is a function of its
 * arguments alone (src/simulate/fql-functions.ts), so a test whose only fields are those two has
 * one value per row; `!=` and `!` are in: the rows partition the events by exactly those fields,
 * so the complement is as exact as the match. Anything that reads another field (`properties.…`,
 * `context.event`, `event in properties.names`) needs the events themselves.
 */
export function isPlainSelector(expr: FqlExpr): boolean {
  return isMatchAll(expr) || readsOnlySelectorFields(expr);
}

/**
 * Whether every field `expr` reads is `event` or `type` (none at all counts). Iterative (fqlNodes):
 * a hostile document may nest or chain conditions thousands deep.
 */
export function readsOnlySelectorFields(expr: FqlExpr): boolean {
  for (const node of fqlNodes(expr)) if (node.kind === "path" && !isSelectorField(node)) return false;
  return true;
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
