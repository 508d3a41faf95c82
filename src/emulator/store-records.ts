import type { AuditEvent, Transformation } from "../model/transformation.js";
import type { DestinationFilter } from "../model/destination-filter-api.js";
import type { KindObject } from "../kinds/kind.js";
import type { StoredFilter } from "./filter-store.js";
import type { StoredKindObject } from "./kind-store.js";

export interface StoredTransformation {
  seq: number;
  t: Transformation;
}

/** Who a write is recorded as: the token's actor and, when configured, its e-mail. */
export interface AuditActor {
  actor: string;
  actorEmail?: string;
}

/**
 * An audit event as recorded (the journal's form, which `compat.audit` renders at read time:
 * routes/audit-events.ts): a random id and `resourceType: "Transformation"`.
 */
export interface StoredAuditEvent {
  seq: number;
  event: AuditEvent;
}

/** One durable change; the store applies the same records live and when replaying the journal. */
export type StoreRecord =
  | { op: "put"; ws: string; seq: number; t: Transformation; audit: StoredAuditEvent }
  | { op: "del"; ws: string; id: string; audit: StoredAuditEvent }
  | { op: "filter-put"; ws: string; seq: number; filter: DestinationFilter; audit: StoredAuditEvent }
  | { op: "filter-del"; ws: string; id: string; audit: StoredAuditEvent }
  | { op: "kind-put"; ws: string; kind: string; seq: number; object: KindObject; audit?: undefined }
  | { op: "kind-del"; ws: string; kind: string; id: string; audit?: undefined };

/**
 * Version 2: a sequence per workspace. Version 1 (one sequence shared by all workspaces) is still
 * read; each workspace then continues after its own highest number.
 */
export interface StoreSnapshot {
  version: 1 | 2;
  nextSeq?: number;
  workspaces: Record<
    string,
    {
      nextSeq?: number;
      transformations: StoredTransformation[];
      audit: StoredAuditEvent[];
      filters?: StoredFilter[];
      /** Objects of the generic kinds (routes/kinds.ts), by kind name. */
      kinds?: Record<string, StoredKindObject[]>;
    }
  >;
}
