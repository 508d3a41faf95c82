import type { Clock } from "./clock.js";
import type { RetryPolicy, RetryStats } from "./retry.js";
import type { Transformation, TransformationInput, TransformationUpdate, Workspace, AuditEvent } from "../model/transformation.js";

/** One page of a list call. */
/** `GET /audit-events`'s query filters: one resource, events at or after `startTime`, at or before `endTime` (ISO 8601). */
export interface AuditEventFilter {
  resourceId?: string;
  startTime?: string;
  endTime?: string;
}

export interface Page<T> {
  items: T[];
  /** Cursor of the next page; undefined on the last page. */
  next?: string;
  totalEntries?: number;
  /** Size of the reply that carried the page, when the adapter knows it (bounds one read in total). */
  bytes?: number;
}

/** What a client did so far; reported by `apply --format json` and counted in reconcile's metrics. */
export interface ApiStats extends RetryStats {
  /** Calls made (each method invocation once, retries not included). */
  calls: number;
  /** HTTP requests sent: every attempt, retries included (reconcile's `transync_api_calls_total`). */
  requests: number;
  /** Time spent waiting for the pacer (spacing, holds for a reset or a 429's Retry-After). */
  throttledMs: number;
  /** Most calls in flight at once. */
  peakInFlight: number;
  /** The last `X-RateLimit-Remaining` the server sent; absent while it has sent none. */
  rateLimitRemaining?: number;
}

/** Told of a wait before a call: a retry's backoff or a rate-limit hold (`reason` says which). */
export type WaitListener = (waitMs: number, reason: string) => void;

/**
 * The port to the Transformations Management API. Adapters: `HttpLiveApi` (src/live/http-live-api.ts,
 * over fetch with retry and throttling) and in-memory fakes in tests. Every method throws only
 * transync errors (ApiError, NetworkError), never a raw fetch error.
 */
export interface LiveApi {
  getWorkspace(): Promise<Workspace>;
  /** One page; `maxReplyBytes` caps its reply below the client's cap while it streams (what the read has left). */
  listPage(cursor?: string, count?: number, maxReplyBytes?: number): Promise<Page<Transformation>>;
  get(id: string): Promise<Transformation>;
  create(input: TransformationInput): Promise<Transformation>;
  update(id: string, patch: TransformationUpdate): Promise<Transformation>;
  remove(id: string): Promise<void>;
  /** One page of the audit trail (`filter`: the API's own query filters); a walk: readAuditTrail, src/live/audit-trail.ts. */
  listAuditEvents?(cursor?: string, count?: number, maxReplyBytes?: number, filter?: AuditEventFilter): Promise<Page<AuditEvent>>;
  /** What the client did so far. */
  stats(): ApiStats;
  /** Tells `listener` of every retry wait and rate-limit hold from now on, until the returned function is called. */
  onWait(listener: WaitListener): () => void;
  /** The retry policy and clock of every call, for a caller that repeats a call itself (a create proven absent). */
  readonly retrySettings?: { policy: RetryPolicy; clock: Clock };
  /** The environment variable the client's token was read from (SEGMENT_API_TOKEN or an environment's tokenEnv), for messages. */
  readonly tokenEnv?: string;
}
