import { boundedDistance } from "./name-match.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import type { FieldPath } from "./positions.js";
import { HASH_KEY_VARIABLE_PATTERN, hashKeyVariableMessage } from "../model/hash-key-variable.js";
import { NOTIFY_VARIABLE_PATTERN, notifyVariableMessage } from "../model/notify-target.js";
import { project, transformation, transformationTest } from "./schema-validators.generated.js";
import { beforeCut } from "../secrets/redact-cuts.js";

/** One schema violation, in human words, with the field it is about. */
export interface SchemaIssue {
  path: FieldPath;
  message: string;
  /** Report at the key rather than the value (unknown fields). */
  atKey: boolean;
}

export type SchemaName = "transformation.schema.json" | "transync.schema.json" | "transformation-test.schema.json";

/** Compiled ahead of time from schemas/ (scripts/compile-schemas.ts): no compiling at run time. */
const VALIDATORS: Record<SchemaName, ValidateFunction> = {
  "transformation.schema.json": transformation,
  "transync.schema.json": project,
  "transformation-test.schema.json": transformationTest,
};

function validatorFor(name: SchemaName): ValidateFunction {
  return VALIDATORS[name];
}

/** Validates a value against one of transync's schemas; [] when valid. */
export function checkSchema(name: SchemaName, value: unknown): SchemaIssue[] {
  const validate = validatorFor(name);
  if (validate(value)) return [];
  return condense(validate.errors ?? []);
}

/**
 * Keeps one message per problem: a `oneOf` replaces its branches (unless a value inside it failed),
 * `propertyNames` its inner error, and one value gets one message (a URL that fails `pattern` is not also reported for `format`).
 */
function condense(errors: ErrorObject[]): SchemaIssue[] {
  const unions = errors.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf");
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (unions.some((u) => u !== error && error.schemaPath.startsWith(`${u.schemaPath}/`))) continue;
    // A value that took a branch and failed inside it (a `fromEnv` name) is told that, not "expected a string".
    if (unions.includes(error) && errors.some((e) => e.instancePath.startsWith(`${error.instancePath}/`))) continue;
    if (error.keyword !== "propertyNames" && error.schemaPath.includes("/propertyNames/")) continue;
    const branches = unions.includes(error) ? errors.filter((e) => e.schemaPath.startsWith(`${error.schemaPath}/`)) : [];
    const issue = toIssue(error, branches);
    const key = issue.path.join("\u0000");
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}

function pathOf(instancePath: string): string[] {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function toIssue(error: ErrorObject, branches: ErrorObject[]): SchemaIssue {
  const path = pathOf(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { path: [...path, String(params.missingProperty)], message: "required field is missing", atKey: false };
    case "additionalProperties": {
      const field = String(params.additionalProperty);
      return { path: [...path, field], message: unknownFieldMessage(field, error.parentSchema), atKey: true };
    }
    case "propertyNames":
      return {
        path: [...path, String(params.propertyName)],
        message: `invalid name "${String(params.propertyName)}": use letters, digits, "_", "." and "-"`,
        atKey: true,
      };
    default:
      return { path, message: describeError(error, path, branches), atKey: false };
  }
}

function describeError(error: ErrorObject, path: string[], branches: ErrorObject[]): string {
  const params = error.params as Record<string, unknown>;
  const data = error.data;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case "type":
      return `expected ${withArticle(String(params.type))}, got ${describeValue(data)}`;
    case "const":
      return `must be ${JSON.stringify(params.allowedValue)} (got ${describeValue(data)})`;
    case "enum":
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")} (got ${describeValue(data)})`;
    case "maxItems":
      return `at most ${limit} ${noun(path, limit)} (got ${(data as unknown[]).length})`;
    case "minItems":
      return `at least ${limit} ${noun(path, limit)} (got ${(data as unknown[]).length})`;
    case "minProperties":
      return `must not be empty; give at least one of ${Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {}).join(", ")}`;
    case "minLength":
      return limit === 1 ? "must not be empty" : `at least ${limit} characters (got ${String(data).length})`;
    case "maxLength":
      return `at most ${limit} characters (got ${String(data).length})`;
    case "uniqueItems":
      return `items ${String(params.j)} and ${String(params.i)} are the same; list each value once`;
    case "pattern":
      return patternMessage(String(params.pattern), data);
    case "format":
      return `must be a valid ${String(params.format)}`;
    case "oneOf":
    case "anyOf":
      return `expected ${orList(branches.flatMap(expectation))} (got ${describeValue(data)})`;
    default:
      return error.message ?? "is invalid";
  }
}

/** What a value that fails `pattern` should be, in words where the pattern has some. */
function patternMessage(pattern: string, data: unknown): string {
  if (pattern === "^https?://") return "must start with http:// or https://";
  if (pattern === HASH_KEY_VARIABLE_PATTERN) return hashKeyVariableMessage(data);
  if (pattern === NOTIFY_VARIABLE_PATTERN) return notifyVariableMessage(data);
  return `does not have the expected form (${pattern})`;
}

/** The alternatives one branch of a union accepts, e.g. ["true", "false"] or ['"all"', '"removed"']. */
function expectation(error: ErrorObject): string[] {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "type") return String(params.type) === "boolean" ? ["true", "false"] : [withArticle(String(params.type))];
  if (error.keyword === "enum") return (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
  return [];
}

function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "a valid value") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)!}`;
}

const NOUNS: Record<string, [string, string]> = {
  propertyValueTransformations: ["property", "properties"],
  fqlDefinedProperties: ["property", "properties"],
  propertyPaths: ["path", "paths"],
  paths: ["path", "paths"],
  sources: ["source", "sources"],
};

function noun(path: string[], count: number): string {
  const [one, many] = NOUNS[path.at(-1) ?? ""] ?? ["item", "items"];
  return count === 1 ? one : many;
}

function withArticle(type: string): string {
  const words: Record<string, string> = {
    object: "a mapping",
    array: "a list",
    string: "a string",
    boolean: "true or false",
    integer: "a whole number",
    number: "a number",
    null: "null",
  };
  return type
    .split(",")
    .map((t) => words[t] ?? t)
    .join(" or ");
}

/** A short description of a value for messages (never the whole value: it may be huge). */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value !== "string") return String(value);
  const safe = beforeCut(value);
  return safe.length > 60 ? `${JSON.stringify(safe.slice(0, 57))}...` : JSON.stringify(safe);
}

function unknownFieldMessage(field: string, parentSchema: unknown): string {
  const known = Object.keys((parentSchema as { properties?: object } | undefined)?.properties ?? {});
  const close = known.find((k) => boundedDistance(k.toLowerCase(), field.toLowerCase(), 2) <= 2);
  const hint = close ? `; did you mean "${close}"?` : known.length > 0 ? `; known fields: ${known.join(", ")}` : "";
  return `unknown field "${field}"${hint}`;
}
