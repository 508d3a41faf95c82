import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { LyingServer, type LieMode, type LiarObject } from "../liar.js";
import type { Scenario, ScenarioContext } from "../scenario.js";
import { apiEnv, runTransync, spawnTransync, tempDir, type Run } from "../support.js";

const OBJECTS = 400;
/** Peak resident memory a plan may reach (a tsx process starts near 150 MB). */
const MAX_RSS_MB = 350;
/** Requests one plan may send to a lying list (a retry from the start included). */
const MAX_REQUESTS = 50;
const SHORT_MODES: LieMode[] = ["short-read", "cursor-cycle", "cursor-repeat", "duplicate-ids", "garbage-json", "big-pages"];
const FULL_MODES: LieMode[] = [...SHORT_MODES, "huge-reply", "gzip-bomb", "slow-drip"];

/**
 * Scenario 6: `plan` against a server that lies in its list replies. Plan must exit 1, never plan a
 * create for an object that exists, and stay within a time, memory and request bound.
 */
export const lyingServerScenario: Scenario = {
  name: "6 lying server",
  async run(ctx) {
    const token = ctx.transcript.newSecret("token", ctx.options.seed);
    const objects: LiarObject[] = Array.from({ length: OBJECTS }, (_, i) => ({ id: `tf_${String(i).padStart(4, "0")}`, workspaceId: "ws_liar", name: `Liar ${i}`, sourceId: "src_a", enabled: true, if: `event = 'L${i}'` }));
    const folder = tempDir("liar");
    try {
      writeDesired(folder.dir, objects);
      for (const mode of ctx.options.full ? FULL_MODES : SHORT_MODES) await lieOnce(ctx, mode, objects, folder.dir, token);
    } finally {
      folder.cleanup();
    }
  },
};

/** The desired state is exactly what the server really holds: any planned create is a duplicate. */
function writeDesired(dir: string, objects: LiarObject[]): void {
  mkdirSync(join(dir, "transformations"));
  const docs = objects.map((o) => JSON.stringify({ apiVersion: "transync/v1", kind: "Transformation", name: o.name, sourceId: o.sourceId, enabled: o.enabled, if: o.if }));
  writeFileSync(join(dir, "transformations", "all.yaml"), docs.join("\n---\n"));
}

async function lieOnce(ctx: ScenarioContext, mode: LieMode, objects: LiarObject[], dir: string, token: string): Promise<void> {
  const server = new LyingServer(mode, objects);
  const url = await server.start();
  try {
    // 64 MiB of big pages take a while to decode on a loaded machine: they get the full run's bound.
    const boundMs = mode === "slow-drip" ? 40_000 : ctx.options.full || mode === "big-pages" ? 60_000 : 20_000;
    const started = performance.now();
    // Big pages take a while to arrive on a loaded machine: the read must end at its bound, not at a timeout.
    const args = mode === "big-pages" ? [...PLAN_ARGS, "--timeout", "60"] : PLAN_ARGS;
    const { run, rssMb, timedOut } = ctx.options.full ? await planProcess(ctx, args, url, token, dir, boundMs) : await planInProcess(ctx, args, url, token, dir, boundMs);
    const seconds = (performance.now() - started) / 1000;
    ctx.figures.runs += 1;
    ctx.figures.faults += server.lies;
    ctx.figures.operations += server.requests;
    const creates = plannedCreates(run.stdout);
    ctx.figures.duplicates += creates;
    const problems = [
      ...(timedOut ? [`still running after ${boundMs / 1000} s`] : run.code !== 1 ? [`exit ${run.code}, not 1`] : []),
      ...(creates > 0 ? [`planned ${creates} creates of objects that exist`] : []),
      ...(rssMb > MAX_RSS_MB ? [`peak RSS ${rssMb} MB > ${MAX_RSS_MB} MB`] : []),
      ...(server.requests > MAX_REQUESTS ? [`${server.requests} requests > ${MAX_REQUESTS}`] : []),
      ...(mode === "big-pages" && !run.stderr.includes("larger than one read may be") ? ["not stopped by the bound of one read (64 MiB)"] : []),
    ];
    const memory = ctx.options.full ? `, peak RSS ${rssMb} MB` : "";
    const summary = `${mode}: exit ${timedOut ? "(stopped)" : run.code}, ${server.requests} requests, ${seconds.toFixed(1)} s${memory}`;
    if (problems.length > 0) ctx.failures.push(`${mode}: ${problems.join("; ")}`);
    ctx.notes.push(summary);
  } finally {
    await server.close();
  }
}

// --timeout bounds a slow-dripping reply: with 1 retry a plan must give up within about 2 × 10 s.
const PLAN_ARGS = ["plan", "--format", "json", "--rate", "1000", "--max-retries", "1", "--retry-budget", "5", "--timeout", "10"];

interface Bounded {
  run: Run;
  /** Peak RSS in MB; measured for processes only (0 in process). */
  rssMb: number;
  timedOut: boolean;
}

/** The full run: plan as a process, so its memory is its own and a runaway can be SIGKILLed. */
async function planProcess(ctx: ScenarioContext, args: string[], url: string, token: string, dir: string, boundMs: number): Promise<Bounded> {
  const child = spawnTransync(ctx.transcript, args, apiEnv(url, token, dir), dir);
  const peak = watchPeakRss(child.child.pid);
  const timer = setTimeout(() => child.child.kill("SIGKILL"), boundMs);
  const run = await child.done;
  clearTimeout(timer);
  return { run, rssMb: peak.stop(), timedOut: run.signal === "SIGKILL" };
}

/** The short run: plan in process (no process start-up), interrupted at the bound. */
async function planInProcess(ctx: ScenarioContext, args: string[], url: string, token: string, dir: string, boundMs: number): Promise<Bounded> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), boundMs);
  const run = await runTransync(ctx.transcript, args, apiEnv(url, token, dir), dir, controller.signal);
  clearTimeout(timer);
  return { run, rssMb: 0, timedOut: controller.signal.aborted };
}

function plannedCreates(stdout: string): number {
  try {
    const plan = JSON.parse(stdout) as { actions?: Array<{ kind?: string }> };
    return (plan.actions ?? []).filter((a) => a.kind === "create").length;
  } catch {
    return 0;
  }
}

/** Polls the peak resident set (VmHWM, Linux) of a process until stopped; 0 where /proc is absent. */
function watchPeakRss(pid: number | undefined): { stop: () => number } {
  let peakKb = 0;
  const read = () => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) peakKb = Math.max(peakKb, Number(match[1]));
    } catch {
      // the process has exited; keep the last value
    }
  };
  const timer = setInterval(read, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(peakKb / 1024);
    },
  };
}
