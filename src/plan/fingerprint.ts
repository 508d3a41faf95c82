import type { Transformation } from "../model/transformation.js";
import { sortedKeys } from "./canonical.js";
import { sha256Hex } from "./digest.js";
import { normaliseLive } from "./normalise.js";

/** Live objects are read once and never mutated, so a fingerprint can be kept per object. */
const computed = new WeakMap<Transformation, string>();

/**
 * `sha256:<hex>` of the canonical JSON of the normalised live object (its id and the input fields
 * its reply carries). Stable across key order and the order of set-like arrays, so apply can tell a
 * real change since the plan from a re-ordered reply.
 */
export function fingerprint(t: Transformation): string {
  const known = computed.get(t);
  if (known !== undefined) return known;
  // The view's values are canonical already; only `id` needs its place among the sorted keys.
  const view: Record<string, unknown> = { id: t.id, ...normaliseLive(t) };
  const keyed: Record<string, unknown> = {};
  for (const key of sortedKeys(view)) keyed[key] = view[key];
  const value = `sha256:${sha256Hex(JSON.stringify(keyed))}`;
  computed.set(t, value);
  return value;
}
