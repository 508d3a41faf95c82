import { createHash } from "node:crypto";
import type { JsonObject, JsonValue } from "../fql/json-value.js";
import { formatPath, isJsonObject, parsePath } from "../fql/paths.js";
import { UNMETERED, type WorkMeter } from "./budget.js";
import { cloneJson, jsonEqual } from "./json.js";

/** A Destination Filter action (DestinationFilterActionV1 of Segment's Public API). */
export interface FilterAction {
  type: "DROP" | "DROP_PROPERTIES" | "ALLOW_PROPERTIES" | "SAMPLE";
  /** Object paths (`""` = the top level) -> the keys the action drops or allows there. */
  fields?: Record<string, string[]>;
  /** SAMPLE: the share of events kept, 0 to 1. */
  percent?: number;
  /** SAMPLE: where the value that decides deterministically is read. */
  path?: string;
}

export type FilterActionType = FilterAction["type"];

/**
 * The order in which one filter's actions apply, whatever the order of its list. Segment gives two:
 * `docs`: Sample, Drop, Drop Properties, Allow Properties, as issue 37 quotes the Destination Filters
 * page (https://segment.com/docs/connections/destinations/destination-filters/); `openapi`: drop,
 * sample, allow, drop properties, the "Filter order" of the Public API's Destination Filters tag
 * (https://docs.segmentapis.com/tag/Destination-Filters). docs/simulator.md, "The whole pipeline".
 */
export const ACTION_ORDERS = {
  docs: ["SAMPLE", "DROP", "DROP_PROPERTIES", "ALLOW_PROPERTIES"],
  openapi: ["DROP", "SAMPLE", "ALLOW_PROPERTIES", "DROP_PROPERTIES"],
} as const satisfies Record<string, readonly FilterActionType[]>;

export type ActionOrder = keyof typeof ACTION_ORDERS;
export const DEFAULT_ACTION_ORDER: ActionOrder = "docs";
export const ACTION_ORDER_NAMES = Object.keys(ACTION_ORDERS) as ActionOrder[];

/**
 * What to do with a SAMPLE without `path`, which Segment decides at random: `probability` (the
 * simulator) keeps the event and multiplies `keepProbability`; `payload` (the emulator's preview,
 * which must answer kept or dropped) decides by the hash of the whole payload.
 */
export type UnpathedSample = "probability" | "payload";

export interface FilterActionOptions {
  order?: ActionOrder;
  unpathedSample?: UnpathedSample;
  meter?: WorkMeter;
}

/** What a matching filter's actions did to one event. */
export interface ActionsOutcome {
  /** The output; null when dropped or sampled out. */
  event: JsonObject | null;
  /** The action that dropped the event. */
  droppedBy?: FilterAction;
  /** The chance the event is kept by SAMPLE actions without `path` (1 when there are none). */
  keepProbability: number;
  /** Full paths (escaped) the property actions removed, in order, without duplicates. */
  removed: string[];
}

/** Applies a matching filter's actions to `payload` in the given order. Pure: `payload` is never mutated. */
export function applyFilterActions(
  actions: readonly FilterAction[],
  payload: JsonObject,
  options: FilterActionOptions = {},
): ActionsOutcome {
  const order = ACTION_ORDERS[options.order ?? DEFAULT_ACTION_ORDER];
  const meter = options.meter ?? UNMETERED;
  let current = payload;
  let owned = false;
  let keepProbability = 1;
  const removed = new Set<string>();
  for (const type of order) {
    for (const action of actions) {
      if (action.type !== type) continue;
      if (type === "DROP") return { event: null, droppedBy: action, keepProbability: 0, removed: [...removed] };
      if (type === "SAMPLE") {
        const kept = sampleDecision(action, current, options.unpathedSample ?? "probability");
        if (kept === false) return { event: null, droppedBy: action, keepProbability: 0, removed: [...removed] };
        keepProbability *= kept === true ? 1 : kept;
        continue;
      }
      if (!owned) {
        current = cloneJson(current, meter) as JsonObject;
        owned = true;
      }
      editFields(current, action.fields ?? {}, type === "DROP_PROPERTIES" ? dropKeys : keepOnly, removed);
    }
  }
  return { event: current, keepProbability, removed: [...removed] };
}

type Edit = (object: JsonObject, keys: readonly string[]) => string[];

const dropKeys: Edit = (object, keys) => keys.filter((k) => Object.hasOwn(object, k) && delete object[k]);

const keepOnly: Edit = (object, keys) => Object.keys(object).filter((k) => !keys.includes(k) && delete object[k]);

/**
 * Applies `edit` to the object at each path of `fields`; at a list, to each object in it (the docs:
 * `properties.products` with `price` removes the price of every product). Any other value is left alone.
 */
function editFields(event: JsonObject, fields: Record<string, string[]>, edit: Edit, removed: Set<string>): void {
  for (const [path, keys] of Object.entries(fields)) {
    const segments = path === "" ? [] : parsePath(path);
    const target = valueAt(event, segments);
    const objects = Array.isArray(target) ? target.filter(isJsonObject) : isJsonObject(target) ? [target] : [];
    for (const object of objects) for (const key of edit(object, keys)) removed.add(formatPath([...segments, key]));
  }
}

/**
 * SAMPLE's decision: with `path`, deterministic per value (`true` kept, `false` sampled out): the
 * same value is always kept or always dropped, as Segment's sampling by path is. Without `path`,
 * the keep probability (`percent`), or under `payload` the decision by the whole payload's value.
 */
function sampleDecision(action: FilterAction, event: JsonObject, unpathed: UnpathedSample): boolean | number {
  const percent = action.percent ?? 1;
  if (action.path === undefined && unpathed === "probability") return percent >= 1 ? true : percent;
  const value = action.path === undefined ? event : (valueAt(event, parsePath(action.path)) ?? null);
  return sampleFraction(value) < percent;
}

/**
 * transync's rule (Segment does not publish its own): the first 4 bytes of the SHA-256 of the
 * value's JSON text (`JSON.stringify`, keys in the event's order), read as a big-endian unsigned
 * integer and divided by 2^32: a fraction in [0, 1); the event is kept when it is below `percent`.
 */
export function sampleFraction(value: JsonValue): number {
  return createHash("sha256").update(JSON.stringify(value)).digest().readUInt32BE(0) / 2 ** 32;
}

function valueAt(root: JsonObject, segments: readonly string[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const segment of segments) {
    if (!isJsonObject(node) || !Object.hasOwn(node, segment)) return undefined;
    node = node[segment];
  }
  return node;
}

/**
 * The pairs of action types whose relative order does not change a filter's outcome as
 * `actionOrdersDiffer` compares it (kept or dropped, the event, the keep probability), as
 * `applyFilterActions` reads the actions:
 * - DROP and SAMPLE: a DROP ends the event whichever runs first (a SAMPLE before it keeps the event for
 *   the DROP or ends it itself: either way it is dropped).
 * - ALLOW_PROPERTIES and DROP_PROPERTIES: both only remove keys of the objects at their paths, and a
 *   removal never puts another object at a path, so either order removes the same keys and keeps the
 *   others in their order.
 * docs/simulator.md, "The whole pipeline" (the action order).
 */
const COMMUTING: ReadonlySet<string> = new Set(["DROP SAMPLE", "ALLOW_PROPERTIES DROP_PROPERTIES"]);

/**
 * Whether the action orders can give a filter with these actions different outputs, from its actions
 * alone (no event): only when two of its action types stand in a different order in two of `orders`
 * and are not a pair of COMMUTING. False for every filter the four types can make today; the stage
 * then runs a filter's actions once per event, with no second run for `actionOrdersDiffer`.
 */
export function ordersMayDiffer(
  actions: readonly FilterAction[],
  orders: Readonly<Record<string, readonly FilterActionType[]>> = ACTION_ORDERS,
): boolean {
  const types = [...new Set(actions.map((a) => a.type))].sort();
  const lists = Object.values(orders);
  return types.some((a, i) =>
    types.slice(i + 1).some((b) => {
      const firsts = new Set(lists.map((order) => order.indexOf(a) < order.indexOf(b)));
      return firsts.size > 1 && !COMMUTING.has(`${a} ${b}`);
    }),
  );
}

/**
 * Whether the two action orders give a different output for this filter's actions and event (kept
 * or dropped, the event, the keep probability): `transync` warns then, since Segment documents both.
 */
export function actionOrdersDiffer(actions: readonly FilterAction[], payload: JsonObject, meter?: WorkMeter): boolean {
  const [first, ...others] = ACTION_ORDER_NAMES.map((order) => applyFilterActions(actions, payload, { order, meter }));
  return others.some((other) => !sameOutcome(first!, other));
}

function sameOutcome(a: ActionsOutcome, b: ActionsOutcome): boolean {
  if (a.event === null || b.event === null) return a.event === b.event;
  return a.keepProbability === b.keepProbability && jsonEqual(a.event, b.event);
}
