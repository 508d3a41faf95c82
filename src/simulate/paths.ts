import type { JsonObject, JsonValue } from "./types.js";

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
  return segments.map((s) => s.replace(/[\\.]/g, (c) => `\\${c}`)).join(".");
}

/** An own property only: a key such as `constructor` or `__proto__` is data, never the prototype's. */
export function ownGet(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets an own data property; `__proto__` through defineProperty, so it stays an ordinary key. */
export function putKey(object: JsonObject, key: string, value: JsonValue): void {
  if (key === "__proto__") Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

/** A shallow copy with `key` set. */
function withKey(object: JsonObject, key: string, value: JsonValue): JsonObject {
  const copy: JsonObject = { ...object };
  putKey(copy, key, value);
  return copy;
}

/** The value at `segments`, or undefined when a step is missing or is not an object (lists included). */
export function getIn(root: JsonValue, segments: readonly string[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const segment of segments) {
    if (!isJsonObject(node)) return undefined;
    node = ownGet(node, segment);
  }
  return node;
}

/**
 * Sets `segments` to `value`. A missing or `null` parent becomes `{}`; a parent holding anything else
 * (string, number, boolean, list) is left alone and the result is undefined (nothing was set).
 */
export function setIn(root: JsonObject, segments: readonly string[], value: JsonValue): JsonObject | undefined {
  const [head, ...rest] = segments;
  if (head === undefined) return undefined;
  if (rest.length === 0) return withKey(root, head, value);
  const child = ownGet(root, head);
  const parent = child === undefined || child === null ? {} : child;
  if (!isJsonObject(parent)) return undefined;
  const updated = setIn(parent, rest, value);
  return updated === undefined ? undefined : withKey(root, head, updated);
}

/** Removes the key at `segments`; undefined when there is nothing to remove. */
export function deleteIn(root: JsonObject, segments: readonly string[]): JsonObject | undefined {
  const [head, ...rest] = segments;
  if (head === undefined || !Object.hasOwn(root, head)) return undefined;
  if (rest.length === 0) {
    const copy: JsonObject = { ...root };
    delete copy[head];
    return copy;
  }
  const child = root[head];
  if (!isJsonObject(child)) return undefined;
  const updated = deleteIn(child, rest);
  return updated === undefined ? undefined : withKey(root, head, updated);
}
