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
 * of 20 requests/s it is not told, for a few seconds. Loose bounds (ratios only) catch a regression
 * in pacing without being a timing test: the full benchmark holds >= 90% and <= 1%.
 */
describe("apply benchmark, short", () => {
  it("at default settings uses at least 60% of an untold limit of 20/s, with at most 5% of replies 429, and converges", async () => {
    const result = await runApplyBench({ rate: 20, shape: "window", seconds: 6, startEmulator: inProcess });
    expect(result.converged).toBe(true);
    expect(result.rejectedShare).toBeLessThanOrEqual(0.05);
    expect(result.achieved).toBeGreaterThanOrEqual(0.6);
  }, 120_000);
});
