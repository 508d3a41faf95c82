import { createHash } from "node:crypto";
import type { JsonValue } from "../fql/json-value.js";
import { parsePath } from "../fql/paths.js";

/** A Destination filter action (DestinationFilterActionV1 of Segment's Public API). */
export interface FilterAction {
  type: "DROP" | "DROP_PROPERTIES" | "ALLOW_PROPERTIES" | "SAMPLE";
  /** Object paths (`""` = the top level) -> the keys the action drops or allows there. */
  fields?: Record<string, string[]>;
  /** SAMPLE: the share of events kept, 0 to 1. */
  percent?: number;
  /** SAMPLE: where the value that decides deterministically is read; default: the whole payload. */
  path?: string;
}

type JsonObject = { [key: string]: JsonValue };

/**
 * Segment applies a filter's actions in this order, whatever the order of the list:
 * https://segment.com/docs/connections/destinations/destination-filters/ ("Limitations").
 */
const ORDER: readonly FilterAction["type"][] = ["SAMPLE", "DROP", "DROP_PROPERTIES", "ALLOW_PROPERTIES"];

/** The payload after the actions of a matching filter; null when the event is dropped (or sampled out). */
export function applyFilterActions(actions: readonly FilterAction[], payload: JsonObject): JsonObject | null {
  let current: JsonObject = structuredClone(payload);
  for (const type of ORDER) {
    for (const action of actions.filter((a) => a.type === type)) {
      if (type === "DROP") return null;
      if (type === "SAMPLE" && !sampledIn(action, current)) return null;
      if (type === "DROP_PROPERTIES")
        current = editFields(current, action.fields ?? {}, (object, keys) => keys.forEach((k) => delete object[k]));
      if (type === "ALLOW_PROPERTIES") current = editFields(current, action.fields ?? {}, keepOnly);
    }
  }
  return current;
}

function keepOnly(object: JsonObject, keys: readonly string[]): void {
  for (const key of Object.keys(object)) if (!keys.includes(key)) delete object[key];
}

/** Applies `edit` to the object at each path of `fields` (a path that is not an object is left alone). */
function editFields(
  event: JsonObject,
  fields: Record<string, string[]>,
  edit: (object: JsonObject, keys: readonly string[]) => void,
): JsonObject {
  for (const [path, keys] of Object.entries(fields)) {
    const target = path === "" ? event : objectAt(event, parsePath(path));
    if (target !== undefined) edit(target, keys);
  }
  return event;
}

function objectAt(root: JsonObject, segments: readonly string[]): JsonObject | undefined {
  const node = objectValue(root, segments);
  return isObject(node) ? node : undefined;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Deterministic, as Segment's sampling by `path` is: the same value is always kept or always
 * dropped. The emulator's rule (a SHA-256 of the value's JSON read as a fraction) is its own.
 */
function sampledIn(action: FilterAction, event: JsonObject): boolean {
  const percent = action.percent ?? 1;
  const value = action.path === undefined ? event : (objectValue(event, parsePath(action.path)) ?? null);
  const digest = createHash("sha256").update(JSON.stringify(value)).digest();
  return digest.readUInt32BE(0) / 2 ** 32 < percent;
}

function objectValue(root: JsonObject, segments: readonly string[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const segment of segments) {
    if (!isObject(node) || !Object.hasOwn(node, segment)) return undefined;
    node = node[segment];
  }
  return node;
}
