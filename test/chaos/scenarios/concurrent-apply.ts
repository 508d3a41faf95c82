import { join } from "node:path";
import { DesiredRepo } from "../desired-repo.js";
import type { Scenario, ScenarioContext } from "../scenario.js";
import { apiEnv, runTransync, spawnTransync, startChaosEmulator, tempDir, WORKSPACE } from "../support.js";

const APPLY_FLAGS = ["--auto-approve", "--rate", "10", "--max-deletes", "100000"];

/**
 * Scenario 3: two `transync apply` processes at once on one workspace, alternately planning
 * themselves and applying saved plans. Either may refuse (a lock), but the workspace must never hold
 * two objects of one (name, sourceId), and one more apply converges.
 */
export const concurrentApplyScenario: Scenario = {
  name: "3 two applies at once",
  async run(ctx) {
    const trials = ctx.options.full ? 4 : 1;
    for (let trial = 1; trial <= trials; trial++) await oneTrial(ctx, trial, trial % 2 === 0);
  },
};

async function oneTrial(ctx: ScenarioContext, trial: number, savedPlans: boolean): Promise<void> {
  const token = ctx.transcript.newSecret("token", ctx.options.seed);
  const emulator = await startChaosEmulator(ctx.transcript, { token });
  const folder = tempDir("concurrent");
  const cache = tempDir("concurrent-cache");
  try {
    const repo = new DesiredRepo(folder.dir, ctx.random, "unused-hash-key");
    ctx.figures.operations += repo.createMany(ctx.options.full ? 60 : 40);
    repo.commit(`trial ${trial}`);
    // One cache folder for both, as two jobs on one machine share it (the lock lives there).
    const env = apiEnv(emulator.url, token, cache.dir);
    const args = savedPlans
      ? await savedPlanArgs(ctx, repo.dir, env)
      : [
          ["apply", ...APPLY_FLAGS],
          ["apply", ...APPLY_FLAGS],
        ];
    const runs = await Promise.all(args.map((a) => spawnTransync(ctx.transcript, a, env, repo.dir).done));
    ctx.figures.runs += runs.length;
    const both = repo.compare(emulator.transformations(WORKSPACE));
    const again = await runTransync(ctx.transcript, ["apply", ...APPLY_FLAGS], env, repo.dir);
    ctx.figures.runs += 1;
    const end = repo.compare(emulator.transformations(WORKSPACE));
    ctx.figures.duplicates += Math.max(both.duplicates, end.duplicates);
    ctx.figures.lost += end.missing.length;
    ctx.figures.operations += emulator.stats().requests;
    const kind = savedPlans ? "saved plans" : "plan and apply";
    ctx.notes.push(
      `trial ${trial} (${kind}): exit codes ${runs.map((r) => r.code).join(" and ")}, ${both.duplicates} duplicates after both`,
    );
    if (!end.converged)
      ctx.failures.push(
        `trial ${trial} (${kind}): one more apply (exit ${again.code}) did not converge (duplicates ${end.duplicates}, missing ${end.missing.length})`,
      );
  } finally {
    await emulator.close();
    folder.cleanup();
    cache.cleanup();
  }
}

/** Both plans are saved before either apply starts, as two CI jobs of one commit would. */
async function savedPlanArgs(ctx: ScenarioContext, dir: string, env: NodeJS.ProcessEnv): Promise<string[][]> {
  const files = [join(dir, "plan-a.json"), join(dir, "plan-b.json")];
  for (const file of files) {
    const plan = await runTransync(ctx.transcript, ["plan", "--out", file, "--rate", "200"], env, dir);
    ctx.figures.runs += 1;
    if (plan.code !== 0 && plan.code !== 2) throw new Error(`plan --out failed (exit ${plan.code}): ${plan.stderr.slice(0, 200)}`);
  }
  return files.map((file) => ["apply", file, ...APPLY_FLAGS]);
}
