import type { ErrorObject } from "ajv";
import { ValidationError } from "../errors.js";
import { PLAN_FORMAT_VERSION, type Plan } from "../plan/types.js";
import { digestProblem } from "../plan/digest.js";
import { plan as planValidator } from "./plan-validator.generated.js";

/** Validates a JSON plan against the schema; returns the problems (empty when valid). */
export function planSchemaIssues(value: unknown): Array<{ where: string; message: string }> {
  if (planValidator(value)) return [];
  return (planValidator.errors ?? []).map(describe);
}

function describe(error: ErrorObject): { where: string; message: string } {
  const where = error.instancePath === "" ? "/" : error.instancePath;
  const detail =
    error.keyword === "additionalProperties"
      ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
      : error.keyword === "enum"
        ? ` (${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)})`
        : "";
  return { where, message: `${error.message ?? error.keyword}${detail}` };
}

/**
 * Reads a plan written by `plan --out` (for `apply PLANFILE`). Throws ValidationError naming the
 * file: not JSON, another format version, or not matching the schema (every problem listed).
 */
export function parsePlanJson(text: string, source = "the plan file"): Plan {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(`${source} is not valid JSON (${(error as Error).message}); write it with \`transync plan --out FILE\`.`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ValidationError(`${source} is not a transync plan (expected a JSON object); write it with \`transync plan --out FILE\`.`);
  }
  const version = (value as { formatVersion?: unknown }).formatVersion;
  if (version !== PLAN_FORMAT_VERSION) {
    throw new ValidationError(
      `${source} has plan format version ${JSON.stringify(version ?? null)}, but this transync reads version ${PLAN_FORMAT_VERSION}; run \`transync plan --out FILE\` again with this version.`,
    );
  }
  const edited = digestProblem(value, source);
  if (edited) throw new ValidationError(edited);
  const issues = planSchemaIssues(value);
  if (issues.length > 0)
    throw new ValidationError(
      `${source} is not a valid transync plan (${issues.length} problem${issues.length === 1 ? "" : "s"}); was it edited by hand? Run \`transync plan --out FILE\` again.`,
      issues,
    );
  return value as Plan;
}
