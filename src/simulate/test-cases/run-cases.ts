/**
 * Room src/simulate/test-cases/: `transync test`: a project's test files located and read
 * (test-files.ts), parsed, run through the engine, expectations checked.
 * May import: src/simulate/, src/fql/, src/desired/ (the file policy, the project file), the ground floor.
 */
import { TransyncError } from "../../errors.js";
import { runChain } from "../transform-chain.js";
import { SimulationBudgetError } from "../budget.js";
import type { FqlEngine, SimTransformation } from "../types.js";
import { checkExpectations } from "./expectations.js";
import { resolveHashExpectations, type TestKeyedHash } from "./hash-expectations.js";
import type { CaseResult, TestCase, TestTotals } from "./types.js";

/** What a run needs besides the cases: the engine, and which transformations hashed with the test key. */
export interface RunOptions {
  engine: FqlEngine;
  /** Test-keyed hashes by transformation name (`testKeyedHashes`); none when every key was set. */
  testKeyed?: ReadonlyMap<string, TestKeyedHash>;
}

/**
 * Runs one case: the event through the transformations of its source (and destination), then every
 * expectation, hashed values settled first (hash-expectations.ts). An engine error (an unresolvable
 * hash setting) fails the case, never passes it. A used-up budget stops the whole run (no later case
 * could run either), naming this case.
 */
export function runCase(transformations: readonly SimTransformation[], test: TestCase, options: RunOptions): CaseResult {
  const { engine, testKeyed } = options;
  try {
    const result = runChain(transformations, test.event, { sourceId: test.sourceId, destinationId: test.destinationId, engine });
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

export function runCases(transformations: readonly SimTransformation[], cases: readonly TestCase[], options: RunOptions): CaseResult[] {
  return cases.map((test) => runCase(transformations, test, options));
}

export function totalsOf(results: readonly CaseResult[]): TestTotals {
  const count = (status: CaseResult["status"]): number => results.filter((r) => r.status === status).length;
  return { passed: count("passed"), failed: count("failed"), skipped: count("skipped") };
}
