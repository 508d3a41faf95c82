import { afterAll, describe, expect, it } from "vitest";
import type { ScenarioResult } from "./figures.js";
import { renderFigures } from "./figures.js";
import { runScenario, type Scenario } from "./scenario.js";
import { concurrentApplyScenario } from "./scenarios/concurrent-apply.js";
import { fuzzScenario } from "./scenarios/fuzz.js";
import { killApplyScenario } from "./scenarios/kill-apply.js";
import { killEmulatorScenario } from "./scenarios/kill-emulator.js";
import { lyingServerScenario } from "./scenarios/lying-server.js";
import { roundsScenario } from "./scenarios/rounds.js";
import { defaultOptions, SCENARIOS } from "./suite.js";
import { clockSkewScenario } from "./scenarios/clock-skew.js";
import { lockLinksScenario } from "./scenarios/lock-links.js";
import { lookupUnderDeleteScenario } from "./scenarios/lookup-under-delete.js";
import { noisyFirstApplyScenario } from "./scenarios/noisy-first-apply.js";

/** The short seeded run inside `npm test`; `npm run test:chaos` is the full one. */
const options = defaultOptions({ seed: 11, rounds: 3 });
const results: ScenarioResult[] = [];

async function run(scenario: Scenario): Promise<ScenarioResult> {
  const result = await runScenario(scenario, options, SCENARIOS.indexOf(scenario));
  results.push(result);
  // Show the cause in the assertion message, not just a count.
  expect(result.error, result.error).toBeUndefined();
  return result;
}

describe(`chaos, short run (seed ${options.seed})`, () => {
  afterAll(() => {
    if (process.env.CHAOS_FIGURES) process.stdout.write(renderFigures(options.seed, results));
  });

  it("1 randomized rounds under 429/500/503/dropped replies and hand edits converge: 0 duplicates, nothing lost", async () => {
    const r = await run(roundsScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures).toMatchObject({ rounds: 3, duplicates: 0, lost: 0, envelopeViolations: 0 });
    expect(r.figures.faults).toBeGreaterThan(0);
  }, 120_000);

  it("2 SIGKILL of apply at random points, then apply again: converges with 0 duplicates", async () => {
    const r = await run(killApplyScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures).toMatchObject({ duplicates: 0, lost: 0 });
    expect(r.figures.faults).toBeGreaterThan(0);
  }, 120_000);

  it("3 two applies at once on one workspace: 0 duplicates, one more apply converges", async () => {
    const r = await run(concurrentApplyScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures).toMatchObject({ duplicates: 0, lost: 0 });
  }, 120_000);

  it("4 kill -9 of the emulator under writes: every acknowledged write is there after a restart", async () => {
    const r = await run(killEmulatorScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures).toMatchObject({ lost: 0, envelopeViolations: 0, faults: 1 });
  }, 120_000);

  it("5 HTTP fuzz of the emulator: every error reply has the envelope, no 500, all logged", async () => {
    const r = await run(fuzzScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures.fuzzRequests).toBeGreaterThan(0);
    expect(r.figures.envelopeViolations).toBe(0);
  }, 120_000);

  it("6 a lying server (short read, cursor cycle/repeat, duplicate ids, garbage, big pages): plan exits 1 and plans no creates", async () => {
    const r = await run(lyingServerScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures.duplicates).toBe(0);
  }, 180_000);

  it("clock skew: an apply on a host whose clock is 11 minutes ahead is refused by another host's live lock; 0 duplicates", async () => {
    const r = await run(clockSkewScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures).toMatchObject({ duplicates: 0, lost: 0 });
  }, 180_000);

  it("links planted in the lock folder: nothing written through them, 0 duplicates", async () => {
    const r = await run(lockLinksScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures).toMatchObject({ duplicates: 0, lost: 0 });
  }, 180_000);

  it("a create whose reply is lost, looked up while a teammate deletes (offset cursors): never created twice", async () => {
    const r = await run(lookupUnderDeleteScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures).toMatchObject({ duplicates: 0, lost: 0 });
    expect(r.figures.faults).toBeGreaterThan(0);
  }, 120_000);

  it("a first apply against a noisy server (429 at 30%, 5xx at 10%) converges, with 0 duplicates", async () => {
    const r = await run(noisyFirstApplyScenario);
    expect(r.failures).toEqual([]);
    expect(r.figures.duplicates).toBe(0);
    expect(r.figures.faults).toBeGreaterThan(0);
  }, 180_000);

  it("7 no API token and no hash key in any output or log line of the runs above", () => {
    expect(results.length).toBeGreaterThan(0);
    expect(results.flatMap((r) => r.leaks)).toEqual([]);
  });
});
