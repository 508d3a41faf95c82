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
import type { CaseResult, TestCase, TestTotals } from "./types.js";

/**
 * Runs one case: the event through the transformations of its source (and destination), then every
 * expectation. An engine error (an unresolvable hash setting) fails the case, never passes it. A
 * used-up budget stops the whole run (no later case could run either), naming this case.
 */
export function runCase(transformations: readonly SimTransformation[], test: TestCase, engine: FqlEngine): CaseResult {
  try {
    const result = runChain(transformations, test.event, { sourceId: test.sourceId, destinationId: test.destinationId, engine });
    const failures = checkExpectations(test.expect, result);
    return {
      case: test,
      status: failures.length === 0 ? "passed" : "failed",
      failures,
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
      dropped: false,
      output: null,
      matched: [],
      warnings: [],
    };
  }
}

export function runCases(transformations: readonly SimTransformation[], cases: readonly TestCase[], engine: FqlEngine): CaseResult[] {
  return cases.map((test) => runCase(transformations, test, engine));
}

export function totalsOf(results: readonly CaseResult[]): TestTotals {
  const passed = results.filter((r) => r.status === "passed").length;
  return { passed, failed: results.length - passed };
}
