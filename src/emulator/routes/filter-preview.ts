import type { FastifyInstance } from "fastify";
import type { FqlExpr } from "../../fql/ast.js";
import { parseFql } from "../../fql/parse-fql.js";
import { matchesFql } from "../../simulate/evaluate-fql.js";
import type { JsonValue } from "../../fql/json-value.js";
import type { ApiErrorObject } from "../../model/transformation.js";
import { shorten } from "../envelope.js";
import { applyFilterActions, type FilterAction } from "../../simulate/filter-actions.js";
import { HttpError, inputError, validationFailure } from "../http-error.js";
import type { FilterPreviewConfig, WorkspaceConfig } from "../types.js";

type JsonObject = { [key: string]: JsonValue };

interface PreviewInput {
  filter: { if: string; actions: FilterAction[] };
  payload: JsonObject;
}

const ACTION_TYPES: readonly string[] = ["DROP", "DROP_PROPERTIES", "ALLOW_PROPERTIES", "SAMPLE"];

/**
 * previewDestinationFilter (Segment's Public API): `{ filter: { if, actions }, payload }` ->
 * `{ inputPayload, result }`, `result` null when the event is dropped. The `if` is evaluated with
 * transync's own FQL engine (src/simulate/): the real service is the oracle, this route only makes
 * the plumbing of `transync test --check-with-segment` testable offline (docs/emulator.md).
 */
export function filterPreviewRoutes(app: FastifyInstance): void {
  app.post("/destination/filters/preview", { config: { unreadableBodyIs422: true, writesNothing: true } }, async (request) => {
    const ws = request.workspace!;
    const settings = ws.filterPreview ?? {};
    if (settings.permitted === false) throw notPermitted(ws);
    const input = readInput(request.body);
    const condition = parseCondition(input.filter.if, settings);
    const matched = matchesFql(condition, input.payload);
    // The preview must answer kept or dropped: a SAMPLE without path decides by the payload's hash.
    const options = { order: settings.actionOrder, unpathedSample: "payload" as const };
    const result = matched ? applyFilterActions(input.filter.actions, input.payload, options).event : structuredClone(input.payload);
    return { data: { inputPayload: input.payload, result } };
  });
}

/**
 * The Public API's error table gives 401 to "the provided API token does not have permission to access
 * the resource" (https://docs.segmentapis.com/tag/Error-Handling); it lists no 403.
 */
function notPermitted(ws: WorkspaceConfig): HttpError {
  return new HttpError(401, [
    {
      type: "Unauthorized",
      message: `the token may not read the destination filters of workspace ${ws.id} (filterPreview.permitted: false in the emulator config)`,
    },
  ]);
}

/** The `if` parsed, with the workspace's planted disagreement (`negateFunction`) applied. */
function parseCondition(text: string, settings: FilterPreviewConfig): FqlExpr {
  const parsed = parseFql(text);
  if (!parsed.ok)
    throw validationFailure([
      inputError("filter.if", `the filter's if does not parse as FQL: ${parsed.error.message} (column ${parsed.error.col})`),
    ]);
  return settings.negateFunction === undefined ? parsed.ast : negateCalls(parsed.ast, settings.negateFunction);
}

/** Every call of `name` wrapped in `!(...)`: the parser bounds the depth (MAX_FQL_DEPTH), so recursion is safe. */
function negateCalls(expr: FqlExpr, name: string): FqlExpr {
  const walk = (e: FqlExpr): FqlExpr => negateCalls(e, name);
  switch (expr.kind) {
    case "call": {
      const call = { ...expr, args: expr.args.map(walk) };
      return expr.name === name ? { kind: "not", operand: call, offset: expr.offset } : call;
    }
    case "not":
      return { ...expr, operand: walk(expr.operand) };
    case "logical":
      return { ...expr, operands: expr.operands.map(walk) };
    case "compare":
      return { ...expr, left: walk(expr.left), right: walk(expr.right) };
    case "list":
      return { ...expr, items: expr.items.map(walk) };
    case "literal":
    case "path":
      return expr;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The body checked field by field; every problem is one error of a 422 ("Validation failure", the operation's declared status). */
function readInput(body: unknown): PreviewInput {
  const errors: ApiErrorObject[] = [];
  const fail = (field: string, message: string): void => void errors.push(inputError(field, message));
  if (!isObject(body))
    throw validationFailure([inputError(undefined, "the body must be a JSON object { filter: { if, actions }, payload }")]);
  if (!isObject(body.payload)) fail("payload", "payload must be a JSON object (the event)");
  const filter = body.filter;
  if (!isObject(filter)) fail("filter", "filter must be an object { if, actions }");
  else {
    if (typeof filter.if !== "string" || filter.if.trim() === "") fail("filter.if", "filter.if must be a non-empty FQL string");
    if (!Array.isArray(filter.actions) || filter.actions.length === 0)
      fail("filter.actions", "filter.actions must be a non-empty list of actions");
    else filter.actions.forEach((action, i) => checkAction(action, `filter.actions.${i}`, fail));
  }
  if (errors.length > 0) throw validationFailure(errors);
  return body as unknown as PreviewInput;
}

function checkAction(action: unknown, at: string, fail: (field: string, message: string) => void): void {
  if (!isObject(action)) return fail(at, "an action must be an object { type, fields?, percent?, path? }");
  if (typeof action.type !== "string" || !ACTION_TYPES.includes(action.type))
    fail(`${at}.type`, `type must be one of ${ACTION_TYPES.join(", ")}; got ${shorten(JSON.stringify(action.type) ?? "nothing")}`);
  const { fields, percent, path } = action;
  if (
    fields !== undefined &&
    (!isObject(fields) || !Object.values(fields).every((keys) => Array.isArray(keys) && keys.every((k) => typeof k === "string")))
  ) {
    fail(`${at}.fields`, 'fields must map object paths ("" = the top level) to lists of keys');
  }
  if (percent !== undefined && (typeof percent !== "number" || !(percent >= 0 && percent <= 1)))
    fail(`${at}.percent`, "percent must be a number from 0 to 1");
  if (path !== undefined && typeof path !== "string") fail(`${at}.path`, "path must be a string");
}
