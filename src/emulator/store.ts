import type { AuditEvent, Transformation, TransformationUpdate } from "../model/transformation.js";
import { newId } from "./ids.js";
import { normalizeStored, applyPatch } from "../kinds/transformation/emulator-shape.js";
import type { DestinationFilter, DestinationFilterCreate, DestinationFilterUpdate } from "../model/destination-filter-api.js";
import {
  FILTER_RESOURCE_TYPE,
  FilterTable,
  newFilter,
  patchedFilter,
  updateAuditType,
  type FilterAuditType,
  type StoredFilter,
} from "./filter-store.js";
import { KindObjects } from "./kind-store.js";
import type { AuditActor, StoredAuditEvent, StoredTransformation, StoreRecord, StoreSnapshot } from "./store-records.js";
import type { KindObject } from "../kinds/kind.js";

export type { AuditActor, StoredAuditEvent, StoredTransformation, StoreRecord, StoreSnapshot } from "./store-records.js";

interface WorkspaceState {
  /**
   * Next creation/audit sequence number of this workspace. Per workspace so that its cursors
   * (which carry these numbers) reveal nothing about other workspaces.
   */
  nextSeq: number;
  /** Ordered by seq (creation order); updates keep their place. */
  items: StoredTransformation[];
  byId: Map<string, StoredTransformation>;
  audit: StoredAuditEvent[];
  /** Destination Filters of every destination instance of the workspace. */
  filters: FilterTable;
  kinds: KindObjects;
}

/** In-memory state of every workspace. Mutations return the record that describes them (for the journal). */
export class EmulatorStore {
  private readonly workspaces = new Map<string, WorkspaceState>();

  constructor(workspaceIds: readonly string[]) {
    for (const id of workspaceIds) this.state(id);
  }

  list(ws: string): readonly StoredTransformation[] {
    return this.state(ws).items;
  }

  auditEvents(ws: string): readonly StoredAuditEvent[] {
    return this.state(ws).audit;
  }

  get(ws: string, id: string): Transformation | undefined {
    return this.state(ws).byId.get(id)?.t;
  }

  /** Adds a seed transformation (config), without an audit event. */
  seed(ws: string, input: Record<string, unknown>): Transformation {
    const id = typeof input.id === "string" ? input.id : newId();
    const t = normalizeStored({ ...input, id, workspaceId: ws });
    this.insert(ws, { seq: this.state(ws).nextSeq++, t });
    return t;
  }

  create(ws: string, input: Record<string, unknown>, actor: AuditActor): StoreRecord {
    const t = normalizeStored({ ...input, id: newId(), workspaceId: ws });
    return this.commit({
      op: "put",
      ws,
      seq: this.state(ws).nextSeq++,
      t,
      audit: this.transformationAudit(ws, "Transformation Created", t, actor),
    });
  }

  update(ws: string, current: StoredTransformation, patch: TransformationUpdate, actor: AuditActor): StoreRecord {
    const t = applyPatch(current.t, patch);
    return this.commit({ op: "put", ws, seq: current.seq, t, audit: this.transformationAudit(ws, "Transformation Updated", t, actor) });
  }

  remove(ws: string, t: Transformation, actor: AuditActor): StoreRecord {
    return this.commit({ op: "del", ws, id: t.id, audit: this.transformationAudit(ws, "Transformation Deleted", t, actor) });
  }

  stored(ws: string, id: string): StoredTransformation | undefined {
    return this.state(ws).byId.get(id);
  }

  /** The workspace's Destination Filters (read only: writes go through the methods below, which journal them). */
  filters(ws: string): FilterTable {
    return this.state(ws).filters;
  }

  /** Adds a seed filter (config), without an audit event. */
  seedFilter(ws: string, destinationId: string, input: DestinationFilterCreate & { id?: string }): DestinationFilter {
    const { id = newId(), ...rest } = input;
    const filter = newFilter(id, destinationId, rest, new Date().toISOString());
    this.state(ws).filters.put({ seq: this.state(ws).nextSeq++, filter });
    return filter;
  }

  createFilter(ws: string, destinationId: string, input: DestinationFilterCreate, actor: AuditActor): StoreRecord {
    const filter = newFilter(newId(), destinationId, input, new Date().toISOString());
    const seq = this.state(ws).nextSeq++;
    return this.commit({ op: "filter-put", ws, seq, filter, audit: this.filterAudit(ws, "Destination Filter Created", filter, actor) });
  }

  updateFilter(ws: string, current: StoredFilter, patch: DestinationFilterUpdate, actor: AuditActor): StoreRecord {
    const filter = patchedFilter(current.filter, patch, new Date().toISOString());
    const audit = this.filterAudit(ws, updateAuditType(current.filter, filter, patch), filter, actor);
    return this.commit({ op: "filter-put", ws, seq: current.seq, filter, audit });
  }

  removeFilter(ws: string, filter: DestinationFilter, actor: AuditActor): StoreRecord {
    return this.commit({ op: "filter-del", ws, id: filter.id, audit: this.filterAudit(ws, "Destination Filter Deleted", filter, actor) });
  }

  /** The workspace's objects of the generic kinds (read only: writes go through putKind/removeKind, which journal them). */
  kindObjects(ws: string): KindObjects {
    return this.state(ws).kinds;
  }

  /** A new object (`seq` absent) or an update of a stored one. */
  putKind(ws: string, kind: string, object: KindObject, seq = this.state(ws).nextSeq++): StoreRecord {
    return this.commit({ op: "kind-put", ws, kind, seq, object });
  }

  /** Adds a seed object of a generic kind (config), unjournaled as the other seeds are: a data file's first snapshot keeps it. */
  seedKind(ws: string, kind: string, object: KindObject): void {
    this.state(ws).kinds.put(kind, { seq: this.state(ws).nextSeq++, object });
  }

  removeKind(ws: string, kind: string, id: string): StoreRecord {
    return this.commit({ op: "kind-del", ws, kind, id });
  }

  /** Applies a record (live or replayed from the journal). */
  commit(record: StoreRecord): StoreRecord {
    const state = this.state(record.ws);
    if (record.op === "kind-put") {
      state.kinds.put(record.kind, { seq: record.seq, object: record.object });
      state.nextSeq = Math.max(state.nextSeq, record.seq + 1);
      return record;
    }
    if (record.op === "kind-del") {
      state.kinds.remove(record.kind, record.id);
      return record;
    }
    if (record.op === "filter-put") {
      state.filters.put({ seq: record.seq, filter: record.filter });
      state.nextSeq = Math.max(state.nextSeq, record.seq + 1);
    } else if (record.op === "filter-del") {
      state.filters.remove(record.id);
    } else if (record.op === "put") {
      const existing = state.byId.get(record.t.id);
      if (existing) existing.t = record.t;
      else this.insert(record.ws, { seq: record.seq, t: record.t });
      state.nextSeq = Math.max(state.nextSeq, record.seq + 1);
    } else {
      const existing = state.byId.get(record.id);
      if (existing) {
        state.byId.delete(record.id);
        state.items.splice(state.items.indexOf(existing), 1);
      }
    }
    state.audit.push(record.audit);
    state.nextSeq = Math.max(state.nextSeq, record.audit.seq + 1);
    return record;
  }

  snapshot(): StoreSnapshot {
    const workspaces: StoreSnapshot["workspaces"] = {};
    for (const [id, s] of this.workspaces)
      workspaces[id] = {
        nextSeq: s.nextSeq,
        transformations: s.items,
        audit: s.audit,
        filters: [...s.filters.all()],
        kinds: s.kinds.snapshot(),
      };
    return { version: 2, workspaces };
  }

  /** Replaces the state of the workspaces the snapshot knows (others keep their seed). */
  restore(snapshot: StoreSnapshot): void {
    for (const [id, s] of Object.entries(snapshot.workspaces)) {
      const items = [...s.transformations].sort((a, b) => a.seq - b.seq);
      const filters = s.filters ?? [];
      const objects = Object.values(s.kinds ?? {}).flat();
      const seqs = [...items, ...filters, ...objects, ...s.audit].map((i) => i.seq);
      const highest = Math.max(0, ...seqs);
      this.workspaces.set(id, {
        nextSeq: Math.max(s.nextSeq ?? 1, highest + 1),
        items,
        byId: new Map(items.map((i) => [i.t.id, i])),
        audit: [...s.audit],
        filters: new FilterTable(filters),
        kinds: new KindObjects(s.kinds),
      });
    }
  }

  private insert(ws: string, item: StoredTransformation): void {
    const state = this.state(ws);
    state.items.push(item);
    state.byId.set(item.t.id, item);
  }

  private transformationAudit(ws: string, type: AuditEvent["type"], t: Transformation, who: AuditActor): StoredAuditEvent {
    return this.auditFor(ws, type, { id: t.id, type: "Transformation", name: t.name }, who);
  }

  private filterAudit(ws: string, type: FilterAuditType, filter: DestinationFilter, who: AuditActor): StoredAuditEvent {
    return this.auditFor(ws, type, { id: filter.id, type: FILTER_RESOURCE_TYPE, name: filter.title }, who);
  }

  private auditFor(ws: string, type: string, resource: { id: string; type: string; name: string }, who: AuditActor): StoredAuditEvent {
    const event: AuditEvent = {
      id: newId(),
      timestamp: new Date().toISOString(),
      type,
      actor: who.actor,
      ...(who.actorEmail !== undefined ? { actorEmail: who.actorEmail } : {}),
      resourceId: resource.id,
      resourceType: resource.type,
      resourceName: resource.name,
    };
    return { seq: this.state(ws).nextSeq++, event };
  }

  private state(ws: string): WorkspaceState {
    let state = this.workspaces.get(ws);
    if (!state) {
      state = { nextSeq: 1, items: [], byId: new Map(), audit: [], filters: new FilterTable(), kinds: new KindObjects() };
      this.workspaces.set(ws, state);
    }
    return state;
  }
}
