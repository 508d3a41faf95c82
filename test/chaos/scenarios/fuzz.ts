import { fuzzEmulator } from "../fuzz-emulator.js";
import type { Scenario } from "../scenario.js";

/**
 * Scenario 5: an HTTP fuzz of the emulator (its own emulator on 127.0.0.1). Every reply must carry
 * the `{"errors":[...]}` envelope when it is an error, no 500 and every reply logged.
 */
export const fuzzScenario: Scenario = {
  name: "5 emulator fuzz",
  async run(ctx) {
    const result = await fuzzEmulator({ seed: ctx.options.seed, requests: ctx.options.full ? 24_000 : 2_000 });
    ctx.figures.fuzzRequests += result.requests;
    ctx.figures.envelopeViolations += result.envelopeViolations;
    const problems = result.serverErrors + (result.unlogged ?? 0);
    if (problems > 0) ctx.failures.push(`fuzz: ${result.serverErrors} replies with status 500, ${result.unlogged ?? 0} replies not logged`);
    ctx.notes.push(...result.examples.slice(0, 3).map((e) => `fuzz example: ${e}`));
    ctx.notes.push(
      `fuzz: ${result.requests} requests, ${result.envelopeViolations} envelope violations, ${result.serverErrors} server errors, ${result.unlogged ?? "?"} unlogged`,
    );
  },
};
