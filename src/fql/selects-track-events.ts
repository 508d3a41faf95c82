import type { FqlExpr } from "./ast.js";

/**
 * Whether a condition can select track events: it mentions the `event` field (only track events
 * have one) or compares `type` with 'track'. Used to warn about `newEventName` (track only).
 */
export function selectsTrackEvents(expr: FqlExpr): boolean {
  const stack: FqlExpr[] = [expr];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.kind) {
      case "path":
        if (node.segments.length === 1 && node.segments[0] === "event") return true;
        break;
      case "compare":
        if (isTypeTrack(node.left, node.right) || isTypeTrack(node.right, node.left)) return true;
        stack.push(node.left, node.right);
        break;
      case "logical":
        stack.push(node.left, node.right);
        break;
      case "not":
        stack.push(node.operand);
        break;
      case "call":
        stack.push(...node.args);
        break;
      case "list":
        stack.push(...node.items);
        break;
      default:
        break;
    }
  }
  return false;
}

function isTypeTrack(field: FqlExpr, value: FqlExpr): boolean {
  return field.kind === "path" && field.segments.join(".") === "type" && value.kind === "literal" && value.value === "track";
}
