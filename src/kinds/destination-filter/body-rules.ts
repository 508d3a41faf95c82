import { FILTER_ACTION_TYPES, FILTER_LIMITS, isFilterFieldName } from "../../model/destination-filter-api.js";
import { parseFql } from "../../fql/parse-fql.js";
import { beforeCut } from "../../secrets/redact-cuts.js";
import type { KindInputError } from "../kind.js";

/** The keys of `CreateFilterForDestinationV1Input`; an update has them all but `sourceId`. */
const CREATE_KEYS = ["sourceId", "if", "actions", "title", "description", "enabled"] as const;
const UPDATE_KEYS = ["if", "actions", "title", "description", "enabled"] as const;
const REQUIRED_ON_CREATE = ["sourceId", "if", "actions", "title", "enabled"] as const;
const ACTION_KEYS = ["type", "fields", "percent", "path"] as const;

type Fail = (field: string | undefined, message: string) => void;

/**
 * Every problem of a create (`mode: "create"`) or PATCH body of a Destination Filter (the emulator's
 * 422s: the descriptor's `emulator.routes.body`, and a config's seed filters), one error per field, `prefix` before each field (a config seed's path): unknown keys
 * (as the Transformation's schema refuses them), required keys, types, the API's limits
 * (FILTER_LIMITS) and an `if` that does not parse as FQL.
 */
export function filterBodyErrors(body: unknown, mode: "create" | "update", prefix = ""): KindInputError[] {
  const errors: KindInputError[] = [];
  const fail: Fail = (field, message) => void errors.push(field === undefined ? { message } : { field: prefix + field, message });
  if (!isObject(body)) {
    fail(undefined, "the request body must be a JSON object");
    return errors;
  }
  const known: readonly string[] = mode === "create" ? CREATE_KEYS : UPDATE_KEYS;
  for (const key of Object.keys(body)) if (!known.includes(key)) fail(key, `"${prefix}${shorten(key)}" is not allowed`);
  if (mode === "create") for (const key of REQUIRED_ON_CREATE) if (body[key] === undefined) fail(key, `"${prefix}${key}" is required`);
  const named = (field: string): string => `"${prefix}${field}"`;
  if (body.sourceId !== undefined && !isNonEmptyString(body.sourceId)) fail("sourceId", `${named("sourceId")} must be a non-empty string`);
  if (body.title !== undefined && !isNonEmptyString(body.title)) fail("title", `${named("title")} must be a non-empty string`);
  if (body.enabled !== undefined && typeof body.enabled !== "boolean") fail("enabled", `${named("enabled")} must be of type boolean`);
  const description = body.description;
  if (description !== undefined && typeof description !== "string" && !(mode === "update" && description === null))
    fail("description", `${named("description")} must be of type string${mode === "update" ? " (null clears it)" : ""}`);
  if (body.if !== undefined) checkIf(body.if, named("if"), (message) => fail("if", message));
  if (body.actions !== undefined) checkActions(body.actions, "actions", prefix, fail);
  return errors;
}

/** A non-empty string of at most FILTER_LIMITS.ifBytes bytes that parses as FQL (the filter preview's parser). */
function checkIf(value: unknown, name: string, fail: (message: string) => void): void {
  if (!isNonEmptyString(value)) return fail(`${name} must be a non-empty FQL string`);
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes > FILTER_LIMITS.ifBytes)
    return fail(`${name} must be at most ${FILTER_LIMITS.ifBytes} bytes (3 KB, a limit of the Public API), got ${bytes}`);
  const parsed = parseFql(value);
  if (!parsed.ok) fail(`${name} does not parse as FQL: ${parsed.error.message} (column ${parsed.error.col})`);
}

function checkActions(value: unknown, at: string, prefix: string, fail: Fail): void {
  if (!Array.isArray(value)) return fail(at, `"${prefix}${at}" must be a list of actions`);
  if (value.length > FILTER_LIMITS.actionsPerFilter)
    fail(
      at,
      `"${prefix}${at}" must contain at most ${FILTER_LIMITS.actionsPerFilter} actions (a limit of the Public API), got ${value.length}`,
    );
  value.forEach((action, i) => checkAction(action, `${at}.${i}`, prefix, fail));
}

function checkAction(action: unknown, at: string, prefix: string, fail: Fail): void {
  const named = (field: string): string => `"${prefix}${field}"`;
  if (!isObject(action)) return fail(at, `${named(at)} must be an object { type, fields?, percent?, path? }`);
  for (const key of Object.keys(action))
    if (!(ACTION_KEYS as readonly string[]).includes(key)) fail(`${at}.${key}`, `"${prefix}${at}.${shorten(key)}" is not allowed`);
  const type = action.type;
  if (typeof type !== "string" || !(FILTER_ACTION_TYPES as readonly string[]).includes(type))
    fail(`${at}.type`, `${named(`${at}.type`)} must be one of ${FILTER_ACTION_TYPES.join(", ")}`);
  const propertyAction = type === "ALLOW_PROPERTIES" || type === "DROP_PROPERTIES";
  if (action.fields === undefined && propertyAction) fail(`${at}.fields`, `${named(`${at}.fields`)} is required for ${type}`);
  if (action.fields !== undefined) checkFields(action.fields, `${at}.fields`, prefix, fail);
  const percent = action.percent;
  if (percent === undefined && type === "SAMPLE") fail(`${at}.percent`, `${named(`${at}.percent`)} is required for SAMPLE`);
  if (percent !== undefined && (typeof percent !== "number" || !(percent >= 0 && percent <= 1)))
    fail(`${at}.percent`, `${named(`${at}.percent`)} must be a number from 0 to 1`);
  if (action.path !== undefined && !isNonEmptyString(action.path)) fail(`${at}.path`, `${named(`${at}.path`)} must be a non-empty string`);
}

/** At most 8 object paths, each with at most 64 field names without spaces or dots. */
function checkFields(fields: unknown, at: string, prefix: string, fail: Fail): void {
  const named = (field: string): string => `"${prefix}${field}"`;
  if (!isObject(fields)) return fail(at, `${named(at)} must map object paths ("" = the top level) to lists of field names`);
  const paths = Object.keys(fields);
  if (paths.length > FILTER_LIMITS.objectsPerAction)
    fail(at, `${named(at)} may target at most ${FILTER_LIMITS.objectsPerAction} objects (a limit of the Public API), got ${paths.length}`);
  for (const path of paths) {
    const where = `${at}.${shorten(path)}`;
    const names = fields[path];
    if (!Array.isArray(names)) {
      fail(where, `${named(where)} must be a list of field names`);
      continue;
    }
    if (names.length > FILTER_LIMITS.fieldsPerObject)
      fail(
        where,
        `${named(where)} may list at most ${FILTER_LIMITS.fieldsPerObject} fields (a limit of the Public API), got ${names.length}`,
      );
    names.forEach((name, k) => {
      if (typeof name !== "string" || !isFilterFieldName(name))
        fail(
          `${where}.${k}`,
          `${named(`${where}.${k}`)} must be a field name without spaces or dots, got ${shorten(JSON.stringify(name) ?? "nothing")}`,
        );
    });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}

/** A user-supplied value in a message, cut to a readable length (as the emulator's envelope.ts cuts them). */
function shorten(value: string, max = 80): string {
  const safe = beforeCut(value);
  return safe.length <= max ? safe : `${safe.slice(0, max)}…(${safe.length} characters)`;
}
