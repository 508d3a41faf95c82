import type { SourceLocation } from "../../model/desired-resource.js";
import type { FieldPath } from "../../desired/positions.js";
import type { RuleReporter } from "../../desired/rules.js";
import { escapeControls } from "../../escape/text-escape.js";
import { isShapeMarker, parseHashShape, SHAPE_KEY, SHAPE_SPELLING } from "../hash-shape.js";
import type { JsonValue } from "../types.js";
import type { Expectations, ShapeExpectation } from "./types.js";

/** Where a case's markers are read and reported. */
export interface MarkerScope {
  reporter: RuleReporter;
  at: (path: FieldPath) => SourceLocation;
}

/**
 * The shape expectations (`{ hashed: sha256-hex }`) of a case's `event` and `contains`, each with the
 * output path it checks. A mapping holding only `hashed` is always a shape: one that names no
 * algorithm and encoding is an error here, never an exact value compared later (a misspelt shape would
 * otherwise fail every run, or pass where the output holds the same mapping). Iterative; the YAML reader
 * bounds the depth.
 */
export function readShapeMarkers(expect: Expectations, i: number, scope: MarkerScope): { shapes: ShapeExpectation[]; ok: boolean } {
  const shapes: ShapeExpectation[] = [];
  let ok = true;
  const stack: Array<{ value: JsonValue; path: string[]; field: FieldPath }> = [];
  for (const root of ["event", "contains"] as const) {
    const value = expect[root];
    if (value !== undefined) stack.push({ value, path: [], field: ["cases", i, "expect", root] });
  }
  while (stack.length > 0) {
    const { value, path, field } = stack.pop()!;
    if (isShapeMarker(value)) {
      const named = value[SHAPE_KEY];
      const shape = typeof named === "string" ? parseHashShape(named) : undefined;
      if (shape === undefined) {
        const shown = typeof named === "string" ? JSON.stringify(escapeControls(named)) : "a non-string value";
        scope.reporter.report("error", "test-hashed", [...field, SHAPE_KEY], `${shown} is no hash shape; write ${SHAPE_SPELLING}`);
        ok = false;
      } else {
        const marker = [...field, SHAPE_KEY];
        shapes.push({ path, shape, written: named as string, field: marker.join("."), at: scope.at(marker) });
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, k) => stack.push({ value: item, path: [...path, String(k)], field: [...field, k] }));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...path, key], field: [...field, key] });
    }
  }
  return { shapes: shapes.reverse(), ok };
}
