/** JSON values as the event simulator sees them, with the helpers FQL evaluation needs. */

import { asJson, fqlType, type JsonObject, type JsonValue } from "../fql/json-value.js";
import { COMPARE_STEPS, COPY_STEPS, type WorkMeter } from "./budget.js";

/**
 * Reads a path of unescaped segments. A missing key, a key inherited from the prototype
 * (`constructor`, `__proto__`), or a step into a string, number, bool or null gives `null`.
 * A segment that is a canonical non-negative integer (`0`, `12`) indexes a list.
 */
export function readPath(root: JsonValue, segments: readonly string[]): JsonValue {
  let current: unknown = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (typeof current !== "object" || current === null) return null;
    if (Array.isArray(current)) {
      if (!LIST_INDEX.test(segment)) return null;
      current = current[Number(segment)];
    } else if (Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return null;
    }
  }
  // asJson inlined for the common cases (this runs for every path of every condition).
  if (typeof current === "string" || typeof current === "boolean") return current;
  return asJson(current);
}

const LIST_INDEX = /^(?:0|[1-9]\d{0,8})$/;

/**
 * FQL equality: the same type and equal. No coercion (`5` is not `"5"`). Lists are equal when
 * their elements are equal in order; objects when they have the same keys with equal values, in
 * any order. Iterative (an explicit stack), so a deeply nested event cannot overflow the call stack;
 * time and memory are linear in the size of the smaller value. The pairs compared are charged to
 * `meter` (after the comparison, which that linear bound keeps short).
 */
export function jsonEqual(a: JsonValue, b: JsonValue, meter?: WorkMeter): boolean {
  // Two scalars, or a scalar and a container: no stack needed (NaN and the infinities count as null).
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    return a === b || (fqlType(a) === "null" && fqlType(b) === "null");
  }
  const counted = { pairs: 0 };
  const equal = containersEqual(a, b, counted);
  meter?.charge(COMPARE_STEPS * counted.pairs);
  return equal;
}

function containersEqual(a: JsonValue, b: JsonValue, counted: { pairs: number }): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]];
  while (stack.length > 0) {
    counted.pairs++;
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    const type = fqlType(x);
    if (type !== fqlType(y)) return false;
    if (type === "list") {
      const xs = x as unknown[];
      const ys = y as unknown[];
      if (xs.length !== ys.length) return false;
      for (let i = 0; i < xs.length; i++) stack.push([xs[i], ys[i]]);
    } else if (type === "object") {
      if (!pushObjectPairs(x as Record<string, unknown>, y as Record<string, unknown>, stack)) return false;
    } else if (type !== "null" && x !== y) {
      return false;
    }
  }
  return true;
}

function pushObjectPairs(x: Record<string, unknown>, y: Record<string, unknown>, stack: Array<[unknown, unknown]>): boolean {
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(y, key)) return false;
    stack.push([x[key], y[key]]);
  }
  return true;
}

/**
 * A deep copy of a JSON value. Iterative (an explicit stack): `structuredClone` recurses and throws
 * RangeError on an event nested some thousands of levels deep, and the engine must not throw on any
 * JSON event. Keys are written as own data properties, so `__proto__` stays a plain key. Each key
 * copied is charged to `meter` as it goes (COPY_STEPS each): a value that doubles at every
 * transformation stops at the budget, not at the end of memory.
 */
export function cloneJson(value: JsonValue, meter?: WorkMeter): JsonValue {
  if (value === null || typeof value !== "object") return value;
  const root: JsonValue = Array.isArray(value) ? new Array(value.length) : {};
  const stack: Array<[JsonValue[] | JsonObject, JsonValue[] | JsonObject]> = [[value, root as JsonValue[] | JsonObject]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    const keys = Object.keys(from);
    meter?.charge(COPY_STEPS * keys.length);
    for (const key of keys) {
      const item = (from as Record<string, JsonValue>)[key]!;
      let copy: JsonValue = item;
      if (item !== null && typeof item === "object") {
        copy = Array.isArray(item) ? new Array(item.length) : {};
        stack.push([item, copy as JsonValue[] | JsonObject]);
      }
      Object.defineProperty(to, key, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

/**
 * Events nested deeper than this are refused at the edges (simulate, plan --events): the same bound
 * as desired YAML, far below what JSON.stringify (it recurses) can print.
 */
export const MAX_EVENT_DEPTH = 64;

/** True when lists and objects nest more than `max` levels (the value itself is level 1). Iterative. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}
