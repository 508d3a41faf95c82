import type { KindObject } from "../kinds/kind.js";

/** An object of a generic kind and its creation sequence number in its workspace (keyset pagination reads `seq`). */
export interface StoredKindObject {
  seq: number;
  object: KindObject;
}

/**
 * One workspace's objects of the kinds served by src/emulator/routes/kinds.ts, per kind name, in
 * creation order. Journaled as `kind-put`/`kind-del` records (store.ts), without audit events: the
 * generic routes record none.
 */
export class KindObjects {
  private readonly byKind = new Map<string, StoredKindObject[]>();

  constructor(snapshot: Readonly<Record<string, readonly StoredKindObject[]>> = {}) {
    for (const [kind, items] of Object.entries(snapshot))
      this.byKind.set(
        kind,
        [...items].sort((a, b) => a.seq - b.seq),
      );
  }

  of(kind: string): readonly StoredKindObject[] {
    return this.byKind.get(kind) ?? [];
  }

  find(kind: string, id: string): StoredKindObject | undefined {
    return this.of(kind).find((s) => s.object.id === id);
  }

  /** Adds the object, or replaces it in place (an update keeps its position). */
  put(kind: string, item: StoredKindObject): void {
    const items = this.byKind.get(kind) ?? this.byKind.set(kind, []).get(kind)!;
    const existing = items.find((s) => s.object.id === item.object.id);
    if (existing) existing.object = item.object;
    else items.push({ seq: item.seq, object: item.object });
  }

  remove(kind: string, id: string): void {
    const items = this.byKind.get(kind);
    const at = items?.findIndex((s) => s.object.id === id) ?? -1;
    if (at >= 0) items!.splice(at, 1);
  }

  snapshot(): Record<string, StoredKindObject[]> {
    return Object.fromEntries([...this.byKind].filter(([, items]) => items.length > 0).map(([kind, items]) => [kind, [...items]]));
  }
}
