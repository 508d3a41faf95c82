import { transformMatched } from "./transform-event.js";
import { LOOK_STEPS } from "./budget.js";
import { readPath } from "./json.js";
import { parsePath } from "../fql/paths.js";
import type { ChainResult, FqlEngine, JsonValue, PreparedCondition, SimTransformation } from "./types.js";
import { isDestinationScoped, type ChainScope } from "./order-transformations.js";
import { SIMULATOR_STEPS } from "./simulator-steps.js";

export { compareCodePoints, orderTransformations } from "./order-transformations.js";

export interface ChainOptions extends ChainScope {
  engine: FqlEngine;
  /** When given, each matched transformation that changed paths is appended: its name and those paths. */
  trace?: { name: string; paths: string[] }[];
}

/**
 * The ordered transformations of one scope, with each one's bound on the event name (from the
 * engine, when it offers one), so most conditions of a stream of events are never evaluated.
 */
interface Plan {
  ordered: SimTransformation[];
  conditions: PreparedCondition[];
}

/** Plans per list, engine and scope, so a stream of events sorts once (lists are read-only). */
const PLANS = new WeakMap<readonly SimTransformation[], WeakMap<FqlEngine, Map<string, Map<string | undefined, Plan>>>>();

function cachedPlan(ts: readonly SimTransformation[], options: ChainOptions): Plan {
  let byEngine = PLANS.get(ts);
  if (byEngine === undefined) PLANS.set(ts, (byEngine = new WeakMap()));
  let bySource = byEngine.get(options.engine);
  if (bySource === undefined) byEngine.set(options.engine, (bySource = new Map()));
  let byDestination = bySource.get(options.sourceId);
  if (byDestination === undefined) bySource.set(options.sourceId, (byDestination = new Map()));
  const known = byDestination.get(options.destinationId);
  if (known !== undefined) return known;
  const ordered = SIMULATOR_STEPS.orderTransformations(ts, options);
  const plan: Plan = { ordered, conditions: ordered.map((t) => SIMULATOR_STEPS.ifCondition(t, options.engine)) };
  byDestination.set(options.destinationId, plan);
  return plan;
}

const EVENT_PATH = ["event"] as const;

/** One path lies inside (or is) the other: changing both makes the result depend on the order. */
function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Remembers who changed which path, and says when a second transformation of the same group changes
 * the same one. Only the order within a group is undocumented: Segment runs source-scoped
 * transformations before destination filters and destination-scoped ones after them
 * (https://segment.com/docs/protocols/transform/), so a destination-scoped one overriding a
 * source-scoped one is the documented order, not a warning.
 */
class TouchLog {
  private readonly entries: { name: string; group: boolean; path: string; segments: readonly string[] }[] = [];
  readonly warnings: string[] = [];

  /**
   * `missed`: paths this transformation's renames looked for and did not find. When an earlier one
   * changed such a path (say, renamed it away), applying the two the other way round gives another result.
   */
  record(t: SimTransformation, touched: readonly string[], missed: readonly string[] = []): void {
    if (touched.length === 0 && missed.length === 0) return;
    // Written without closures: this runs for every matched transformation of every event.
    const { name } = t;
    const group = isDestinationScoped(t);
    const reported = new Set<string>();
    // An entry is recorded as soon as its path is checked: checks skip this transformation's own entries.
    for (const path of touched) {
      const segments = parsePath(path);
      this.check(name, group, path, segments, "both", reported);
      this.entries.push({ name, group, path, segments });
    }
    for (const path of missed) this.check(name, group, path, parsePath(path), "missed", reported);
  }

  /** Warns once per earlier transformation of the same group whose path overlaps `path`. */
  private check(
    name: string,
    group: boolean,
    path: string,
    segments: readonly string[],
    kind: "both" | "missed",
    reported: Set<string>,
  ): void {
    for (const earlier of this.entries) {
      if (earlier.group !== group || earlier.name === name || reported.has(earlier.name) || !overlaps(earlier.segments, segments)) continue;
      reported.add(earlier.name);
      const what =
        kind === "both"
          ? `"${earlier.name}" and "${name}" both change ${earlier.path === path ? path : `${earlier.path} and ${path}`}`
          : `"${earlier.name}" changes ${earlier.path}, and "${name}" renames ${path}, which is then missing`;
      this.warnings.push(`${what}: ${ORDER_NOTE}`);
    }
  }
}

const ORDER_NOTE =
  "Segment does not document the order in which transformations apply to one event (simulated: source-scoped first, then by name)";

/**
 * Applies every transformation of the event's source (and of the named destination) in order, each
 * seeing the previous one's output. A drop stops the chain. Pure; the input event is never mutated.
 * The order is computed once per `ts` array (and source/destination): do not mutate `ts` between calls.
 */
export function runChain(ts: readonly SimTransformation[], event: JsonValue, options: ChainOptions): ChainResult {
  const matched: string[] = [];
  const log = new TouchLog();
  let current: JsonValue = event;
  const { ordered, conditions } = cachedPlan(ts, options);
  // One step per transformation looked at: most are ruled out by name, at no other cost.
  options.engine.meter?.charge(LOOK_STEPS * ordered.length);
  let name = readPath(current, EVENT_PATH);
  for (let i = 0; i < ordered.length; i++) {
    const t = ordered[i]!;
    const condition = conditions[i]!;
    // Most transformations do not match most events: rule them out before building a result.
    if (condition.eventNames?.has(name) === false || !condition.matches(current)) continue;
    const result = transformMatched(t, current, options.engine);
    matched.push(t.name);
    if (result.dropped) return { dropped: true, event: null, matched, warnings: log.warnings };
    log.record(t, result.touched, result.missed);
    if (options.trace !== undefined && result.touched.length > 0) options.trace.push({ name: t.name, paths: result.touched });
    current = result.event ?? current;
    name = readPath(current, EVENT_PATH);
  }
  return { dropped: false, event: current, matched, warnings: log.warnings };
}
