import { DesiredRepo } from "../desired-repo.js";
import type { Scenario, ScenarioContext } from "../scenario.js";
import { apiEnv, pick, runTransync, spawnTransync, startChaosEmulator, tempDir, waitFor, WORKSPACE } from "../support.js";
import type { RunningEmulator } from "../../../src/emulator/index.js";

/**
 * Scenario 2: `transync apply` (a real process) is killed with SIGKILL at a random point of its
 * writes; `apply` again must converge with 0 duplicates and nothing lost.
 */
export const killApplyScenario: Scenario = {
  name: "2 SIGKILL of apply",
  async run(ctx) {
    const token = ctx.transcript.newSecret("token", ctx.options.seed);
    const hashKey = ctx.transcript.newSecret("hash", ctx.options.seed);
    const emulator = await startChaosEmulator(ctx.transcript, { token });
    const folder = tempDir("kill-apply");
    const cache = tempDir("kill-apply-cache");
    try {
      const repo = new DesiredRepo(folder.dir, ctx.random, hashKey);
      const env = apiEnv(emulator.url, token, cache.dir);
      const trials = ctx.options.full ? 12 : 2;
      for (let trial = 1; trial <= trials; trial++) {
        ctx.figures.operations += trial === 1 ? repo.createMany(ctx.options.full ? 50 : 30) : repo.edit(ctx.options.full ? 30 : 15);
        repo.commit(`trial ${trial}`);
        await killThenApply(ctx, { emulator, repo, env, trial });
      }
      ctx.figures.operations += emulator.stats().requests;
    } finally {
      await emulator.close();
      folder.cleanup();
      cache.cleanup();
    }
  },
};

interface Trial {
  emulator: RunningEmulator;
  repo: DesiredRepo;
  env: NodeJS.ProcessEnv;
  trial: number;
}

async function killThenApply(ctx: ScenarioContext, t: Trial): Promise<void> {
  const before = t.emulator.stats().byRoute;
  const writesBefore = writeCount(before);
  // A random point among the writes this apply will make (at least one, so the kill lands mid-apply).
  const killAfter = 1 + pick(ctx.random, 12);
  const child = spawnTransync(ctx.transcript, ["apply", "--auto-approve", "--rate", "20", "--max-deletes", "100000"], t.env, t.repo.dir);
  let exited = false;
  void child.done.then(() => (exited = true));
  await waitFor(() => exited || writeCount(t.emulator.stats().byRoute) - writesBefore >= killAfter, 60_000);
  child.child.kill("SIGKILL");
  const killed = await child.done;
  ctx.figures.runs += 1;
  if (killed.signal === "SIGKILL") ctx.figures.faults += 1;
  else ctx.notes.push(`trial ${t.trial}: apply finished (exit ${killed.code}) before the kill`);
  const after = await applyUntilConverged(ctx, t);
  ctx.figures.duplicates += after.duplicates;
  ctx.figures.lost += after.missing.length;
  if (!after.converged)
    ctx.failures.push(
      `trial ${t.trial}: not converged after the kill (missing ${after.missing.length}, drifted ${after.drifted.length}, extra ${after.extra.length}, duplicates ${after.duplicates}): ${after.lastError}`,
    );
}

async function applyUntilConverged(ctx: ScenarioContext, t: Trial) {
  let lastError = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const run = await runTransync(
      ctx.transcript,
      ["apply", "--auto-approve", "--rate", "200", "--max-deletes", "100000"],
      t.env,
      t.repo.dir,
    );
    ctx.figures.runs += 1;
    if (run.code !== 0)
      lastError = `apply again exit ${run.code}: ${run.stderr.split("\n").find((l) => l.trim() !== "") ?? ""}`.slice(0, 300);
    const comparison = t.repo.compare(t.emulator.transformations(WORKSPACE));
    if (comparison.converged || comparison.duplicates > 0) return { ...comparison, lastError };
  }
  return { ...t.repo.compare(t.emulator.transformations(WORKSPACE)), lastError };
}

/** Creates, updates and deletes the emulator has answered (its per-route counters). */
function writeCount(byRoute: Record<string, number>): number {
  return Object.entries(byRoute)
    .filter(([route]) => /^(POST|PATCH|DELETE) /.test(route))
    .reduce((sum, [, n]) => sum + n, 0);
}
