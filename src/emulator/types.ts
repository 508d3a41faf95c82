import type { Transformation } from "../model/transformation.js";
import type { DestinationFilterCreate } from "../model/destination-filter-api.js";

/** A Source the workspace has; when a workspace lists sources, other `sourceId`s are 404. */
export interface SourceConfig {
  id: string;
  /** Unique in the workspace; default: the id. */
  slug?: string;
  name?: string;
  /** Default true. */
  enabled?: boolean;
  labels?: Array<{ key: string; value: string; description?: string }>;
  /** Destinations connected to this source (`GET /sources/{id}/connected-destinations`). */
  destinations?: ConnectedDestinationConfig[];
}

export interface ConnectedDestinationConfig {
  id: string;
  name?: string;
  /** Default true. */
  enabled?: boolean;
  /** Id of a destination of the top-level `catalog`. */
  metadataId: string;
  /**
   * Seed Destination Filters of this instance (used only when no data file exists yet): the create
   * input plus an optional `id`; `sourceId` defaults to this source. Checked as a create is.
   */
  filters?: Array<Partial<DestinationFilterCreate> & { id?: string } & Record<string, unknown>>;
}

/** A destination type of Segment's catalog: the same ids and slugs in every workspace. */
export interface CatalogDestinationConfig {
  id: string;
  slug: string;
  name: string;
  previousNames?: string[];
}

/** The daily volume of one (source, event name, event type), as `GET /events/volume` reports it. */
export interface VolumeConfig {
  sourceId: string;
  /** Absent for events without a name (page, identify, …). */
  eventName?: string;
  eventType: string;
  /** Events per UTC day, oldest first; the last is yesterday (the last complete UTC day of the emulator's clock). */
  perDay: number[];
}

/**
 * A bearer token: a plain string (its audit actor is `public-api-token/<n>`, n its 1-based position
 * among the workspace's tokens then readOnlyTokens), or the token with the actor its writes are
 * recorded under (`users/U1`, `public-api-token/abc`) and that actor's e-mail.
 */
export type TokenConfig = string | { value: string; actor: string; actorEmail?: string };

/** The bearer value of a token as configured. */
export function tokenValue(token: TokenConfig): string {
  return typeof token === "string" ? token : token.value;
}

export interface WorkspaceConfig {
  id: string;
  slug: string;
  name: string;
  /** Default `[EVENT_GOVERNANCE]`; without it every transformation route is refused. */
  features?: string[];
  /** Bearer tokens that resolve to this workspace. Never logged. */
  tokens: TokenConfig[];
  /**
   * Read-only tokens of this workspace (never logged): every request they send that would write
   * (POST, PATCH, PUT, DELETE, except the filter preview, which writes nothing) is a 403, as Segment
   * answers a token whose role may only read.
   */
  readOnlyTokens?: TokenConfig[];
  sources?: SourceConfig[];
  /** Daily event counts behind `GET /events/volume`; absent: that route answers 403 (a token that may not read volumes). */
  volumes?: VolumeConfig[];
  /** Seed state, in API input shape plus an optional `id`; used only when no data file exists yet. */
  transformations?: Array<Partial<Transformation> & Record<string, unknown>>;
  /**
   * Seed objects of the kinds whose routes take every default (`emulator.routes: "generic"`), by kind name:
   * each the create input plus an optional `id`, checked as a create is (kind-rules.ts); used only when
   * no data file exists yet.
   */
  kinds?: Record<string, Array<Record<string, unknown>>>;
  /** `POST /destination/filters/preview` of this workspace (docs/emulator.md, "Destination filter preview"). */
  filterPreview?: FilterPreviewConfig;
  /** Segment's Audit Forwarding through a Webhooks destination: each audit event posted, signed (audit-forwarding.ts). */
  auditForwarding?: AuditForwardingConfig;
}

/** Where the workspace's audit events are posted, and the Webhooks destination's shared secret (never logged). */
export interface AuditForwardingConfig {
  url: string;
  sharedSecret: string;
}

/** How the workspace's filter preview answers; default: permitted, evaluated as transync evaluates. */
export interface FilterPreviewConfig {
  /** false: 401, what the Public API's error table gives a token without permission (one that may not read destination filters). Default true. */
  permitted?: boolean;
  /**
   * A planted disagreement with transync's engine: every call of this FQL function has its result
   * negated, so a test can see `transync test --check-with-segment` report one.
   */
  negateFunction?: "contains" | "match";
  /** The order a filter's actions apply in (ACTION_ORDERS, src/simulate/filter-actions.ts); default `docs`. */
  actionOrder?: "docs" | "openapi";
}

export interface RateLimitConfig {
  /** Token refill rate; 0 turns the limit off. */
  requestsPerSecond: number;
  /** Bucket size; default `max(1, requestsPerSecond)`. */
  burst?: number;
  /**
   * Fixed windows of this many whole seconds, aligned to the epoch, each allowing
   * `requestsPerSecond * windowSeconds` requests (what the Segment API's headers describe), instead of
   * a token bucket. `burst` is then unused.
   */
  windowSeconds?: number;
}

/** Fault injection; every probability is per request, drawn from a PRNG seeded with `seed`. */
export interface Faults {
  seed: number;
  /** Fraction of requests answered 429 (with Retry-After) before processing. */
  rate429: number;
  /** Fraction of requests answered 503 before processing. */
  rate503: number;
  /** Fraction of requests answered 500 before processing. */
  rate500: number;
  /** Fraction of successful writes that are carried out but whose connection is destroyed without a reply. */
  dropResponseAfterWrite: number;
  /** Added to every request before it is handled. */
  latencyMs: number;
}

/**
 * Behaviours of servers that are not this emulator's defaults, so clients can be tested against
 * them: `offset` cursors like the real service's (an item can skip a page when an earlier one is
 * deleted during a read); a PATCH `null` that is silently ignored, or refused with 422.
 */
export interface CompatConfig {
  /** `sequence` (default): a cursor names a creation position, stable under deletes. `offset`: base64 of an offset. */
  cursors?: "sequence" | "offset";
  /** `clear` (default): null clears the fields the registry clears with null (`clearedWith: null`, src/model/fields.ts). `ignore`: a null field is left unchanged. `reject`: 422. */
  patchNull?: "clear" | "ignore" | "reject";
  /**
   * `segment` (default): audit events as Segment gives them (ids `events/<n>`, newest first,
   * `resourceType: transformation`, cursors that pin `endTime`). `legacy`: the emulator's former
   * shape (random ids, oldest first, `Transformation`, cursors of `compat.cursors`).
   */
  audit?: "segment" | "legacy";
}

export const DEFAULT_COMPAT: Required<CompatConfig> = { cursors: "sequence", patchNull: "clear", audit: "segment" };

export interface EmulatorConfig {
  workspaces: WorkspaceConfig[];
  /** Segment's catalog, shared by every workspace. */
  catalog?: { destinations?: CatalogDestinationConfig[] };
  rateLimit?: RateLimitConfig | null;
  /** Largest accepted request body; default 1 MiB. */
  maxBodyBytes?: number;
  /** `rate5xx` and `dropAfterWrite` are accepted as aliases of `rate503` and `dropResponseAfterWrite`. */
  faults?: Partial<Faults> & { rate5xx?: number; dropAfterWrite?: number };
  compat?: CompatConfig;
}

export const EVENT_GOVERNANCE = "EVENT_GOVERNANCE";
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
