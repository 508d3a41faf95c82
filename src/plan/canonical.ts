import { setOwn } from "../own-keys.js";

/**
 * Canonical JSON: object keys sorted (code-unit order), `undefined` members dropped, arrays kept in
 * order. Two values with the same meaning and the same canonical form hash the same, whatever the
 * key order they arrived in.
 */
export function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonicalize(item)));
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of sortedKeys(record)) {
      const member = record[key];
      if (member !== undefined) setOwn(sorted, key, canonicalize(member));
    }
    return sorted;
  }
  return value;
}

/** The JSON text of `value`'s canonical form; `indent` as JSON.stringify's (the JSON plan is indented by 2). */
export function canonicalJson(value: unknown, indent?: number): string {
  return JSON.stringify(canonicalShape(value), null, indent);
}

/**
 * `value`'s canonical form, sharing every part that is canonical already (canonicalShape): what
 * a plan is kept as once its digest is made (`digestedPlan`, digest.ts), so that its JSON text
 * finds nothing left to sort or copy. Serialised, it is `canonicalJson(value)`; unlike
 * canonicalize's, it may share parts with `value`, so it is for a value that is no longer changed.
 */
export function canonicalForm(value: unknown): unknown {
  return canonicalShape(value);
}

/**
 * What canonicalize returns, but only to be serialised at once: a part already in canonical form
 * (plain, keys in order, parts canonical) is itself, not a copy. A plan's digest and its JSON
 * text serialise the whole plan, where most objects (the fingerprints, the unchanged objects, the
 * patches) are built in order: copying them was most of the work. JSON.stringify writes a part
 * and its copy alike: members left `undefined` are dropped and array holes written as null either way.
 */
function canonicalShape(value: unknown): unknown {
  if (Array.isArray(value)) return shapeArray(value);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (!inCanonicalOrder(record, keys)) return shapedCopy(record, sortStrings(keys), 0);
  for (let i = 0; i < keys.length; i++) {
    const member = record[keys[i]!];
    if (member === undefined) continue;
    const shaped = canonicalShape(member);
    if (shaped !== member) return shapedCopy(record, keys, i, shaped);
  }
  return record;
}

function shapeArray(items: unknown[]): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const shaped = item === undefined ? null : canonicalShape(item);
    if (copy === undefined && shaped !== item && item !== undefined) copy = items.slice(0, i);
    if (copy !== undefined) copy.push(shaped);
  }
  return copy ?? items;
}

/**
 * As canonicalize builds it: `keys` in order, `undefined` members dropped, the members before
 * `from` as they are (already canonical), the one at `from` as `shapedAtFrom` (shaped already),
 * the rest shaped.
 */
function shapedCopy(
  record: Record<string, unknown>,
  keys: readonly string[],
  from: number,
  shapedAtFrom?: unknown,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const member = record[key];
    if (member === undefined) continue;
    setOwn(copy, key, i < from ? member : i === from && shapedAtFrom !== undefined ? shapedAtFrom : canonicalShape(member));
  }
  return copy;
}

/**
 * Whether a fresh object with these keys inserted in sorted order would list them as `record` does,
 * and serialise the same: a plain object (no prototype with toJSON, no `__proto__` key, which an
 * assignment would turn into a prototype) whose keys are sorted already.
 */
function inCanonicalOrder(record: Record<string, unknown>, keys: readonly string[]): boolean {
  const prototype: unknown = Object.getPrototypeOf(record);
  if ((prototype !== Object.prototype && prototype !== null) || typeof record.toJSON === "function") return false;
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] === "__proto__" || (i > 0 && keys[i - 1]! > keys[i]!)) return false;
  }
  return true;
}

/** Locale-independent order, so plans are identical on every machine. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Arrays this short are sorted here: the built-in sort allocates a work area on every call. */
const SHORT = 16;

/**
 * `strings` sorted in place by compareStrings, and returned. Canonical forms sort the keys of every
 * object of a plan, mostly a handful and often already in order: an insertion sort gives the same
 * order (the strings are distinct, or equal ones are interchangeable) without the allocations.
 */
export function sortStrings(strings: string[]): string[] {
  if (strings.length > SHORT) return strings.sort(compareStrings);
  for (let i = 1; i < strings.length; i++) {
    const item = strings[i]!;
    let j = i - 1;
    while (j >= 0 && strings[j]! > item) {
      strings[j + 1] = strings[j]!;
      j--;
    }
    strings[j + 1] = item;
  }
  return strings;
}

/** An object's own keys in canonical order. */
export function sortedKeys(record: object): string[] {
  return sortStrings(Object.keys(record));
}

/** Sorts by canonical JSON and drops duplicates: the normal form of an array whose order means nothing. */
export function canonicalSet<T>(items: readonly T[]): T[] {
  // Most sets hold none or one item: nothing to sort or drop (the same result without the map).
  if (items.length === 0) return [];
  if (items.length === 1) return [canonicalize(items[0]) as T];
  const byKey = new Map<string, T>();
  for (const item of items) {
    const canonical = canonicalize(item) as T;
    byKey.set(JSON.stringify(canonical), canonical);
  }
  return sortStrings([...byKey.keys()]).map((key) => byKey.get(key) as T);
}

/** Deep equality of JSON values (objects compared by their keys, whatever the order; `undefined` members count as absent). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // Counted in loops, not filtered into arrays: the plan compares every field of every pair.
  let members = 0;
  for (const key of Object.keys(left)) {
    if (left[key] === undefined) continue;
    members++;
    if (!sameJson(left[key], right[key])) return false;
  }
  for (const key of Object.keys(right)) if (right[key] !== undefined) members--;
  return members === 0;
}
