import { renderFigures, scenarioPassed, type ScenarioResult } from "./figures.js";
import { runScenario, type ChaosOptions, type Scenario } from "./scenario.js";
import { roundsScenario } from "./scenarios/rounds.js";
import { killApplyScenario } from "./scenarios/kill-apply.js";
import { concurrentApplyScenario } from "./scenarios/concurrent-apply.js";
import { killEmulatorScenario } from "./scenarios/kill-emulator.js";
import { fuzzScenario } from "./scenarios/fuzz.js";
import { lyingServerScenario } from "./scenarios/lying-server.js";
import { EMULATOR_COMPAT_AVAILABLE } from "./support.js";
import { clockSkewScenario } from "./scenarios/clock-skew.js";
import { lockLinksScenario } from "./scenarios/lock-links.js";
import { lookupUnderDeleteScenario } from "./scenarios/lookup-under-delete.js";
import { noisyFirstApplyScenario } from "./scenarios/noisy-first-apply.js";

/** Every scenario, in the order the figures list them. */
export const SCENARIOS: Scenario[] = [
  roundsScenario,
  killApplyScenario,
  concurrentApplyScenario,
  killEmulatorScenario,
  fuzzScenario,
  lyingServerScenario,
];
// Issue 21: a create's lookup under a teammate's delete, and a first apply against a noisy server.
SCENARIOS.push(lookupUnderDeleteScenario, noisyFirstApplyScenario);
// Shared lock folders (docs/reliability.md, "The workspace lock").
SCENARIOS.push(clockSkewScenario, lockLinksScenario);

export function defaultOptions(overrides: Partial<ChaosOptions> = {}): ChaosOptions {
  const full = overrides.full ?? false;
  return { seed: 1, rounds: full ? 30 : 3, full, offsetCursors: EMULATOR_COMPAT_AVAILABLE, ...overrides };
}

export interface SuiteResult {
  results: ScenarioResult[];
  report: string;
  passed: boolean;
}

/** Runs the scenarios one after another (they share two cores with everything else). */
export async function runSuite(
  options: ChaosOptions,
  only?: (s: Scenario) => boolean,
  log: (line: string) => void = () => {},
): Promise<SuiteResult> {
  const results: ScenarioResult[] = [];
  for (const [index, scenario] of SCENARIOS.entries()) {
    if (only && !only(scenario)) continue;
    log(`running ${scenario.name} ...`);
    const result = await runScenario(scenario, options, index);
    log(`  ${scenarioPassed(result) ? "pass" : "FAIL"} in ${(result.ms / 1000).toFixed(1)} s`);
    results.push(result);
  }
  return { results, report: renderFigures(options.seed, results), passed: results.every(scenarioPassed) };
}
