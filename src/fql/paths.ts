import { ownValue, setOwn } from "../own-keys.js";
import type { JsonObject, JsonValue } from "./json-value.js";

/**
 * Dotted paths inside an event, written as transformations write them: `properties.order.total`,
 * with `\` escaping the next character (`ingredients\.salad` is the one key `ingredients.salad`).
 * Every update here is copy-on-write: it returns a new root and shares untouched subtrees, so an
 * input event is never mutated.
 */

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Paths repeat on every event: parse each once (bounded, so hostile input cannot grow it forever). */
const PARSED = new Map<string, readonly string[]>();
const PARSED_LIMIT = 10_000;

/** Splits a path at unescaped dots; `\x` stands for `x` (a trailing `\` stands for itself). */
export function parsePath(path: string): readonly string[] {
  const known = PARSED.get(path);
  if (known !== undefined) return known;
  if (PARSED.size >= PARSED_LIMIT) PARSED.clear();
  const segments = Object.freeze(splitPath(path));
  PARSED.set(path, segments);
  return segments;
}

function splitPath(path: string): string[] {
  const segments: string[] = [];
  let current = "";
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (ch === "\\" && i + 1 < path.length) {
      current += path[++i];
    } else if (ch === ".") {
      segments.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  segments.push(current);
  return segments;
}

/** The canonical text of a path: segments joined by `.`, with `.` and `\` inside a segment escaped. */
export function formatPath(segments: readonly string[]): string {
  // Parsed paths are frozen and shared (parsePath's cache): their text is worked out once.
  const frozen = Object.isFrozen(segments);
  const known = frozen ? FORMATTED.get(segments) : undefined;
  if (known !== undefined) return known;
  const text = segments.map(formatSegment).join(".");
  if (frozen) FORMATTED.set(segments, text);
  return text;
}

const FORMATTED = new WeakMap<readonly string[], string>();

/** One segment with `.` and `\` escaped. */
export function formatSegment(segment: string): string {
  return segment.includes(".") || segment.includes("\\") ? segment.replace(/[\\.]/g, (c) => `\\${c}`) : segment;
}

/**
 * Objects created by the write in progress (a transformation's copies): nothing else holds them, so
 * they may be changed in place instead of copied again. Absent: copy every object on the path.
 */
export type Owned = Set<object>;

/** `object` with `key` set: a shallow copy, or the object itself when it is owned. */
function withKey(object: JsonObject, key: string, value: JsonValue, owned?: Owned): JsonObject {
  if (owned?.has(object) === true) {
    setOwn(object, key, value);
    return object;
  }
  const copy: JsonObject = { ...object };
  setOwn(copy, key, value);
  owned?.add(copy);
  return copy;
}

/** The value at `segments`, or undefined when a step is missing or is not an object (lists included). */
export function getIn(root: JsonValue, segments: readonly string[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const segment of segments) {
    if (!isJsonObject(node)) return undefined;
    node = ownValue(node, segment);
  }
  return node;
}

/**
 * Sets `segments` to `value`. A missing or `null` parent becomes `{}`; a parent holding anything else
 * (string, number, boolean, list) is left alone and the result is undefined (nothing was set).
 */
export function setIn(root: JsonObject, segments: readonly string[], value: JsonValue, owned?: Owned): JsonObject | undefined {
  return setFrom(root, segments, 0, value, owned);
}

function setFrom(
  root: JsonObject,
  segments: readonly string[],
  at: number,
  value: JsonValue,
  owned: Owned | undefined,
): JsonObject | undefined {
  const head = segments[at];
  if (head === undefined) return undefined;
  if (at === segments.length - 1) return withKey(root, head, value, owned);
  const child = ownValue(root, head);
  const parent = child === undefined || child === null ? {} : child;
  if (!isJsonObject(parent)) return undefined;
  // A parent created here is new, so it counts as owned.
  if (parent !== child) owned?.add(parent);
  const updated = setFrom(parent, segments, at + 1, value, owned);
  return updated === undefined ? undefined : withKey(root, head, updated, owned);
}

/**
 * Removes the key at `segments`; undefined when there is nothing to remove. Always copies the
 * objects on the path (never changes `root`), and adds the copies to `owned` when given.
 */
export function deleteIn(root: JsonObject, segments: readonly string[], owned?: Owned): JsonObject | undefined {
  return deleteFrom(root, segments, 0, owned);
}

function deleteFrom(root: JsonObject, segments: readonly string[], at: number, owned: Owned | undefined): JsonObject | undefined {
  const head = segments[at];
  if (head === undefined || !Object.hasOwn(root, head)) return undefined;
  if (at === segments.length - 1) {
    // Copying all other keys (rather than `delete` on a copy) keeps the object in V8's fast mode.
    const copy: JsonObject = {};
    for (const key of Object.keys(root)) if (key !== head) setOwn(copy, key, root[key]!);
    owned?.add(copy);
    return copy;
  }
  const child = root[head];
  if (!isJsonObject(child)) return undefined;
  const updated = deleteFrom(child, segments, at + 1, owned);
  if (updated === undefined) return undefined;
  const copy: JsonObject = { ...root };
  setOwn(copy, head, updated);
  owned?.add(copy);
  return copy;
}
