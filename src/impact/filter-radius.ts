/**
 * What a plan's changes to Destination Filters newly do to the events of their source that reach
 * their destination instance (docs/impact.md, "Destination Filters"): the events per day a filter
 * newly drops (DROP, and SAMPLE's left-out share) and newly alters (DROP_PROPERTIES,
 * ALLOW_PROPERTIES), compared with the live filter, counted as a Transformation's `if` is
 * (`selectedVolume`: exact for a plain selector, estimated from samples otherwise). Pure.
 */
import type { PlanAction } from "../plan/types.js";
import type { FilterAction } from "../simulate/filter-actions.js";
import type { BlastRadius } from "./blast-radius.js";
import { selectorText, withoutNulls } from "./blast-radius.js";
import { selectedVolume, type SideVolume, type VolumeInputs } from "./volume.js";

/** The kind name of Destination Filters' plan actions (`resource`). */
export const FILTER_RESOURCE = "DestinationFilter";

/** A live filter as the API replies it (`DestinationFilterV1`), read lightly. */
export type LiveFilter = { readonly id: string } & Readonly<Record<string, unknown>>;

interface FilterEffect {
  sourceId: string;
  selects: string;
  /** The share of the events it selects that it drops: 1 for DROP, 1 - percent for SAMPLE, 0 otherwise. */
  dropShare: number;
  alters: boolean;
  /** Its property actions, to tell a changed edit from the same one. */
  content: string;
}

const NOTHING: SideVolume = { perDay: 0, basis: "exact" };

/** Whether an action is a Destination Filter's. */
export function isFilterAction(action: Pick<PlanAction, "resource">): boolean {
  return action.resource === FILTER_RESOURCE;
}

/**
 * Each filter action's blast radius, in the order given; undefined for an update or delete whose
 * live filter is not among `live` (a saved plan checked again without them: its recorded hits hold).
 * The source's volume is every event of the filter's source: Segment counts per source, and a filter
 * sees every event of its source that reaches its instance.
 */
export function filterRadii(
  actions: readonly PlanAction[],
  live: readonly LiveFilter[],
  inputs: VolumeInputs,
): Array<BlastRadius | undefined> {
  const liveById = new Map(live.map((f) => [f.id, f]));
  return actions.map((action) => {
    const current = action.id !== undefined ? liveById.get(action.id) : undefined;
    if (action.kind !== "create" && current === undefined) return undefined;
    const before = current && effectOf(current);
    const after = action.kind === "delete" ? undefined : effectOf({ ...(current ?? {}), ...withoutNulls(action.body) });
    const sourceId = after?.sourceId ?? before!.sourceId;
    const total = selectedVolume("", sourceId, inputs);
    return {
      sourceId,
      ...(total?.perDay !== undefined ? { sourcePerDay: total.perDay } : {}),
      dropped: newlyDropped(before, after, inputs),
      changed: newlyChanged(before, after, inputs),
    };
  });
}

/** The sources of the plan's Destination Filter actions: each filter's, before and after. */
export function filterSources(actions: readonly PlanAction[], live: readonly LiveFilter[]): string[] {
  const liveById = new Map(live.map((f) => [f.id, f]));
  const sources = new Set<string>();
  for (const action of actions.filter(isFilterAction)) {
    const body = action.kind === "delete" ? undefined : (action.body as unknown as Record<string, unknown>);
    const current = action.id !== undefined ? liveById.get(action.id) : undefined;
    for (const id of [body?.sourceId, current?.sourceId]) if (typeof id === "string") sources.add(id);
  }
  return [...sources];
}

/** What a filter does to the events its `if` selects; a disabled one does nothing. */
function effectOf(filter: Readonly<Record<string, unknown>>): FilterEffect {
  const actions = (Array.isArray(filter.actions) ? filter.actions : []) as FilterAction[];
  const enabled = filter.enabled !== false;
  const kept = actions.filter((a) => a.type === "SAMPLE").reduce((keep, a) => keep * (typeof a.percent === "number" ? a.percent : 1), 1);
  const drops = actions.some((a) => a.type === "DROP") ? 1 : 1 - kept;
  const edits = actions.filter((a) => a.type === "DROP_PROPERTIES" || a.type === "ALLOW_PROPERTIES");
  return {
    sourceId: typeof filter.sourceId === "string" ? filter.sourceId : "",
    selects: selectorText(typeof filter.if === "string" ? filter.if : ""),
    dropShare: enabled ? drops : 0,
    alters: enabled && drops < 1 && edits.length > 0,
    content: JSON.stringify(edits),
  };
}

/** What it drops that the live filter did not: all it drops, or of a live filter dropping whole events too, only the events it adds. */
function newlyDropped(before: FilterEffect | undefined, after: FilterEffect | undefined, inputs: VolumeInputs): SideVolume {
  if (after === undefined || after.dropShare === 0) return NOTHING;
  const widened = before !== undefined && before.dropShare === 1 && before.sourceId === after.sourceId;
  const selects = widened ? `(${after.selects}) and !(${before.selects})` : after.selects;
  return scaled(count(selects, after.sourceId, inputs), after.dropShare);
}

/** Events whose properties it newly edits, or that the live filter edited and now arrive unedited (a property filter deleted, disabled or changed). */
function newlyChanged(before: FilterEffect | undefined, after: FilterEffect | undefined, inputs: VolumeInputs): SideVolume {
  if (after?.alters) {
    const same = before?.alters === true && before.sourceId === after.sourceId && before.content === after.content;
    return count(same ? `(${after.selects}) and !(${before.selects})` : after.selects, after.sourceId, inputs);
  }
  if (before?.alters !== true || after?.dropShare === 1) return NOTHING;
  return count(before.selects, before.sourceId, inputs);
}

function count(ifText: string, sourceId: string, inputs: VolumeInputs): SideVolume {
  return selectedVolume(ifText, sourceId, inputs) ?? { basis: "unknown" };
}

/** A SAMPLE's left-out share of the events it selects: the expected number, an estimate. */
function scaled(side: SideVolume, share: number): SideVolume {
  if (share === 1 || side.perDay === undefined) return side;
  return { perDay: Math.round(side.perDay * share), basis: side.basis === "unknown" ? "unknown" : "estimate" };
}
