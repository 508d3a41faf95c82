import { ApiError } from "../errors.js";
import { describeValue } from "../kinds/transformation/decode-fields.js";
import type { PublicReply } from "./http-live-api.js";
import type { ApiRequest } from "./http-send.js";

/** Segment's Public API operation previewDestinationFilter. */
export const FILTER_PREVIEW_PATH = "/destination/filters/preview";

/**
 * The port to Segment's own FQL engine: whether a destination filter with this `if` and a DROP
 * action drops this event (`transync test --check-with-segment`, docs/impact.md).
 */
export interface FilterPreview {
  dropsEvent(condition: string, event: Readonly<Record<string, unknown>>): Promise<boolean>;
  /** A whole Destination Filter on an event: Segment's `data.result`, null when dropped. */
  previewFilter(filter: PreviewFilter, event: Readonly<Record<string, unknown>>): Promise<Record<string, unknown> | null>;
}

/** A filter as previewDestinationFilter takes it: its `if` and its actions, as the document writes them. */
export interface PreviewFilter {
  if: string;
  actions: readonly unknown[];
}

/** The whole request body: the `if` with a DROP action, and the event. Nothing else is ever sent. */
export function previewBody(
  condition: string,
  event: Readonly<Record<string, unknown>>,
): { filter: { if: string; actions: Array<{ type: "DROP" }> }; payload: Readonly<Record<string, unknown>> } {
  return { filter: { if: condition, actions: [{ type: "DROP" }] }, payload: event };
}

/** What the adapter needs of the HTTP client (HttpLiveApi.publicCall). */
export interface PublicCalls {
  publicCall(request: ApiRequest): Promise<PublicReply>;
  /** The variable the token was read from (HttpLiveApi.tokenEnv), named in the 403's advice. */
  readonly tokenEnv?: string;
}

/**
 * Segment documents roles, not a permission per endpoint; destination filters are a Business Tier
 * feature (https://segment.com/docs/connections/destinations/destination-filters/).
 */
const forbiddenHint = (tokenEnv: string): string =>
  "--check-with-segment needs a token that may read the destination filters of the cases' sources: a Workspace Owner token, or one whose role " +
  "covers those sources (Source Admin or Source Read-only, https://segment.com/docs/segment-app/iam/roles/), in a workspace with destination filters " +
  `(Business Tier). Give ${tokenEnv} such a token, or run \`transync test\` without --check-with-segment.`;

/**
 * The port over HTTP: `POST /destination/filters/preview` with `{ filter: { if, actions: [DROP] }, payload }`,
 * through the client's retries and pacing. The body holds the event and the `if`, nothing else.
 * The reply is decoded defensively: `data.result` must be null (dropped) or an object (kept).
 */
export class HttpFilterPreview implements FilterPreview {
  constructor(private readonly client: PublicCalls) {}

  async dropsEvent(condition: string, event: Readonly<Record<string, unknown>>): Promise<boolean> {
    return (await this.send(previewBody(condition, event))) === null;
  }

  /** The body holds the filter's `if` and actions and the event, nothing else. */
  async previewFilter(filter: PreviewFilter, event: Readonly<Record<string, unknown>>): Promise<Record<string, unknown> | null> {
    return this.send({ filter: { if: filter.if, actions: filter.actions }, payload: event });
  }

  private async send(body: object): Promise<Record<string, unknown> | null> {
    let reply: PublicReply;
    try {
      // A preview changes nothing on Segment's side: a 5xx or a lost reply is retried like a GET's.
      reply = await this.client.publicCall({ method: "POST", path: FILTER_PREVIEW_PATH, body, readOnly: true });
    } catch (error) {
      throw error instanceof ApiError && (error.status === 401 || error.status === 403)
        ? notPermitted(error, this.client.tokenEnv ?? "SEGMENT_API_TOKEN")
        : error;
    }
    return decision(reply);
  }
}

/**
 * The server's words (scrubbed of the token by the decoder), then what to do; not the generic hints
 * (a 403's about Protocols). 401 is what the Public API's error table gives "a token without permission
 * for the resource" (https://docs.segmentapis.com/tag/Error-Handling), so it gets the same explanation.
 */
function notPermitted(error: ApiError, tokenEnv: string): ApiError {
  const said = error.errors.map((e) => `${e.type}${e.message ? `: ${e.message}` : ""}`).join("; ") || "no details";
  return new ApiError(
    `POST ${FILTER_PREVIEW_PATH}: HTTP ${error.status}: ${said}. ${forbiddenHint(tokenEnv)}`,
    error.status,
    error.errors,
    {
      cause: error,
      attempts: error.attempts,
    },
  );
}

function decision(reply: PublicReply): Record<string, unknown> | null {
  const { result } = reply.data;
  if (result === null) return null;
  if (typeof result === "object" && !Array.isArray(result)) return result as Record<string, unknown>;
  throw reply.malformed(`\`data.result\` is ${describeValue(result)}, not an object (the event kept) or null (the event dropped)`);
}
