import { seededRandom } from "../../../src/emulator/faults.js";
import type { RunningEmulator } from "../../../src/emulator/index.js";
import { DesiredRepo, SOURCES } from "../desired-repo.js";
import { HandClient } from "../hand-client.js";
import type { Scenario, ScenarioContext } from "../scenario.js";
import { apiEnv, pick, runTransync, sleep, startChaosEmulator, tempDir, WORKSPACE } from "../support.js";

/** Applies per round before a round counts as "did not converge". */
const MAX_APPLIES = 8;
const APPLY_ARGS = ["apply", "--auto-approve", "--format", "json", "--rate", "200", "--max-deletes", "100000"];

/**
 * Scenario 1: rounds of random desired edits (a git repo) while a second client edits live state over
 * HTTP, under injected 429/500/503, dropped replies and latency; apply until converged, then check
 * end state == desired, no duplicate (name, sourceId) pairs and nothing lost.
 */
export const roundsScenario: Scenario = {
  name: "1 randomized rounds",
  async run(ctx) {
    const token = ctx.transcript.newSecret("token", ctx.options.seed);
    const hashKey = ctx.transcript.newSecret("hash", ctx.options.seed);
    // 429 and 503 carry Retry-After: 1 (a one-second wait each), so the short run keeps them rare.
    const rate = ctx.options.full ? 0.05 : 0.01;
    const faults = {
      seed: ctx.options.seed,
      rate429: rate,
      rate503: rate,
      rate500: 2 * rate,
      dropResponseAfterWrite: 3 * rate,
      latencyMs: ctx.options.full ? 3 : 1,
    };
    const emulator = await startChaosEmulator(ctx.transcript, { token, faults, offsetCursors: ctx.options.offsetCursors });
    const folder = tempDir("rounds");
    const cache = tempDir("rounds-cache");
    try {
      const repo = new DesiredRepo(folder.dir, ctx.random, hashKey);
      const hand = new HandClient(emulator.url, token);
      const handRandom = seededRandom(ctx.options.seed + 0x5eed);
      for (let round = 1; round <= ctx.options.rounds; round++)
        await oneRound(ctx, { handRandom, emulator, repo, hand, token, cacheDir: cache.dir, round });
      const stats = emulator.stats();
      ctx.figures.operations += stats.requests;
      ctx.figures.faults += ["429", "500", "503", "dropped"].reduce((sum, key) => sum + (stats.byStatus[key] ?? 0), 0);
      ctx.figures.envelopeViolations += hand.envelopeViolations.length;
      ctx.failures.push(...hand.envelopeViolations.slice(0, 3).map((v) => `no envelope: ${v}`));
      ctx.notes.push(`${repo.docs.size} desired documents at the end; cursors: ${ctx.options.offsetCursors ? "offset" : "sequence"}`);
    } finally {
      await emulator.close();
      folder.cleanup();
      cache.cleanup();
    }
  },
};

interface Round {
  /** The hand edits' own random source: how many they make depends on timing, the desired edits must not. */
  handRandom: () => number;
  emulator: RunningEmulator;
  repo: DesiredRepo;
  hand: HandClient;
  token: string;
  cacheDir: string;
  round: number;
}

async function oneRound(ctx: ScenarioContext, r: Round): Promise<void> {
  ctx.figures.rounds += 1;
  ctx.figures.operations += r.repo.edit(1 + pick(ctx.random, ctx.options.full ? 12 : 6));
  r.repo.commit(`round ${r.round}`);
  const env = apiEnv(r.emulator.url, r.token, r.cacheDir);
  await reviewPlans(ctx, r, env);
  let worstDuplicates = 0;
  let converged = false;
  for (let attempt = 1; attempt <= MAX_APPLIES && !converged; attempt++) {
    // The second client edits live state only while the first apply of the round runs.
    const handEdits = attempt === 1 ? editLive(ctx, r) : undefined;
    const run = await runTransync(ctx.transcript, APPLY_ARGS, env, r.repo.dir);
    await handEdits?.stop();
    ctx.figures.runs += 1;
    ctx.figures.retries += retriesOf(run.stdout);
    const comparison = r.repo.compare(r.emulator.transformations(WORKSPACE));
    worstDuplicates = Math.max(worstDuplicates, comparison.duplicates);
    converged = comparison.converged;
  }
  ctx.figures.duplicates += worstDuplicates;
  const end = r.repo.compare(r.emulator.transformations(WORKSPACE));
  ctx.figures.lost += end.missing.length;
  if (!end.converged)
    ctx.failures.push(
      `round ${r.round}: not converged after ${MAX_APPLIES} applies (missing ${end.missing.length}, drifted ${end.drifted.length}, extra ${end.extra.length}, duplicates ${end.duplicates})`,
    );
  else await planIsClean(ctx, r, env);
}

/** After convergence, `plan --detailed-exitcode` (text: the format a person reads) must say no changes. */
async function planIsClean(ctx: ScenarioContext, r: Round, env: NodeJS.ProcessEnv): Promise<void> {
  for (let attempt = 1; attempt <= 4; attempt++) {
    const plan = await runTransync(ctx.transcript, ["plan", "--detailed-exitcode", "--rate", "200"], env, r.repo.dir);
    ctx.figures.runs += 1;
    if (plan.code === 0) return;
    if (plan.code === 2) {
      ctx.failures.push(`round ${r.round}: live state equals desired but plan shows changes`);
      return;
    }
  }
  ctx.failures.push(`round ${r.round}: plan failed 4 times in a row after convergence`);
}

/** What a reviewer reads before the apply: the text plan and the pull-request Markdown (scanned for leaks). */
async function reviewPlans(ctx: ScenarioContext, r: Round, env: NodeJS.ProcessEnv): Promise<void> {
  for (const format of ["text", "markdown"]) {
    await runTransync(ctx.transcript, ["plan", "--format", format, "--rate", "200"], env, r.repo.dir);
    ctx.figures.runs += 1;
  }
}

/** Hand edits every few milliseconds until stopped: drift, deletes, and unmanaged creates (which prune removes). */
function editLive(ctx: ScenarioContext, r: Round): { stop: () => Promise<void> } {
  let running = true;
  let handCount = 0;
  const loop = (async () => {
    while (running) {
      await sleep(10 + pick(r.handRandom, 40));
      const live = r.emulator.transformations(WORKSPACE);
      const target = live.length > 0 ? live[pick(r.handRandom, live.length)] : undefined;
      const roll = r.handRandom();
      ctx.figures.operations += 1;
      if (!target || roll < 0.3)
        await r.hand.call("POST", "/transformations", {
          name: `Hand ${r.round}.${++handCount}`,
          sourceId: SOURCES[0],
          enabled: true,
          if: "event = 'Hand'",
        });
      else if (roll < 0.5) await r.hand.call("DELETE", `/transformations/${encodeURIComponent(target.id)}`);
      else if (roll < 0.75) await r.hand.call("PATCH", `/transformations/${encodeURIComponent(target.id)}`, { enabled: !target.enabled });
      else await r.hand.call("PATCH", `/transformations/${encodeURIComponent(target.id)}`, { if: "event = 'Changed by hand'" });
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

function retriesOf(stdout: string): number {
  try {
    const parsed = JSON.parse(stdout) as { api?: { retries?: number | null } };
    return parsed.api?.retries ?? 0;
  } catch {
    return 0;
  }
}
