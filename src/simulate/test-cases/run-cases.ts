/**
 * Room src/simulate/test-cases/: `transync test`: a project's test files located and read
 * (test-files.ts), parsed, run through the engine, expectations checked.
 * May import: src/simulate/, src/fql/, src/desired/ (the file policy, the project file), src/kinds/ (which filters
 * interact: src/kinds/destination-filter/interactions.ts), the ground floor.
 */
import { TransyncError } from "../../errors.js";
import { runChain } from "../transform-chain.js";
import { SimulationBudgetError } from "../budget.js";
import type { FqlEngine, SimTransformation } from "../types.js";
import { checkExpectations, type CaseRun } from "./expectations.js";
import { runPipeline } from "../pipeline.js";
import { describeInteraction, interactingFilters } from "../../kinds/destination-filter/interactions.js";
import type { ActionOrder } from "../filter-actions.js";
import type { SimulatedInstance } from "./instances.js";
import { resolveHashExpectations, type TestKeyedHash } from "./hash-expectations.js";
import type { CaseResult, TestCase, TestTotals } from "./types.js";

/** What a run needs besides the cases: the engine, and which transformations hashed with the test key. */
export interface RunOptions {
  engine: FqlEngine;
  /** Test-keyed hashes by transformation name (`testKeyedHashes`); none when every key was set. */
  testKeyed?: ReadonlyMap<string, TestKeyedHash>;
  /** The destination instances of `connections:` (simulatedInstances): a case naming one runs the whole pipeline. */
  instances?: ReadonlyMap<string, SimulatedInstance>;
  /** transync.yaml's `filters.actionOrder`. */
  actionOrder?: ActionOrder;
}

/**
 * Runs one case: the event through the transformations of its source (and destination), then every
 * expectation, hashed values settled first (hash-expectations.ts). An engine error (an unresolvable
 * hash setting) fails the case, never passes it. A used-up budget stops the whole run (no later case
 * could run either), naming this case.
 */
export function runCase(transformations: readonly SimTransformation[], test: TestCase, options: RunOptions): CaseResult {
  const { testKeyed } = options;
  try {
    const result = runOne(transformations, test, options);
    const output = result.dropped ? undefined : (result.event ?? undefined);
    const keyed = result.matched.flatMap((name) => testKeyed?.get(name) ?? []);
    const { expect, needs } = resolveHashExpectations(test.expect, test.event, output, keyed);
    const failures = checkExpectations(expect, result);
    const status = failures.length > 0 ? "failed" : needs.length > 0 ? "skipped" : "passed";
    return {
      case: test,
      status,
      failures,
      needs: status === "skipped" ? needs : [],
      dropped: result.dropped,
      output: result.event,
      matched: result.matched,
      warnings: result.warnings,
      ...(result.stoppedAt !== undefined ? { stoppedAt: result.stoppedAt.description } : {}),
    };
  } catch (error) {
    if (error instanceof SimulationBudgetError) throw error.at(`test case "${test.name}" (${test.file}:${test.line})`);
    if (!(error instanceof TransyncError)) throw error;
    return {
      case: test,
      status: "failed",
      failures: [{ expectation: "run", message: error.message }],
      needs: [],
      dropped: false,
      output: null,
      matched: [],
      warnings: [],
    };
  }
}

/** The chain of the case's source (and destination type), or the whole pipeline when it names an instance. */
function runOne(transformations: readonly SimTransformation[], test: TestCase, options: RunOptions): CaseRun {
  const { engine } = options;
  const instance = test.instance === undefined ? undefined : options.instances?.get(test.instance);
  if (instance === undefined)
    return runChain(transformations, test.event, { sourceId: test.sourceId, destinationId: test.destinationId, engine });
  const result = runPipeline(transformations, test.event, {
    sourceId: test.sourceId,
    destination: instance,
    engine,
    actionOrder: options.actionOrder,
  });
  // Filters whose result depends on the instance's filter order, which no document holds: said on every case of the instance.
  const interactions = interactingFilters(instance.filters).map(describeInteraction);
  const sampling = result.keepProbability > 0 && result.keepProbability < 1 ? [keepProbabilityNote(result.keepProbability)] : [];
  return interactions.length + sampling.length === 0 ? result : { ...result, warnings: [...result.warnings, ...interactions, ...sampling] };
}

/** What a SAMPLE without `path` means for an event: Segment picks at random, the simulator does not. */
export function keepProbabilityNote(p: number): string {
  return `SAMPLE actions without a path keep this event with probability ${Number(p.toPrecision(6))}: Segment picks at random, so the simulator shows the event as kept`;
}

export function runCases(transformations: readonly SimTransformation[], cases: readonly TestCase[], options: RunOptions): CaseResult[] {
  return cases.map((test) => runCase(transformations, test, options));
}

export function totalsOf(results: readonly CaseResult[]): TestTotals {
  const count = (status: CaseResult["status"]): number => results.filter((r) => r.status === status).length;
  return { passed: count("passed"), failed: count("failed"), skipped: count("skipped") };
}
