import type { FqlExpr } from "./ast.js";

/** The sub-expressions of a node, in source order. */
export function fqlChildren(node: FqlExpr): readonly FqlExpr[] {
  switch (node.kind) {
    case "compare":
      return [node.left, node.right];
    case "logical":
      return node.operands;
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
    // One push per child: spreading a chain of 100,000 operands into push() would overflow the stack.
    const children = fqlChildren(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}
