import type {
  DestinationFilter,
  DestinationFilterAction,
  DestinationFilterCreate,
  DestinationFilterUpdate,
} from "../model/destination-filter-api.js";

/** A filter and its creation sequence number in its workspace (keyset pagination reads `seq`). */
export interface StoredFilter {
  seq: number;
  filter: DestinationFilter;
}

/**
 * The audit trail's `resourceType` of a filter as recorded (shaped at read time as a Transformation's
 * is: lower case under `compat.audit: segment`). Segment's value for filters is not documented.
 */
export const FILTER_RESOURCE_TYPE = "destination_filter";

export type FilterAuditType =
  | "Destination Filter Created"
  | "Destination Filter Deleted"
  | "Destination Filter Enabled"
  | "Destination Filter Disabled"
  | "Destination Filter Modified";

/** One workspace's Destination Filters, in creation order. */
export class FilterTable {
  private readonly items: StoredFilter[] = [];
  private readonly byId = new Map<string, StoredFilter>();

  constructor(items: readonly StoredFilter[] = []) {
    for (const item of [...items].sort((a, b) => a.seq - b.seq)) this.put(item);
  }

  all(): readonly StoredFilter[] {
    return this.items;
  }

  /** The filters of one destination instance, in creation order. */
  ofDestination(destinationId: string): StoredFilter[] {
    return this.items.filter((i) => i.filter.destinationId === destinationId);
  }

  /** The filter, when it is one of that destination's (another destination's id is unknown there). */
  find(destinationId: string, id: string): StoredFilter | undefined {
    const found = this.byId.get(id);
    return found?.filter.destinationId === destinationId ? found : undefined;
  }

  /** Adds the filter, or replaces it in place (an update keeps its position). */
  put(item: StoredFilter): void {
    const existing = this.byId.get(item.filter.id);
    if (existing) existing.filter = item.filter;
    else {
      const copy = { seq: item.seq, filter: item.filter };
      this.items.push(copy);
      this.byId.set(item.filter.id, copy);
    }
  }

  remove(id: string): void {
    const existing = this.byId.get(id);
    if (!existing) return;
    this.byId.delete(id);
    this.items.splice(this.items.indexOf(existing), 1);
  }
}

/** A new filter from a create input (checked by filter-rules.ts), stamped `at`. */
export function newFilter(id: string, destinationId: string, input: DestinationFilterCreate, at: string): DestinationFilter {
  return inApiOrder({ ...input, id, destinationId, createdAt: at, updatedAt: at });
}

/** The filter after a PATCH: an absent key leaves the value, `description: null` clears it; `updatedAt` is `at`. */
export function patchedFilter(current: DestinationFilter, patch: DestinationFilterUpdate, at: string): DestinationFilter {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return inApiOrder({ ...(next as unknown as DestinationFilter), updatedAt: at });
}

/**
 * The audit event of an update: `Enabled`/`Disabled` when `enabled` is all the PATCH changes (or
 * all it sends), `Modified` for any other change (Segment's audit trail lists all three).
 */
export function updateAuditType(current: DestinationFilter, next: DestinationFilter, patch: DestinationFilterUpdate): FilterAuditType {
  const keys = ["if", "actions", "title", "description", "enabled"] as const;
  const changed = keys.filter((k) => JSON.stringify(current[k]) !== JSON.stringify(next[k]));
  const sent = Object.keys(patch);
  const onlyEnabled = changed.length === 0 ? sent.length === 1 && sent[0] === "enabled" : changed.length === 1 && changed[0] === "enabled";
  if (!onlyEnabled) return "Destination Filter Modified";
  return next.enabled ? "Destination Filter Enabled" : "Destination Filter Disabled";
}

/** `DestinationFilterV1`'s key order; actions as `{type, fields?, percent?, path?}`; unset optionals omitted. */
function inApiOrder(f: DestinationFilter): DestinationFilter {
  return {
    id: f.id,
    sourceId: f.sourceId,
    destinationId: f.destinationId,
    if: f.if,
    actions: f.actions.map(actionInOrder),
    title: f.title,
    ...(f.description !== undefined ? { description: f.description } : {}),
    enabled: f.enabled,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

function actionInOrder(a: DestinationFilterAction): DestinationFilterAction {
  return {
    type: a.type,
    ...(a.fields !== undefined ? { fields: a.fields } : {}),
    ...(a.percent !== undefined ? { percent: a.percent } : {}),
    ...(a.path !== undefined ? { path: a.path } : {}),
  };
}
