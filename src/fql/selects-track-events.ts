import type { FqlExpr } from "./ast.js";
import { fqlNodes } from "./walk.js";

/**
 * Whether a condition can select track events: it mentions the `event` field (only track events
 * have one) or compares `type` with 'track'. Used to warn about `newEventName` (track only).
 */
export function selectsTrackEvents(expr: FqlExpr): boolean {
  for (const node of fqlNodes(expr)) {
    if (node.kind === "path" && node.segments.length === 1 && node.segments[0] === "event") return true;
    if (node.kind === "compare" && (isTypeTrack(node.left, node.right) || isTypeTrack(node.right, node.left))) return true;
  }
  return false;
}

function isTypeTrack(field: FqlExpr, value: FqlExpr): boolean {
  return field.kind === "path" && field.segments.join(".") === "type" && value.kind === "literal" && value.value === "track";
}
