import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Scenario } from "../scenario.js";

/** The interface of `test/chaos/fuzz-emulator.ts` (written on the `emulator` branch). */
export interface FuzzResult {
  requests: number;
  envelopeViolations: number;
  serverErrors: number;
  unlogged?: number;
  examples: string[];
}
type FuzzEmulator = (opts: { seed: number; requests: number; baseUrl?: string }) => Promise<FuzzResult>;

const MODULE = join(import.meta.dirname, "..", "fuzz-emulator.ts");

/** The fuzzer when its module exists, else undefined ("fuzz: not available"). */
export async function loadFuzzer(): Promise<FuzzEmulator | undefined> {
  if (!existsSync(MODULE)) return undefined;
  // A computed specifier: the module is absent on branches without it, so it is not imported statically.
  const specifier = "../fuzz-emulator.js";
  const loaded = (await import(specifier)) as { fuzzEmulator?: FuzzEmulator };
  if (typeof loaded.fuzzEmulator !== "function") throw new Error("test/chaos/fuzz-emulator.ts does not export fuzzEmulator()");
  return loaded.fuzzEmulator;
}

/**
 * Scenario 5: an HTTP fuzz of the emulator (its own emulator on 127.0.0.1). Every reply must carry
 * the `{"errors":[...]}` envelope when it is an error, no 500 and every reply logged.
 */
export const fuzzScenario: Scenario = {
  name: "5 emulator fuzz",
  async run(ctx) {
    const fuzz = await loadFuzzer();
    if (!fuzz) {
      ctx.notes.push("fuzz: not available (test/chaos/fuzz-emulator.ts comes with the emulator branch)");
      return;
    }
    const result = await fuzz({ seed: ctx.options.seed, requests: ctx.options.full ? 24_000 : 2_000 });
    ctx.figures.fuzzRequests += result.requests;
    ctx.figures.envelopeViolations += result.envelopeViolations;
    const problems = result.serverErrors + (result.unlogged ?? 0);
    if (problems > 0) ctx.failures.push(`fuzz: ${result.serverErrors} replies with status 500, ${result.unlogged ?? 0} replies not logged`);
    ctx.notes.push(...result.examples.slice(0, 3).map((e) => `fuzz example: ${e}`));
    ctx.notes.push(`fuzz: ${result.requests} requests, ${result.envelopeViolations} envelope violations, ${result.serverErrors} server errors, ${result.unlogged ?? "?"} unlogged`);
  },
};
