import type { Clock } from "./clock.js";
import type { RetryPolicy } from "./retry.js";
import type { Transformation, TransformationInput, TransformationUpdate, Workspace, AuditEvent } from "../model/transformation.js";

/** One page of a list call. */
export interface Page<T> {
  items: T[];
  /** Cursor of the next page; undefined on the last page. */
  next?: string;
  totalEntries?: number;
  /** Size of the reply that carried the page, when the adapter knows it (bounds one read in total). */
  bytes?: number;
}

/**
 * The port to the Transformations Management API. Adapters: `HttpLiveApi` (src/live/http-live-api.ts,
 * over fetch with retry and throttling) and in-memory fakes in tests. Every method throws only
 * transync errors (ApiError, NetworkError), never a raw fetch error.
 */
export interface LiveApi {
  getWorkspace(): Promise<Workspace>;
  listPage(cursor?: string, count?: number): Promise<Page<Transformation>>;
  get(id: string): Promise<Transformation>;
  create(input: TransformationInput): Promise<Transformation>;
  update(id: string, patch: TransformationUpdate): Promise<Transformation>;
  remove(id: string): Promise<void>;
  listAuditEvents?(cursor?: string, count?: number): Promise<Page<AuditEvent>>;
  /** The retry policy and clock of every call, for a caller that repeats a call itself (a create proven absent). */
  readonly retrySettings?: { policy: RetryPolicy; clock: Clock };
}
