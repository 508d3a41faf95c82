import type { KindObject } from "../kinds/kind.js";

/** An object of a kind and its creation sequence number in its workspace (keyset pagination reads `seq`). */
export interface StoredKindObject {
  seq: number;
  object: KindObject;
}

interface KindTable {
  /** Creation order; an update keeps its place. */
  items: StoredKindObject[];
  byId: Map<string, StoredKindObject>;
}

/**
 * One workspace's objects of every kind the emulator serves (src/emulator/routes/kinds.ts), per kind
 * name, in creation order. Written through the store (store.ts), which journals each change.
 */
export class KindObjects {
  private readonly byKind = new Map<string, KindTable>();

  constructor(snapshot: Readonly<Record<string, readonly StoredKindObject[]>> = {}) {
    for (const [kind, items] of Object.entries(snapshot)) for (const item of [...items].sort((a, b) => a.seq - b.seq)) this.put(kind, item);
  }

  of(kind: string): readonly StoredKindObject[] {
    return this.byKind.get(kind)?.items ?? [];
  }

  find(kind: string, id: string): StoredKindObject | undefined {
    return this.byKind.get(kind)?.byId.get(id);
  }

  /** The objects whose `field` holds `value` (a nested kind's objects of one parent), in creation order. */
  where(kind: string, field: string, value: string): StoredKindObject[] {
    return this.of(kind).filter((s) => s.object[field] === value);
  }

  /** Adds the object, or replaces it in place (an update keeps its position). */
  put(kind: string, item: StoredKindObject): void {
    const table = this.table(kind);
    const existing = table.byId.get(item.object.id);
    if (existing) existing.object = item.object;
    else {
      const copy = { seq: item.seq, object: item.object };
      table.items.push(copy);
      table.byId.set(item.object.id, copy);
    }
  }

  remove(kind: string, id: string): void {
    const table = this.byKind.get(kind);
    const existing = table?.byId.get(id);
    if (!table || !existing) return;
    table.byId.delete(id);
    table.items.splice(table.items.indexOf(existing), 1);
  }

  snapshot(): Record<string, StoredKindObject[]> {
    return Object.fromEntries([...this.byKind].filter(([, t]) => t.items.length > 0).map(([kind, t]) => [kind, [...t.items]]));
  }

  private table(kind: string): KindTable {
    let table = this.byKind.get(kind);
    if (!table) {
      table = { items: [], byId: new Map() };
      this.byKind.set(kind, table);
    }
    return table;
  }
}
