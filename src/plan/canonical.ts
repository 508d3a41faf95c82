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
    for (const key of Object.keys(record).sort(compareStrings)) {
      const member = record[key];
      if (member !== undefined) sorted[key] = canonicalize(member);
    }
    return sorted;
  }
  return value;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

/** Locale-independent order, so plans are identical on every machine. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts by canonical JSON and drops duplicates: the normal form of an array whose order means nothing. */
export function canonicalSet<T>(items: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) byKey.set(canonicalJson(item), canonicalize(item) as T);
  return [...byKey.keys()].sort(compareStrings).map((key) => byKey.get(key) as T);
}
