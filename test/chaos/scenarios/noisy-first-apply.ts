import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { acceleratedClock } from "../../helpers/fast-clock.js";
import type { Scenario, ScenarioContext } from "../scenario.js";
import { apiEnv, countDuplicates, runTransync, startChaosEmulator, tempDir, WORKSPACE } from "../support.js";

const CREATES = 40;
/** The client's clock runs this much faster than real time: the emulator's `Retry-After: 1` is a 50 ms wait. */
const CLOCK_FACTOR = 20;

/**
 * A first apply of 40 creates against a noisy server (`faults: { rate429: 0.3, rate5xx: 0.1 }`; rate5xx is rate503,
 * offset cursors), once per seed: it must converge on at least 19 of 20 seeds (every seed in the
 * short run), and never duplicate. A create whose reply was a 5xx is looked up and, proven absent,
 * created again within the retry policy; 429s are retried within their time budget.
 */
export const noisyFirstApplyScenario: Scenario = {
  name: "noisy first apply",
  async run(ctx) {
    const seeds = ctx.options.full ? 20 : 2;
    let converged = 0;
    for (let i = 0; i < seeds; i++) if (await firstApply(ctx, ctx.options.seed * 100 + i)) converged += 1;
    const needed = seeds - Math.floor(seeds / 20);
    ctx.notes.push(`converged on ${converged} of ${seeds} seeds (at least ${needed} needed)`);
    if (converged < needed) ctx.failures.push(`a first apply converged on ${converged} of ${seeds} seeds, fewer than ${needed}`);
  },
};

async function firstApply(ctx: ScenarioContext, seed: number): Promise<boolean> {
  const token = ctx.transcript.newSecret("token", ctx.options.seed);
  const emulator = await startChaosEmulator(ctx.transcript, { token, faults: { seed, rate429: 0.3, rate503: 0.1 }, offsetCursors: true });
  const folder = tempDir("noisy");
  try {
    mkdirSync(join(folder.dir, "transformations"));
    const docs = Array.from({ length: CREATES }, (_, i) =>
      JSON.stringify({
        apiVersion: "transync/v1",
        kind: "Transformation",
        name: `Noisy ${i}`,
        sourceId: "src_noisy",
        enabled: true,
        if: `event = 'N${i}'`,
      }),
    );
    writeFileSync(join(folder.dir, "transformations", "all.yaml"), docs.join("\n---\n"));
    const args = ["apply", "--auto-approve", "--format", "json"];
    const run = await runTransync(
      ctx.transcript,
      args,
      apiEnv(emulator.url, token, folder.dir),
      folder.dir,
      undefined,
      acceleratedClock(CLOCK_FACTOR, seed),
    );
    ctx.figures.runs += 1;
    ctx.figures.retries += retriesOf(run.stdout);
    const stats = emulator.stats();
    ctx.figures.operations += stats.requests;
    ctx.figures.faults += ["429", "500", "503"].reduce((sum, key) => sum + (stats.byStatus[key] ?? 0), 0);
    const stored = emulator.transformations(WORKSPACE);
    ctx.figures.duplicates += countDuplicates(stored);
    const ok = run.code === 0 && new Set(stored.map((t) => t.name)).size === CREATES;
    if (!ok)
      ctx.notes.push(
        `seed ${seed}: exit ${run.code}, ${stored.length} objects: ${run.stderr.split("\n").filter(Boolean).slice(-2).join(" | ").slice(0, 400)}`,
      );
    return ok;
  } finally {
    await emulator.close();
    folder.cleanup();
  }
}

function retriesOf(stdout: string): number {
  try {
    return (JSON.parse(stdout) as { api?: { retries?: number } }).api?.retries ?? 0;
  } catch {
    return 0;
  }
}
