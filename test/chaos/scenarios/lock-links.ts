import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DesiredRepo } from "../desired-repo.js";
import type { Scenario, ScenarioContext } from "../scenario.js";
import { apiEnv, runTransync, spawnTransync, startChaosEmulator, tempDir, WORKSPACE } from "../support.js";
import { manualRenewals } from "../../helpers/manual-renewals.js";
import { acquireWorkspaceLock } from "../../../src/lock/lock.js";
import { checkOtherHost, firstLine, OTHER_HOST_ARGS, otherHostEnv } from "./clock-skew.js";

const APPLY = ["apply", "--auto-approve", "--rate", "50", "--max-deletes", "100000"];
const PRECIOUS = "a file the lock folder's links point to; transync must never write it\n";

/** Names beside `lock` a planter can guess: fixed suffixes, and pid-based ones for each pid given. */
function guessableNames(lock: string, pids: number[]): string[] {
  const fixed = ["renew", "new", "tmp", "old", "clock", "probe", "lock"].map((suffix) => `${lock}.${suffix}`);
  return [...fixed, ...pids.flatMap((pid) => ["renew", "new", "tmp", "clock"].map((suffix) => `${lock}.${pid}.${suffix}`))];
}

/**
 * Symbolic links to a precious file are planted in the shared lock folder at every name a planter can
 * guess (pid-based names for each run's pid, planted as it starts). The lock is held and renewed (in
 * this process, with a 3 s lifetime: apply renews every 200 s) while another host contends, then two
 * applies on two hosts (the second's clock 11 minutes off) run at once. The precious file must be
 * untouched, every link still in place, and the workspace without duplicates.
 */
export const lockLinksScenario: Scenario = {
  name: "links in the lock folder",
  async run(ctx) {
    const broken = checkOtherHost("chaos-host-b", 11 * 60_000);
    if (broken) throw new Error(broken);
    const trials = ctx.options.full ? 3 : 1;
    for (let trial = 1; trial <= trials; trial++) await oneTrial(ctx, trial);
  },
};

async function oneTrial(ctx: ScenarioContext, trial: number): Promise<void> {
  const token = ctx.transcript.newSecret("token", ctx.options.seed);
  const emulator = await startChaosEmulator(ctx.transcript, { token });
  const folder = tempDir("links");
  const cache = tempDir("links-cache");
  try {
    const locks = join(cache.dir, "locks");
    mkdirSync(locks, { recursive: true });
    const lock = join(locks, `${WORKSPACE}.lock`);
    const precious = join(cache.dir, "precious.txt");
    writeFileSync(precious, PRECIOUS);
    const planted = new Set<string>();
    const plant = (pids: number[]) =>
      guessableNames(lock, pids)
        .filter((name) => !planted.has(name))
        .forEach((name) => (symlinkSync(precious, name), planted.add(name)));
    plant([process.pid]);
    await holdAndRenew(locks, ctx);
    const repo = new DesiredRepo(folder.dir, ctx.random, "unused-hash-key");
    ctx.figures.operations += repo.createMany(30);
    repo.commit(`trial ${trial}`);
    const env = apiEnv(emulator.url, token, cache.dir);
    const skewMs = (ctx.random() < 0.5 ? 1 : -1) * 11 * 60_000;
    const a = spawnTransync(ctx.transcript, APPLY, env, repo.dir);
    const b = spawnTransync(ctx.transcript, APPLY, otherHostEnv(env, "chaos-host-b", skewMs), repo.dir, OTHER_HOST_ARGS);
    plant([a.child.pid ?? 0, b.child.pid ?? 0]); // before either reaches the lock: starting takes seconds
    const runs = await Promise.all([a.done, b.done]);
    const again = await runTransync(ctx.transcript, APPLY, env, repo.dir);
    ctx.figures.runs += 3;
    const end = repo.compare(emulator.transformations(WORKSPACE));
    ctx.figures.duplicates += end.duplicates;
    ctx.figures.lost += end.missing.length;
    ctx.figures.operations += emulator.stats().requests;
    const followed = checkLinks(precious, planted, locks);
    ctx.notes.push(
      `trial ${trial}: ${planted.size} links planted, ${followed.length} problems; applies exit ${runs.map((r) => r.code).join(" and ")}, ${end.duplicates} duplicates`,
    );
    ctx.failures.push(...followed.map((problem) => `trial ${trial}: ${problem}`));
    if (!end.converged) ctx.failures.push(`trial ${trial}: one more apply (exit ${again.code}) did not converge: ${firstLine(again)}`);
  } finally {
    await emulator.close();
    folder.cleanup();
    cache.cleanup();
  }
}

/** The lock held with a 3 s lifetime through two renewals (fired here, not waited for), while a host with a clock 11 minutes ahead contends. */
async function holdAndRenew(dir: string, ctx: ScenarioContext): Promise<void> {
  const renewals = manualRenewals();
  const held = await acquireWorkspaceLock({ dir, workspaceId: WORKSPACE, command: "apply", ttlMs: 3000, renewals: renewals.timer });
  try {
    await renewals.fire();
    const contender = { host: "chaos-host-b", pid: 4242, now: () => Date.now() + 11 * 60_000 };
    const taken = await acquireWorkspaceLock({ dir, workspaceId: WORKSPACE, command: "apply", owner: contender }).then(
      () => true,
      () => false,
    );
    if (taken) ctx.failures.push("a host whose clock is 11 minutes ahead took a live, renewed lock");
    await renewals.fire();
  } finally {
    await held.release();
  }
}

/** What went wrong with the planted links: the precious file written, a link gone or changed, files left behind. */
function checkLinks(precious: string, planted: Set<string>, locks: string): string[] {
  const problems: string[] = [];
  if (readFileSync(precious, "utf8") !== PRECIOUS) problems.push("the file the planted links point to was written through a link");
  for (const name of planted) {
    const link = lstatSync(name, { throwIfNoEntry: false });
    if (!link?.isSymbolicLink() || readlinkSync(name) !== precious) problems.push(`the planted link ${name} was replaced or removed`);
  }
  const left = readdirSync(locks).filter((name) => !planted.has(join(locks, name)));
  if (left.length > 0) problems.push(`files left in the lock folder: ${left.join(", ")}`);
  return problems;
}
