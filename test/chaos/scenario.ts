import { seededRandom } from "../../src/emulator/faults.js";
import { emptyFigures, type Figures, type ScenarioResult } from "./figures.js";
import { Transcript } from "./transcript.js";
import { message } from "./support.js";

/** What a run asks for (`--seed`, `--rounds`, `--full`). */
export interface ChaosOptions {
  seed: number;
  /** Randomized rounds of scenario 1; other scenarios scale from `full`. */
  rounds: number;
  full: boolean;
  /** Emulator `compat.cursors: offset` for the randomized rounds. */
  offsetCursors: boolean;
}

/** Shared by a scenario's steps: figures and findings accumulate here. */
export interface ScenarioContext {
  options: ChaosOptions;
  random: () => number;
  transcript: Transcript;
  figures: Figures;
  failures: string[];
  notes: string[];
}

export interface Scenario {
  name: string;
  run(ctx: ScenarioContext): Promise<void>;
}

/** Runs one scenario with its own seeded random source and transcript; never throws. */
export async function runScenario(scenario: Scenario, options: ChaosOptions, index: number): Promise<ScenarioResult> {
  const ctx: ScenarioContext = {
    options,
    random: seededRandom(options.seed * 1000 + index),
    transcript: new Transcript(),
    figures: emptyFigures(),
    failures: [],
    notes: [],
  };
  const start = performance.now();
  let error: string | undefined;
  try {
    await scenario.run(ctx);
  } catch (e) {
    error = message(e);
  }
  ctx.figures.leaks += ctx.transcript.leaks.length;
  const leaks = [...new Set(ctx.transcript.leaks)];
  const result: ScenarioResult = {
    name: scenario.name,
    figures: ctx.figures,
    failures: ctx.failures,
    leaks,
    notes: ctx.notes,
    ms: performance.now() - start,
  };
  if (error !== undefined) result.error = error;
  return result;
}
