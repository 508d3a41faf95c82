/**
 * A Destination Filter as Segment's Public API defines it (`DestinationFilterV1`,
 * `CreateFilterForDestinationV1Input`, `UpdateFilterForDestinationV1Input` of the OpenAPI document),
 * and the limits the API's "Destination Filters" tag states
 * (https://docs.segmentapis.com/tag/Destination-Filters, "Limits").
 */

export const FILTER_ACTION_TYPES = ["ALLOW_PROPERTIES", "DROP", "DROP_PROPERTIES", "SAMPLE"] as const;
export type FilterActionType = (typeof FILTER_ACTION_TYPES)[number];

/** `DestinationFilterActionV1`: `fields` maps object paths (`""` = the top level) to the keys allowed or dropped there. */
export interface DestinationFilterAction {
  type: FilterActionType;
  fields?: Record<string, string[]>;
  /** SAMPLE: the share of events kept, 0 to 1. */
  percent?: number;
  /** SAMPLE: the path whose value decides deterministically. */
  path?: string;
}

/** `DestinationFilterV1`, the reply's shape, keys in the API's order. */
export interface DestinationFilter {
  id: string;
  sourceId: string;
  destinationId: string;
  if: string;
  actions: DestinationFilterAction[];
  title: string;
  description?: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `CreateFilterForDestinationV1Input`. */
export interface DestinationFilterCreate {
  sourceId: string;
  if: string;
  actions: DestinationFilterAction[];
  title: string;
  description?: string;
  enabled: boolean;
}

/** `UpdateFilterForDestinationV1Input`: an absent key leaves the value; `description: null` clears it. */
export interface DestinationFilterUpdate {
  if?: string;
  actions?: DestinationFilterAction[];
  title?: string;
  description?: string | null;
  enabled?: boolean;
}

/** The limits of the Public API's "Destination Filters" tag. */
export const FILTER_LIMITS = {
  /** "Each Destination may have no more than 10 filters." */
  filtersPerDestination: 10,
  /** "FQL "if" statements may be a maximum of 3Kb in size": bytes of UTF-8. */
  ifBytes: 3 * 1024,
  /** "Filters may have a maximum of 4 actions." */
  actionsPerFilter: 4,
  /** "Allow / Drop properties filters may target a maximum of 8 objects …" */
  objectsPerAction: 8,
  /** "… and each object may have a maximum of 64 fields in the allow or drop." */
  fieldsPerObject: 64,
} as const;

/** A field name of an ALLOW/DROP_PROPERTIES action: no spaces, no dots (a nested object is its own path of `fields`). */
export function isFilterFieldName(name: string): boolean {
  return name !== "" && !/[\s.]/.test(name);
}
