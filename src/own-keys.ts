/**
 * Plain objects used as maps of outside strings (ids from the API, names from transync.yaml and the
 * documents). Such a string may be one of JavaScript's own property names: a read of `constructor`
 * or `toString` from a plain object gives `Object.prototype`'s function, and an assignment to
 * `__proto__` sets the object's prototype instead of adding the key (the entry is silently lost).
 * These two read and write own keys only; a `Map` is the other way.
 */

/** `record[key]` when the record itself has the key, else undefined (never `Object.prototype`'s member). */
export function ownValue<V>(record: Readonly<Record<string, V>> | undefined, key: string): V | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Adds `key` as the record's own enumerable property, `__proto__` included (JSON.stringify then writes it). */
export function setOwn<V>(record: Record<string, V>, key: string, value: V): void {
  // Only `__proto__` is not an own key when assigned; the plain assignment is kept for speed (canonical forms).
  if (key === "__proto__") Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  else record[key] = value;
}
