import { describe, expect, it } from "vitest";
import { latencyReport, measurePlanLatency } from "../../bench/plan-latency.js";

/**
 * The short version of `bench/plan.ts`'s latency mode: ratios to the plain-fetch floor of the same
 * run, never absolute times, with bounds loose enough for a loaded 2-core machine. The full bench
 * (10,000 vs 10,000, 50 ms) holds transync at default settings to <= 1.15 x the floor.
 */
const LOOSE_BOUND = 2.5;

describe("bench/plan.ts latency mode, short", () => {
  it("transync's plan stays near the plain-fetch floor", { timeout: 180_000 }, async () => {
    // The Terraform-style read (one GET per object) is left to the full bench: it alone would take 10 s here.
    const options = { n: 2000, latencyMs: 50, skipTerraform: true };
    const figures = await measurePlanLatency(options);
    if (process.env.BENCH_FIGURES) console.log(latencyReport(options, figures).join("\n"));
    const ratio = (ms: number): number => ms / figures.floor.ms;
    const expectedCalls = Math.ceil(options.n / 200) + options.n / 100 + 1; // lists + one get per object with FQL properties + one GET /sources
    expect(figures.unlimited.calls).toBe(expectedCalls);
    expect(figures.defaults.calls).toBe(expectedCalls);
    // What a user gets: no --rate, the pace follows the emulator's rate-limit headers.
    expect(ratio(figures.defaults.ms)).toBeLessThanOrEqual(LOOSE_BOUND);
    expect(ratio(figures.unlimited.ms)).toBeLessThanOrEqual(LOOSE_BOUND);
  });

  it(
    "a mass change (a third of the documents changed) costs no more calls than no change, and stays near the floor",
    { timeout: 180_000 },
    async () => {
      const options = { n: 2000, latencyMs: 50, skipTerraform: true, changed: (i: number) => i % 3 === 0 };
      const figures = await measurePlanLatency(options);
      if (process.env.BENCH_FIGURES) console.log(latencyReport(options, figures).join("\n"));
      expect(figures.updates).toBe(667);
      // No get per update (issue 25): the same lists and FQL gets as a plan with no change.
      expect(figures.defaults.calls).toBe(Math.ceil(options.n / 200) + options.n / 100 + 1);
      expect(figures.defaults.ms / figures.floor.ms).toBeLessThanOrEqual(LOOSE_BOUND);
    },
  );
});
