import type { ErrorObject } from "ajv/dist/2020.js";
import type { ApiErrorObject } from "../model/transformation.js";
import { inputError } from "./http-error.js";

/** `/propertyValueTransformations/0/propertyPaths` -> `propertyValueTransformations.0.propertyPaths`. */
export function dottedPath(instancePath: string, child?: string): string {
  const parts = instancePath
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (child !== undefined) parts.push(child);
  return parts.join(".");
}

/**
 * ajv errors -> one `input-validation` error per offending field, the message naming the field.
 * The `null` branch of a nullable field (update schema) and the `anyOf` and `if` wrappers are
 * noise: the branch that matters (the field's own definition, the `then` or `else` that failed) has
 * its own error.
 */
export function toInputErrors(errors: readonly ErrorObject[], prefix = ""): ApiErrorObject[] {
  const byField = new Map<string, ApiErrorObject>();
  for (const error of errors) {
    if (error.keyword === "anyOf" || error.keyword === "if" || (error.keyword === "type" && error.params.type === "null")) continue;
    const child =
      error.keyword === "required"
        ? String(error.params.missingProperty)
        : error.keyword === "additionalProperties"
          ? String(error.params.additionalProperty)
          : undefined;
    const field = prefix + dottedPath(error.instancePath, child);
    if (byField.has(field)) continue;
    byField.set(field, inputError(field || undefined, messageFor(error, field)));
  }
  return [...byField.values()];
}

function messageFor(error: ErrorObject, field: string): string {
  const name = field === "" ? "body" : `"${field}"`;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${name} is required`;
    case "additionalProperties":
      return `${name} is not allowed`;
    case "type":
      return field === "" ? "the request body must be a JSON object" : `${name} must be of type ${String(p.type)}`;
    case "maxItems":
      return `${name} must contain at most ${String(p.limit)} items`;
    case "minItems":
      return `${name} must contain at least ${String(p.limit)} item${p.limit === 1 ? "" : "s"}`;
    case "minLength":
      return p.limit === 1 ? `${name} must not be empty` : `${name} must be at least ${String(p.limit)} characters long`;
    case "maxLength":
      return `${name} must be at most ${String(p.limit)} characters long`;
    case "enum":
      return `${name} must be one of ${(p.allowedValues as unknown[]).join(", ")}`;
    default:
      return `${name} ${error.message ?? "is invalid"}`;
  }
}
