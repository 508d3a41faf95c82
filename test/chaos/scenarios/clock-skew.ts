import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DesiredRepo } from "../desired-repo.js";
import type { Scenario, ScenarioContext } from "../scenario.js";
import { apiEnv, ROOT, runTransync, spawnTransync, startChaosEmulator, tempDir, waitFor, WORKSPACE, type Run } from "../support.js";

const MINUTE = 60_000;
const APPLY = ["apply", "--auto-approve", "--max-deletes", "100000"];
/** Node flags that make a transync process another host (test/chaos/other-host.mjs). */
export const OTHER_HOST_ARGS = ["--import", pathToFileURL(join(ROOT, "test", "chaos", "other-host.mjs")).href];

/** The environment of a run as host `name` whose clock is `skewMs` off (with OTHER_HOST_ARGS). */
export function otherHostEnv(env: NodeJS.ProcessEnv, name: string, skewMs: number): NodeJS.ProcessEnv {
  return { ...env, CHAOS_HOSTNAME: name, CHAOS_CLOCK_SKEW_MS: String(skewMs) };
}

/** Checks that the preload really changes what a process sees, so a pass is not a pass by accident. */
export function checkOtherHost(name: string, skewMs: number): string | undefined {
  const script = 'import { hostname } from "node:os"; process.stdout.write(JSON.stringify([hostname(), Date.now()]));';
  const out = spawnSync(process.execPath, [...OTHER_HOST_ARGS, "--input-type=module", "-e", script], {
    env: otherHostEnv({ PATH: process.env.PATH }, name, skewMs),
    encoding: "utf8",
  });
  const [host, now] = JSON.parse(out.stdout || "[]") as [string?, number?];
  if (host !== name || now === undefined || Math.abs(now - Date.now() - skewMs) > MINUTE)
    return `the other-host preload did not take (${out.stdout || out.stderr})`;
  return undefined;
}

/**
 * Two hosts share one lock folder; the second's clock is off (full: +11 min, -11 min, +1 day, -1 day).
 * Host A's apply takes the lock and is paused (SIGSTOP) mid-writes; host B's apply runs meanwhile and
 * must be refused by the lock whatever its clock says. Then A resumes; one more apply converges.
 */
export const clockSkewScenario: Scenario = {
  name: "clock skew, two hosts",
  async run(ctx) {
    const skews = ctx.options.full ? [11 * MINUTE, -11 * MINUTE, 24 * 60 * MINUTE, -24 * 60 * MINUTE] : [11 * MINUTE];
    const broken = checkOtherHost("chaos-host-b", skews[0]!);
    if (broken) throw new Error(broken);
    for (const [index, skewMs] of skews.entries()) await oneTrial(ctx, index + 1, skewMs);
  },
};

async function oneTrial(ctx: ScenarioContext, trial: number, skewMs: number): Promise<void> {
  const token = ctx.transcript.newSecret("token", ctx.options.seed);
  const emulator = await startChaosEmulator(ctx.transcript, { token });
  const folder = tempDir("skew");
  const cache = tempDir("skew-cache");
  try {
    const repo = new DesiredRepo(folder.dir, ctx.random, "unused-hash-key");
    ctx.figures.operations += repo.createMany(30);
    repo.commit(`trial ${trial}`);
    const env = apiEnv(emulator.url, token, cache.dir);
    const lock = join(cache.dir, "locks", `${WORKSPACE}.lock`);
    // Host A writes one create at a time, slowly, so it is paused while it holds the lock.
    const a = spawnTransync(ctx.transcript, [...APPLY, "--rate", "5", "--concurrency", "1"], env, repo.dir);
    let aExited = false;
    void a.done.then(() => (aExited = true));
    await waitFor(() => aExited || (existsSync(lock) && (emulator.stats().byRoute["POST /transformations"] ?? 0) >= 1), 120_000);
    if (aExited) throw new Error(`host A's apply ended before it could be paused: ${firstLine(await a.done)}`);
    a.child.kill("SIGSTOP");
    let b: Run;
    try {
      b = await spawnTransync(
        ctx.transcript,
        [...APPLY, "--rate", "200"],
        otherHostEnv(env, "chaos-host-b", skewMs),
        repo.dir,
        OTHER_HOST_ARGS,
      ).done;
    } finally {
      a.child.kill("SIGCONT");
    }
    const aRun = await a.done;
    ctx.figures.runs += 2;
    const both = repo.compare(emulator.transformations(WORKSPACE));
    const again = await runTransync(ctx.transcript, [...APPLY, "--rate", "200"], env, repo.dir);
    ctx.figures.runs += 1;
    const end = repo.compare(emulator.transformations(WORKSPACE));
    ctx.figures.duplicates += Math.max(both.duplicates, end.duplicates);
    ctx.figures.lost += end.missing.length;
    ctx.figures.operations += emulator.stats().requests;
    const refused = b.code === 1 && /is locked by apply/.test(b.stderr);
    const skew = `${skewMs > 0 ? "+" : ""}${skewMs / MINUTE} min`;
    ctx.notes.push(
      `trial ${trial} (host B's clock ${skew}): A exit ${aRun.code}, B exit ${b.code}${refused ? " (refused: locked)" : ""}, ${both.duplicates} duplicates`,
    );
    if (!refused)
      ctx.failures.push(`trial ${trial} (clock ${skew}): host B was not refused by host A's live lock (exit ${b.code}): ${firstLine(b)}`);
    if (aRun.code !== 0) ctx.failures.push(`trial ${trial}: host A's apply exit ${aRun.code}: ${firstLine(aRun)}`);
    if (!end.converged)
      ctx.failures.push(
        `trial ${trial}: one more apply (exit ${again.code}) did not converge (duplicates ${end.duplicates}, missing ${end.missing.length})`,
      );
  } finally {
    await emulator.close();
    folder.cleanup();
    cache.cleanup();
  }
}

export function firstLine(run: Run): string {
  return (run.stderr.split("\n").find((line) => line.trim() !== "") ?? "").slice(0, 300);
}
