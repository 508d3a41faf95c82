import type { DestinationFilter, DestinationFilterAction } from "../../model/destination-filter-api.js";
import type { KindAudit, KindObject, KindStamp } from "../kind.js";

/** The keys of a create's input (checked by body-rules.ts) and, but `sourceId`, of an update's. */
const INPUT_KEYS = ["sourceId", "if", "actions", "title", "description", "enabled"] as const;
const UPDATE_KEYS = ["if", "actions", "title", "description", "enabled"] as const;

/** A new filter: the input's keys (its `destinationId` from the path), stamped with its id and the time. */
export function storedFilter(input: Readonly<Record<string, unknown>>, stamp?: KindStamp): Record<string, unknown> {
  const kept = Object.fromEntries(INPUT_KEYS.flatMap((key) => (input[key] === undefined ? [] : [[key, input[key]]])));
  const at = stamp?.at ?? new Date().toISOString();
  return inApiOrder({
    ...kept,
    id: stamp?.id ?? "",
    destinationId: input.destinationId,
    createdAt: at,
    updatedAt: at,
  } as DestinationFilter);
}

/** The filter after a PATCH: an absent key leaves the value, `description: null` clears it; `updatedAt` is `at`. */
export function updatedFilter(current: Readonly<Record<string, unknown>>, patch: Readonly<Record<string, unknown>>, at?: string) {
  const next: Record<string, unknown> = { ...current };
  for (const key of UPDATE_KEYS) {
    const value = patch[key];
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return inApiOrder({ ...(next as unknown as DestinationFilter), updatedAt: at ?? new Date().toISOString() }) as unknown as Record<
    string,
    unknown
  >;
}

/**
 * The audit trail's events of filters as recorded (the `resourceType` shaped at read time as a
 * Transformation's is: lower case under `compat.audit: segment`; Segment's value is not documented).
 * An update is `Enabled`/`Disabled` when `enabled` is all the PATCH changes (or all it sends),
 * `Modified` for any other change (Segment's audit trail lists all three).
 */
export const FILTER_AUDIT: KindAudit = {
  resourceType: "destination_filter",
  created: "Destination Filter Created",
  deleted: "Destination Filter Deleted",
  updated: (current: KindObject, next: KindObject, patch: Readonly<Record<string, unknown>>) => {
    const changed = UPDATE_KEYS.filter((k) => JSON.stringify(current[k]) !== JSON.stringify(next[k]));
    const sent = Object.keys(patch);
    const onlyEnabled =
      changed.length === 0 ? sent.length === 1 && sent[0] === "enabled" : changed.length === 1 && changed[0] === "enabled";
    if (!onlyEnabled) return "Destination Filter Modified";
    return next.enabled ? "Destination Filter Enabled" : "Destination Filter Disabled";
  },
};

/** `DestinationFilterV1`'s key order; actions as `{type, fields?, percent?, path?}`; unset optionals omitted. */
function inApiOrder(f: DestinationFilter): Record<string, unknown> {
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
