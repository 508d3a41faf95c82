import type { AuditEvent, Transformation } from "../model/transformation.js";
import type { DestinationFilter } from "../model/destination-filter-api.js";
import type { KindObject } from "../kinds/kind.js";
import type { StoredKindObject } from "./kind-store.js";

/** A Transformation as the journal's `put` records and version 2 snapshots keep it. */
export interface StoredTransformation {
  seq: number;
  t: Transformation;
}

/** A Destination Filter as the journal's `filter-put` records and snapshots keep it. */
export interface StoredFilter {
  seq: number;
  filter: DestinationFilter;
}

/** Who a write is recorded as: the token's actor and, when configured, its e-mail. */
export interface AuditActor {
  actor: string;
  actorEmail?: string;
}

/**
 * An audit event as recorded (the journal's form, which `compat.audit` renders at read time:
 * routes/audit-events.ts): a random id and the kind's `resourceType` (its descriptor's `audit`).
 */
export interface StoredAuditEvent {
  seq: number;
  event: AuditEvent;
}

/**
 * One durable change; the store applies the same records live and when replaying the journal. The
 * Transformation's (`put`/`del`) and the Destination Filter's (`filter-put`/`filter-del`) predate the
 * generic `kind-put`/`kind-del` and are still written for them (LEGACY_RECORDS), so every data file reads.
 */
export type StoreRecord =
  | { op: "put"; ws: string; seq: number; t: Transformation; audit: StoredAuditEvent }
  | { op: "del"; ws: string; id: string; audit: StoredAuditEvent }
  | { op: "filter-put"; ws: string; seq: number; filter: DestinationFilter; audit: StoredAuditEvent }
  | { op: "filter-del"; ws: string; id: string; audit: StoredAuditEvent }
  | { op: "kind-put"; ws: string; kind: string; seq: number; object: KindObject; audit?: StoredAuditEvent }
  | { op: "kind-del"; ws: string; kind: string; id: string; audit?: StoredAuditEvent };

/** A record as the store applies it: the kind, the object put (its seq) or the id removed, the audit event. */
export interface KindChange {
  ws: string;
  kind: string;
  put?: StoredKindObject;
  removed?: string;
  audit?: StoredAuditEvent;
}

/** The kinds journaled before the generic records, by name: their records' ops. */
const LEGACY_RECORDS: Readonly<Record<string, { put: "put" | "filter-put"; del: "del" | "filter-del" }>> = {
  Transformation: { put: "put", del: "del" },
  DestinationFilter: { put: "filter-put", del: "filter-del" },
};

/** The record of a put of `object` (new or updated) at `seq`. */
export function putRecord(ws: string, kind: string, seq: number, object: KindObject, audit?: StoredAuditEvent): StoreRecord {
  const legacy = LEGACY_RECORDS[kind];
  if (legacy?.put === "put" && audit) return { op: "put", ws, seq, t: object as unknown as Transformation, audit };
  if (legacy?.put === "filter-put" && audit) return { op: "filter-put", ws, seq, filter: object as unknown as DestinationFilter, audit };
  return { op: "kind-put", ws, kind, seq, object, ...(audit ? { audit } : {}) };
}

/** The record of the removal of the object `id`. */
export function delRecord(ws: string, kind: string, id: string, audit?: StoredAuditEvent): StoreRecord {
  const legacy = LEGACY_RECORDS[kind];
  if (legacy && audit) return { op: legacy.del, ws, id, audit };
  return { op: "kind-del", ws, kind, id, ...(audit ? { audit } : {}) };
}

/** What a record (live, or replayed from any data file) changes. */
export function changeOf(record: StoreRecord): KindChange {
  const { ws, audit } = record;
  switch (record.op) {
    case "put":
      return { ws, kind: "Transformation", put: { seq: record.seq, object: record.t as unknown as KindObject }, audit };
    case "del":
      return { ws, kind: "Transformation", removed: record.id, audit };
    case "filter-put":
      return { ws, kind: "DestinationFilter", put: { seq: record.seq, object: record.filter as unknown as KindObject }, audit };
    case "filter-del":
      return { ws, kind: "DestinationFilter", removed: record.id, audit };
    case "kind-put":
      return { ws, kind: record.kind, put: { seq: record.seq, object: record.object }, audit };
    case "kind-del":
      return { ws, kind: record.kind, removed: record.id, audit };
  }
}

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
      /** Objects of the other kinds, by kind name. */
      kinds?: Record<string, StoredKindObject[]>;
    }
  >;
}
