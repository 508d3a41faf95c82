import { TransyncError } from "../errors.js";
import { compileFql } from "../simulate/evaluate-fql.js";
import { applyFilterActions, type ActionOrder } from "../simulate/filter-actions.js";
import type { SimFilter } from "../simulate/filter-stage.js";
import { runChain } from "../simulate/transform-chain.js";
import type { SimulatedInstance } from "../simulate/test-cases/instances.js";
import type { SegmentCheck, TestCase } from "../simulate/test-cases/types.js";
import type { FqlEngine, JsonObject, SimTransformation } from "../simulate/types.js";

/** What the filter checks need: the instances of `connections:` with their filters, and the action order. */
export interface FilterCheckScope {
  instances: ReadonlyMap<string, SimulatedInstance>;
  actionOrder?: ActionOrder;
}

/**
 * For each case on a destination instance, each of its enabled filters in order, with the event as it
 * reaches that filter (after the source-scoped transformations and the filters before it) and
 * transync's whole result: Segment's preview gets the filter as written, and the two results are
 * compared whole. A filter with a SAMPLE without `path` (random at Segment) or an `if` transync cannot
 * run (Segment's preview refuses it) ends the case's checks: nothing after it can be compared.
 */
export function planFilterChecks(
  transformations: readonly SimTransformation[],
  cases: readonly TestCase[],
  engine: FqlEngine,
  scope: FilterCheckScope,
): SegmentCheck[] {
  return cases.flatMap((test) => {
    const instance = test.instance === undefined ? undefined : scope.instances.get(test.instance);
    if (instance === undefined) return [];
    const source = runChain(transformations, test.event, { sourceId: test.sourceId, engine });
    return source.dropped || !isObject(source.event) ? [] : checksOfCase(test, instance.filters, source.event as JsonObject, engine, scope);
  });
}

function checksOfCase(
  test: TestCase,
  filters: readonly SimFilter[],
  event: JsonObject,
  engine: FqlEngine,
  scope: FilterCheckScope,
): SegmentCheck[] {
  const checks: SegmentCheck[] = [];
  let payload: JsonObject | null = event;
  for (const filter of filters) {
    if (payload === null || filter.enabled === false) continue;
    if (filter.actions.some((a) => a.type === "SAMPLE" && a.path === undefined) || !compileFql(filter.if).ok) break;
    const result = filterResult(filter, payload, engine, scope.actionOrder);
    if (result === undefined) break;
    checks.push({
      test,
      name: filter.name,
      condition: filter.if,
      at: filter.at ?? { file: test.file, line: test.line, col: 1 },
      transyncDrops: result === null,
      filter: { actions: filter.actions, payload, transyncResult: result },
    });
    payload = result;
  }
  return checks;
}

/** transync's result of one filter on one payload; undefined when its `if` fails to run. */
function filterResult(
  filter: SimFilter,
  payload: JsonObject,
  engine: FqlEngine,
  order: ActionOrder | undefined,
): JsonObject | null | undefined {
  try {
    if (!engine.matches(filter.if, payload)) return payload;
  } catch (error) {
    if (error instanceof TransyncError) return undefined;
    throw error;
  }
  return applyFilterActions(filter.actions, payload, { order, meter: engine.meter }).event;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
