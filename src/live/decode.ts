import { ApiError } from "../errors.js";
import type { ApiErrorObject, AuditEvent, Transformation, Workspace } from "../model/transformation.js";
import {
  auditEventMisfit,
  describeValue,
  transformationMisfit,
  workspaceMisfit,
  type Misfit,
} from "../kinds/transformation/decode-fields.js";
import type { ApiRequest } from "./http-send.js";
import type { Page } from "./live-api.js";
import type { RetriedReply } from "./retry.js";
import { jsonMayHold, scrubJson } from "../secrets/redact-json.js";
import { REDACTED } from "../secrets/redact.js";
import { redactUrl } from "./settings.js";
import { beforeCut, shorten } from "../secrets/redact-cuts.js";

type Json = Record<string, unknown>;
type ErrorEntry = Pick<ApiErrorObject, "type" | "message" | "field">;

/** What to do about an error status; `tokenEnv` is the variable the token was read from. */
const HINTS: Record<number, (tokenEnv: string) => string> = {
  401: (tokenEnv) => `Check that ${tokenEnv} is a valid token of this workspace.`,
  403: () => "The token lacks permission, or the workspace lacks the Protocols feature.",
  404: () => "The object does not exist (any more); run plan again.",
  413: () => "The request body is over the server's limit.",
  422: () => "Fix the fields named above.",
  429: () => "The API kept rate-limiting for the whole 429 budget (5 minutes of waiting per call); lower --rate, or run again later.",
};

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Decodes replies. Every string of an error reply is scrubbed of `secret` (the token) before anything
 * sees it: error types, fields and messages, snippets of unreadable replies. A success's data is not:
 * it is the live state that plans and verification compare with the documents (docs/security.md).
 */
export class ReplyDecoder {
  /** `tokenEnv`: the variable the token was read from, named by the hint of a 401. */
  constructor(
    private readonly secret: string,
    private readonly tokenEnv: string,
  ) {}

  private scrub(text: string): string {
    return this.secret !== "" && text.includes(this.secret) ? text.split(this.secret).join(REDACTED) : text;
  }

  /** The `data` object of a 2xx reply, or an ApiError for anything else. */
  data(request: ApiRequest, reply: RetriedReply): Json {
    const body = this.parse(request, reply);
    if (reply.status >= 200 && reply.status < 300) {
      if (body === undefined) return {};
      if (isObject(body) && isObject(body.data)) return body.data;
      throw this.malformed(request, reply, "it has no `data` object");
    }
    const entries = isObject(body) && Array.isArray(body.errors) ? body.errors.map(toErrorEntry) : [];
    const detail = redirectDetail(reply) ?? (entries.map(describeEntry).join("; ") || this.snippet(reply.text) || "no details");
    const parts = [
      `${where(request)}: HTTP ${reply.status}: ${detail}.`,
      reply.gaveUp ? `The client ${reply.gaveUp}.` : "",
      HINTS[reply.status]?.(this.tokenEnv) ?? "",
    ];
    throw fail(this.scrub(parts.filter((p) => p !== "").join(" ")), reply, entries);
  }

  /**
   * A transformation whose every field has its type (src/kinds/transformation/decode-fields.ts); else a "malformed reply"
   * ApiError naming the field's path and the object's id. `at` is where it sits in the reply.
   */
  transformation(request: ApiRequest, reply: RetriedReply, value: unknown, at = "data.transformation"): Transformation {
    const found = transformationMisfit(value);
    if (found === undefined) return value as Transformation;
    throw this.malformed(request, reply, this.misfitText(found, at, value, "transformation"));
  }

  auditEvent(request: ApiRequest, reply: RetriedReply, value: unknown, at: string): AuditEvent {
    const found = auditEventMisfit(value);
    if (found === undefined) return auditEventOf(value as AuditEvent);
    throw this.malformed(request, reply, this.misfitText(found, at, value, "audit event"));
  }

  /** `data.workspace`: an id, and a slug and name that are strings when present. */
  workspace(request: ApiRequest, reply: RetriedReply, value: unknown): Workspace {
    const found = workspaceMisfit(value);
    if (found !== undefined)
      throw this.malformed(request, reply, `\`data.workspace${found.path}\` is ${describeValue(found.value)}, not ${found.expected}`);
    const workspace = value as Partial<Workspace> & { id: string };
    return { id: workspace.id, slug: workspace.slug ?? "", name: workspace.name ?? "" };
  }

  /** A delete's `data.status`, when present, is a string (`SUCCESS`). */
  deleted(request: ApiRequest, reply: RetriedReply, data: Json): void {
    const { status } = data;
    if (status !== undefined && status !== null && typeof status !== "string")
      throw this.malformed(request, reply, `\`data.status\` is ${describeValue(status)}, not a string`);
  }

  page(request: ApiRequest, reply: RetriedReply, data: Json, key: string): Page<unknown> {
    const raw = data[key] ?? [];
    if (!Array.isArray(raw)) throw this.malformed(request, reply, `\`data.${key}\` is ${describeValue(raw)}, not an array`);
    const pagination = data.pagination ?? {};
    if (!isObject(pagination)) throw this.malformed(request, reply, `\`data.pagination\` is ${describeValue(pagination)}, not an object`);
    const { next, totalEntries, current, previous } = pagination;
    // Absent and null both mean "none" (the API documents both); anything else of the wrong type is garbage.
    for (const [field, cursor] of [
      ["next", next],
      ["current", current],
      ["previous", previous],
    ] as const) {
      if (cursor !== undefined && cursor !== null && typeof cursor !== "string")
        throw this.malformed(request, reply, `\`data.pagination.${field}\` is ${describeValue(cursor)}, not a string`);
    }
    if (totalEntries !== undefined && totalEntries !== null && !(Number.isSafeInteger(totalEntries) && (totalEntries as number) >= 0)) {
      throw this.malformed(request, reply, `\`data.pagination.totalEntries\` is ${describeValue(totalEntries)}, not a whole number`);
    }
    return {
      items: raw as unknown[],
      next: typeof next === "string" && next !== "" ? next : undefined,
      totalEntries: typeof totalEntries === "number" ? totalEntries : undefined,
    };
  }

  /** `` `data.transformations[3].propertyValueTransformations` of transformation "tf_1" is an object, not an array of … `` */
  private misfitText(found: Misfit, at: string, value: unknown, what: string): string {
    const id =
      isObject(value) && typeof value.id === "string" && value.id !== ""
        ? ` of ${what} ${JSON.stringify(shortId(value.id))}`
        : ` (a ${what} without an id)`;
    return `\`${at}${found.path}\`${id} is ${describeValue(found.value)}, not ${found.expected}`;
  }

  /** A 2xx reply transync cannot use: "malformed reply from the API", exit 1 (never an internal error). */
  malformed(request: ApiRequest, reply: RetriedReply, what: string): ApiError {
    return fail(
      `${where(request)}: HTTP ${reply.status}: malformed reply from the API: ${this.scrub(what)}. The reply starts: ${this.snippet(reply.text) || "(empty body)"}`,
      reply,
      [],
    );
  }

  private parse(request: ApiRequest, reply: RetriedReply): unknown {
    if (reply.text.trim() === "") return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.text) as unknown;
    } catch {
      const gaveUp = reply.gaveUp ? ` The client ${reply.gaveUp}.` : "";
      throw fail(
        `${where(request)}: HTTP ${reply.status}: the reply is not JSON: "${this.snippet(reply.text)}".${gaveUp} Check the API URL.`,
        reply,
        [],
      );
    }
    // An error reply becomes a message: scrubbed here. A success's data is live state, kept as the
    // server holds it: verification and the next plan compare it with what was written (a name may
    // hold the token's text), and every output redacts it (the boundary, redactPlan, import).
    const success = reply.status >= 200 && reply.status < 300;
    return !success && jsonMayHold(reply.text, this.secret) ? scrubJson(parsed, this.secret) : parsed;
  }

  private snippet(text: string): string {
    return shorten(beforeCut(this.scrub(text)).replace(/\s+/g, " ").trim(), 160);
  }
}

/**
 * A 3xx is never followed (http-send.ts): the request and its body (a hash key) go to the API URL
 * only. The message names where the server pointed, without any credentials in that URL.
 */
function redirectDetail(reply: RetriedReply): string | undefined {
  if (reply.status < 300 || reply.status >= 400) return undefined;
  const location = reply.headers.get("location");
  const to = location ? ` to ${redactUrl(shorten(location, 300))}` : "";
  return `the server answered with a redirect${to}, which is not followed (nothing was sent there); check the API URL`;
}

/** An id as it appears in a message: a lying server's 1 MB id is cut (the ellipsis lets the output redactor see a secret cut short). */
function shortId(id: string): string {
  return id.length > 100 ? `${id.slice(0, 100)}…` : id;
}

function where(request: ApiRequest): string {
  return `${request.method} ${request.path}`;
}

function fail(message: string, reply: RetriedReply, entries: ErrorEntry[]): ApiError {
  return new ApiError(message, reply.status, entries, { attempts: reply.attempts });
}

function toErrorEntry(value: unknown): ErrorEntry {
  if (!isObject(value)) return { type: "unknown", message: String(value) };
  const entry: ErrorEntry = { type: typeof value.type === "string" ? value.type : "unknown" };
  if (typeof value.message === "string") entry.message = value.message;
  if (typeof value.field === "string") entry.field = value.field;
  return entry;
}

function describeEntry(entry: ErrorEntry): string {
  const field = entry.field ? ` (field ${entry.field})` : "";
  return `${entry.type}${entry.message ? `: ${entry.message}` : ""}${field}`;
}

/** The event's own fields only (a reply's other keys are dropped); a null actorEmail is absent. */
function auditEventOf(e: AuditEvent): AuditEvent {
  const { id, timestamp, type, actor, actorEmail, resourceId, resourceType, resourceName } = e;
  return { id, timestamp, type, actor, ...(typeof actorEmail === "string" ? { actorEmail } : {}), resourceId, resourceType, resourceName };
}
