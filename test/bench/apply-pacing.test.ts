import { describe, expect, it } from "vitest";
import { runApplyBench, type StartEmulator } from "../../bench/apply-run.js";
import { startEmulator, type EmulatorConfig } from "../../src/emulator/index.js";
import { silentLogger } from "../../src/log.js";

const inProcess: StartEmulator = async (config) => {
  const emulator = await startEmulator({ host: "127.0.0.1", port: 0, config: config as EmulatorConfig, logger: silentLogger() });
  return { url: emulator.url, stop: () => emulator.close() };
};

/**
 * The short version of `npm run bench:apply`: apply at default settings against a limit
 * of 20 requests/s it is not told, for a few seconds. It holds what no load can change: convergence,
 * and few 429s (a busy machine sends slower, so fewer). The share of the limit it reaches is wall time,
 * so it is the full benchmark's figure (>= 90%); the pacer's spreading of a window's budget is held on
 * a scripted clock in test/live/pacer.test.ts.
 */
describe("apply benchmark, short", () => {
  it("at default settings, against an untold limit of 20/s, converges with at most 5% of replies 429", async () => {
    const result = await runApplyBench({ rate: 20, shape: "window", seconds: 6, startEmulator: inProcess });
    expect(result.converged).toBe(true);
    expect(result.rejectedShare).toBeLessThanOrEqual(0.05);
  }, 120_000);
});
