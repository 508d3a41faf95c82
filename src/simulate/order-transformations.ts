import type { SimTransformation } from "./types.js";

/** The scope of a chain: the event's source, and the destination (metadata id) it goes to, if named. */
export interface ChainScope {
  /** The event's source id. */
  sourceId: string;
  /** A destination metadata id: its destination-scoped transformations run after the source's. */
  destinationId?: string;
}

/** Compares by Unicode code point (`<` on strings compares UTF-16 units, which differs above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const right = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/** No (or an empty) destinationMetadataId: the transformation is source-scoped. */
export const isDestinationScoped = (t: SimTransformation): boolean => Boolean(t.destinationMetadataId);

/**
 * The transformations that apply, in simulated order: the source's source-scoped ones, then (only when
 * a destination is named) the ones scoped to that destination; each group sorted by name. Disabled
 * transformations never apply.
 */
export function orderTransformations(ts: readonly SimTransformation[], options: ChainScope): SimTransformation[] {
  const ofSource = ts.filter((t) => t.enabled !== false && t.sourceId === options.sourceId);
  const byName = (a: SimTransformation, b: SimTransformation): number => compareCodePoints(a.name, b.name);
  const sourceScoped = ofSource.filter((t) => !isDestinationScoped(t)).sort(byName);
  if (options.destinationId === undefined) return sourceScoped;
  const destinationScoped = ofSource
    .filter((t) => isDestinationScoped(t) && t.destinationMetadataId === options.destinationId)
    .sort(byName);
  return [...sourceScoped, ...destinationScoped];
}
