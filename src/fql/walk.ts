import type { FqlExpr } from "./ast.js";

/** The sub-expressions of a node, in source order. */
export function fqlChildren(node: FqlExpr): readonly FqlExpr[] {
  switch (node.kind) {
    case "compare":
    case "logical":
      return [node.left, node.right];
    case "not":
      return [node.operand];
    case "call":
      return node.args;
    case "list":
      return node.items;
    case "literal":
    case "path":
      return [];
  }
}

/**
 * Every node of an expression, parent before children and left to right. Iterative: a condition
 * nested thousands deep (a hostile document) must not overflow the stack.
 */
export function* fqlNodes(root: FqlExpr): Generator<FqlExpr> {
  const stack: FqlExpr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    stack.push(...fqlChildren(node).toReversed());
  }
}
