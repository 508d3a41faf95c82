import type { AuditEvent } from "../model/transformation.js";
import type { KindObject } from "../kinds/kind.js";
import { newId } from "./ids.js";
import { KindObjects, type StoredKindObject } from "./kind-store.js";
import {
  changeOf,
  delRecord,
  putRecord,
  type AuditActor,
  type StoredAuditEvent,
  type StoredFilter,
  type StoredTransformation,
  type StoreRecord,
  type StoreSnapshot,
} from "./store-records.js";
import { setOwn } from "../own-keys.js";

export type { AuditActor, StoredAuditEvent, StoredFilter, StoredTransformation, StoreRecord, StoreSnapshot } from "./store-records.js";

const TRANSFORMATION = "Transformation";
const DESTINATION_FILTER = "DestinationFilter";

interface WorkspaceState {
  /**
   * Next creation/audit sequence number of this workspace. Per workspace so that its cursors
   * (which carry these numbers) reveal nothing about other workspaces.
   */
  nextSeq: number;
  /** The objects of every kind, in creation order per kind. */
  objects: KindObjects;
  audit: StoredAuditEvent[];
}

/** The audit event a write records: its name, the object's `resourceType` and name, who wrote. */
export interface AuditOf {
  type: string;
  resourceType: string;
  name: string;
  who: AuditActor;
}

/**
 * In-memory state of every workspace: the objects of every kind and the audit trail. Mutations
 * return the record that describes them (for the journal).
 */
export class EmulatorStore {
  private readonly workspaces = new Map<string, WorkspaceState>();

  constructor(workspaceIds: readonly string[]) {
    for (const id of workspaceIds) this.state(id);
  }

  /** The workspace's objects of every kind (read only: writes go through put/remove, which journal them). */
  objects(ws: string): KindObjects {
    return this.state(ws).objects;
  }

  auditEvents(ws: string): readonly StoredAuditEvent[] {
    return this.state(ws).audit;
  }

  /** A new object (`seq` absent) or an update of a stored one, with its audit event when the kind records one. */
  put(ws: string, kind: string, object: KindObject, seq?: number, audit?: AuditOf): StoreRecord {
    const at = seq ?? this.state(ws).nextSeq++;
    return this.commit(putRecord(ws, kind, at, object, audit && this.auditFor(ws, audit, object.id)));
  }

  remove(ws: string, kind: string, object: KindObject, audit?: AuditOf): StoreRecord {
    return this.commit(delRecord(ws, kind, object.id, audit && this.auditFor(ws, audit, object.id)));
  }

  /** Adds a seed object (config), unjournaled and without an audit event: a data file's first snapshot keeps it. */
  seed(ws: string, kind: string, object: KindObject): void {
    this.state(ws).objects.put(kind, { seq: this.state(ws).nextSeq++, object });
  }

  /** Applies a record (live or replayed from the journal). */
  commit(record: StoreRecord): StoreRecord {
    const change = changeOf(record);
    const state = this.state(change.ws);
    if (change.put) {
      state.objects.put(change.kind, change.put);
      state.nextSeq = Math.max(state.nextSeq, change.put.seq + 1);
    }
    if (change.removed !== undefined) state.objects.remove(change.kind, change.removed);
    if (change.audit) {
      state.audit.push(change.audit);
      state.nextSeq = Math.max(state.nextSeq, change.audit.seq + 1);
    }
    return record;
  }

  /** Version 2, the Transformations and Destination Filters under their own keys as before the generic store. */
  snapshot(): StoreSnapshot {
    const workspaces: StoreSnapshot["workspaces"] = {};
    for (const [id, s] of this.workspaces) {
      const { [TRANSFORMATION]: transformations = [], [DESTINATION_FILTER]: filters = [], ...kinds } = s.objects.snapshot();
      setOwn(workspaces, id, {
        nextSeq: s.nextSeq,
        transformations: transformations.map(({ seq, object }) => ({ seq, t: object }) as unknown as StoredTransformation),
        audit: s.audit,
        filters: filters.map(({ seq, object }) => ({ seq, filter: object }) as unknown as StoredFilter),
        kinds,
      });
    }
    return { version: 2, workspaces };
  }

  /** Replaces the state of the workspaces the snapshot knows (others keep their seed). */
  restore(snapshot: StoreSnapshot): void {
    for (const [id, s] of Object.entries(snapshot.workspaces)) {
      const objects: Record<string, StoredKindObject[]> = { ...s.kinds };
      objects[TRANSFORMATION] = s.transformations.map(({ seq, t }) => ({ seq, object: t as unknown as KindObject }));
      objects[DESTINATION_FILTER] = (s.filters ?? []).map(({ seq, filter }) => ({ seq, object: filter as unknown as KindObject }));
      const seqs = [...Object.values(objects).flat(), ...s.audit].map((i) => i.seq);
      this.workspaces.set(id, {
        nextSeq: Math.max(s.nextSeq ?? 1, Math.max(0, ...seqs) + 1),
        objects: new KindObjects(objects),
        audit: [...s.audit],
      });
    }
  }

  private auditFor(ws: string, audit: AuditOf, resourceId: string): StoredAuditEvent {
    const event: AuditEvent = {
      id: newId(),
      timestamp: new Date().toISOString(),
      type: audit.type,
      actor: audit.who.actor,
      ...(audit.who.actorEmail !== undefined ? { actorEmail: audit.who.actorEmail } : {}),
      resourceId,
      resourceType: audit.resourceType,
      resourceName: audit.name,
    };
    return { seq: this.state(ws).nextSeq++, event };
  }

  private state(ws: string): WorkspaceState {
    let state = this.workspaces.get(ws);
    if (!state) {
      state = { nextSeq: 1, objects: new KindObjects(), audit: [] };
      this.workspaces.set(ws, state);
    }
    return state;
  }
}
