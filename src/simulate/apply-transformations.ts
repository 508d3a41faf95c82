import { applyTransformation } from "./apply-transformation.js";
import { parsePath } from "./paths.js";
import type { ApplyAllResult, FqlEngine, JsonValue, SimTransformation } from "./types.js";

export interface ApplyTransformationsOptions {
  /** The event's source id. */
  sourceId: string;
  /** A destination metadata id: its destination-scoped transformations run after the source's. */
  destinationId?: string;
  engine: FqlEngine;
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

/**
 * The transformations that apply, in simulated order: the source's source-scoped ones, then (only when
 * a destination is named) the ones scoped to that destination; each group sorted by name. Disabled
 * transformations never apply.
 */
export function orderTransformations(ts: readonly SimTransformation[], options: Omit<ApplyTransformationsOptions, "engine">): SimTransformation[] {
  const ofSource = ts.filter((t) => t.enabled !== false && t.sourceId === options.sourceId);
  const byName = (a: SimTransformation, b: SimTransformation): number => compareCodePoints(a.name, b.name);
  const sourceScoped = ofSource.filter((t) => !t.destinationMetadataId).sort(byName);
  if (options.destinationId === undefined) return sourceScoped;
  const destinationScoped = ofSource.filter((t) => t.destinationMetadataId === options.destinationId).sort(byName);
  return [...sourceScoped, ...destinationScoped];
}

/** Orders computed per list of transformations, so a stream of events sorts once (lists are read-only). */
const ORDERS = new WeakMap<readonly SimTransformation[], Map<string, SimTransformation[]>>();

function cachedOrder(ts: readonly SimTransformation[], options: Omit<ApplyTransformationsOptions, "engine">): SimTransformation[] {
  const byScope = ORDERS.get(ts) ?? new Map<string, SimTransformation[]>();
  ORDERS.set(ts, byScope);
  const scope = JSON.stringify([options.sourceId, options.destinationId ?? null]);
  const known = byScope.get(scope);
  if (known !== undefined) return known;
  const ordered = orderTransformations(ts, options);
  byScope.set(scope, ordered);
  return ordered;
}

/** One path lies inside (or is) the other: changing both makes the result depend on the order. */
function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Remembers who changed which path, and says when a second transformation changes the same one. */
class TouchLog {
  private readonly entries: { name: string; path: string; segments: readonly string[] }[] = [];
  readonly warnings: string[] = [];

  record(name: string, touched: readonly string[]): void {
    const reported = new Set<string>();
    for (const path of touched) {
      const segments = parsePath(path);
      for (const earlier of this.entries) {
        if (earlier.name === name || reported.has(earlier.name) || !overlaps(earlier.segments, segments)) continue;
        reported.add(earlier.name);
        this.warnings.push(
          `"${earlier.name}" and "${name}" both change ${earlier.path === path ? path : `${earlier.path} and ${path}`}: ` +
            "Segment does not document the order in which transformations apply to one event (simulated: source-scoped first, then by name)",
        );
      }
    }
    for (const path of touched) this.entries.push({ name, path, segments: parsePath(path) });
  }
}

/**
 * Applies every transformation of the event's source (and of the named destination) in order, each
 * seeing the previous one's output. A drop stops the chain. Pure; the input event is never mutated.
 * The order is computed once per `ts` array (and source/destination): do not mutate `ts` between calls.
 */
export function applyTransformations(ts: readonly SimTransformation[], event: JsonValue, options: ApplyTransformationsOptions): ApplyAllResult {
  const matched: string[] = [];
  const log = new TouchLog();
  let current: JsonValue = event;
  for (const t of cachedOrder(ts, options)) {
    const result = applyTransformation(t, current, options.engine);
    if (!result.applied) continue;
    matched.push(t.name);
    if (result.dropped) return { dropped: true, event: null, matched, warnings: log.warnings };
    log.record(t.name, result.touched);
    current = result.event ?? current;
  }
  return { dropped: false, event: current, matched, warnings: log.warnings };
}
