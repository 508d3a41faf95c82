/** The paths at which two event values differ (plan --events' examples, src/simulate/plan-events.ts). */
import { fqlType } from "../fql/json-value.js";
import { jsonEqual } from "./json.js";
import type { JsonValue } from "./types.js";

/** Paths listed per example; the rest are counted. */
const MAX_PATHS = 5;

/** A path as a linked list from its last segment, so a deep walk never copies its prefix. */
interface PathNode {
  key: string;
  parent?: PathNode;
}

function segmentsOf(node: PathNode | undefined): string[] {
  const segments: string[] = [];
  for (let n = node; n !== undefined; n = n.parent) segments.push(n.key);
  return segments.reverse();
}

/**
 * The paths at which two values differ (the first `limit`, and how many in all): into objects key
 * by key, lists and scalars compared whole. Iterative, so a deeply nested event cannot overflow
 * the call stack; time is linear in the size of the two values.
 */
export function differingPaths(a: JsonValue | null, b: JsonValue | null, limit = MAX_PATHS): { paths: string[][]; count: number } {
  const paths: string[][] = [];
  let count = 0;
  const stack: Array<[unknown, unknown, PathNode | undefined]> = [[a, b, undefined]];
  while (stack.length > 0) {
    const [x, y, node] = stack.pop()!;
    if (fqlType(x) === "object" && fqlType(y) === "object") {
      const left = x as Record<string, JsonValue>;
      const right = y as Record<string, JsonValue>;
      const keys = [...Object.keys(left), ...Object.keys(right).filter((k) => !Object.hasOwn(left, k))];
      // Pushed in reverse, so paths come out in key order.
      for (const key of keys.reverse())
        stack.push([
          Object.hasOwn(left, key) ? left[key] : undefined,
          Object.hasOwn(right, key) ? right[key] : undefined,
          { key, parent: node },
        ]);
    } else if (x === undefined || y === undefined || !jsonEqual(x as JsonValue, y as JsonValue)) {
      if (count++ < limit) paths.push(segmentsOf(node));
    }
  }
  return { paths, count };
}
