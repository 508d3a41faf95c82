import type { ApiErrorObject } from "../model/transformation.js";
import { inputError } from "./http-error.js";

/**
 * Rules JSON Schema cannot express (Segment's Transformations documentation,
 * https://segment.com/docs/protocols/transform/):
 * value-transformation paths rooted at `properties.`/`context.`, no path twice, no path equal to a
 * renamed property, and `fqlDefinedProperties` not combined with renames or value transformations.
 * Written defensively: they run on the merged object even when the schema already found errors.
 */
export function semanticErrors(t: Record<string, unknown>): ApiErrorObject[] {
  return [...pathErrors(t), ...fqlCombinationErrors(t)];
}

function renamedNames(t: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  for (const r of asArray(t.propertyRenames)) {
    if (!isRecord(r)) continue;
    for (const key of ["oldName", "newName"]) {
      const value = r[key];
      if (typeof value === "string") {
        names.add(value);
        names.add(`properties.${value}`);
      }
    }
  }
  return names;
}

function pathErrors(t: Record<string, unknown>): ApiErrorObject[] {
  const errors: ApiErrorObject[] = [];
  const seen = new Set<string>();
  const renamed = renamedNames(t);
  asArray(t.propertyValueTransformations).forEach((pvt, i) => {
    if (!isRecord(pvt)) return;
    asArray(pvt.propertyPaths).forEach((path, j) => {
      if (typeof path !== "string" || path === "") return;
      const field = `propertyValueTransformations.${i}.propertyPaths.${j}`;
      if (!/^(properties|context)\.[^.]/.test(path)) {
        errors.push(inputError(field, `"${field}" must be rooted at "properties." or "context.", got "${path}"`));
      } else if (seen.has(path)) {
        errors.push(inputError(field, `"${field}": the path "${path}" appears twice in propertyValueTransformations`));
      } else if (renamed.has(path)) {
        errors.push(inputError(field, `"${field}": the path "${path}" is also renamed in propertyRenames`));
      }
      seen.add(path);
    });
  });
  return errors;
}

function fqlCombinationErrors(t: Record<string, unknown>): ApiErrorObject[] {
  if (asArray(t.fqlDefinedProperties).length === 0) return [];
  const others = ["propertyRenames", "propertyValueTransformations"].filter((k) => asArray(t[k]).length > 0);
  if (typeof t.newEventName === "string") others.push("newEventName");
  if (others.length === 0) return [];
  return [inputError("fqlDefinedProperties", `"fqlDefinedProperties" cannot be combined with ${others.join(", ")}`)];
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
