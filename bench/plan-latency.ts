/**
 * The latency mode of bench/plan.ts: N desired vs N live, nothing changed (or `changed(i)`
 * documents differing from their objects: the mass-change case of issue 25), against the emulator (a child process) answering every request after `latencyMs`. One run measures the
 * plain-fetch floor (the list paged one page after another, each page's needed gets sent as it arrives, no limit in
 * flight: the paging plus about one round trip), `transync plan` at default settings (no --rate), the same with `--rate 100000` (no
 * client-side limit at all), and a Terraform-style read (one GET per object, 10 in flight, as a
 * provider refreshing N resources with its default parallelism); with `processRuns`, the headline:
 * the built CLI as its own process, the documents as block YAML, each run beside a floor of its own.
 * Every figure is a ratio to the floor of the same run, so the machine's speed cancels out.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mapConcurrent } from "../src/map-concurrent.js";
import { BENCH_TOKEN, fetchAllPages, fetchOne, hasFql, liveObject, rewriteAsBlockYaml, writeScenario } from "./plan-scenario.js";
import { cli, runBuiltCli, startChildEmulator } from "./support.js";

export interface LatencyOptions {
  n: number;
  latencyMs: number;
  /** Skip the Terraform-style read (N GETs); default false. */
  skipTerraform?: boolean;
  /** Documents that differ from their live object (planned updates); default none. */
  changed?: (i: number) => boolean;
  /**
   * Runs of the built CLI as its own process (support.ts builtCli) after the in-process rows, with the
   * documents rewritten as block YAML, each beside a floor measured just before it; default none.
   */
  processRuns?: number;
  /** Keep one core busy (another process spinning) during the process runs: the second target. */
  busyCore?: boolean;
}

/** One run of the built CLI as a process, and the floor measured just before it. */
export interface ProcessRun {
  ms: number;
  calls: number;
  floorMs: number;
}

export interface LatencyRow {
  label: string;
  ms: number;
  calls: number;
  /** CPU time this process spent (transync runs in process; the emulator is a child): on a loaded machine, what a CPU-bound plan waits for. */
  cpuMs?: number;
}

export interface LatencyFigures {
  /** Updates the plan holds. */
  updates: number;
  floor: LatencyRow;
  /** `transync plan` with no --rate: what a user gets. */
  defaults: LatencyRow;
  /** `transync plan --rate 100000`: no client-side limit. */
  unlimited: LatencyRow;
  terraform?: LatencyRow;
  /** The built CLI as a process, block YAML (`processRuns`): the headline. */
  process?: ProcessRun[];
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await work();
  return [performance.now() - start, value];
}

/**
 * The physical floor (issue 25): the pages one after another, each needed get sent the moment its
 * page arrives, with no limit on how many are in flight; so the paging plus about one round trip.
 */
async function floorRun(url: string, ids: string[]): Promise<LatencyRow> {
  const needed = new Set(ids);
  const [ms, calls] = await timed(async () => {
    const gets: Promise<void>[] = [];
    const lists = await fetchAllPages(url, (page) => {
      for (const id of page) if (needed.has(id)) gets.push(fetchOne(url, id));
    });
    await Promise.all(gets);
    return lists + gets.length;
  });
  return { label: "plain-fetch floor (paging, each page's gets sent as it arrives)", ms, calls };
}

async function transyncRun(url: string, dir: string, args: string[], label: string): Promise<LatencyRow & { updates: number }> {
  const env = { SEGMENT_API_TOKEN: BENCH_TOKEN, SEGMENT_API_URL: url };
  const cpu = process.cpuUsage();
  const [ms, result] = await timed(() => cli(["plan", "--format", "json", ...args], env, dir));
  const used = process.cpuUsage(cpu);
  if (result.code !== 0) throw new Error(`plan ${args.join(" ")} failed: ${result.stderr}`);
  if (process.env.TRANSYNC_LOG_LEVEL) process.stderr.write(result.stderr);
  const plan = JSON.parse(result.stdout) as { apiCalls: number; summary: { update: number } };
  return { label, ms, calls: plan.apiCalls, updates: plan.summary.update, cpuMs: (used.user + used.system) / 1000 };
}

/** Runs every row against one emulator after a warm-up plan; the floor is measured before and after transync, the faster kept. */
export async function measurePlanLatency(options: LatencyOptions): Promise<LatencyFigures> {
  const { n, latencyMs } = options;
  const dir = mkdtempSync(join(tmpdir(), "transync-bench-latency-"));
  try {
    writeScenario(dir, n, options.changed ?? (() => false), latencyMs);
    const emulator = await startChildEmulator(join(dir, "emulator.json"));
    try {
      const url = emulator.url;
      const needed = Array.from({ length: n }, (_, i) => i)
        .filter(hasFql)
        .map((i) => liveObject(i).id);
      // A first plan, not counted: the rows compare steady states, not Node's JIT warming up on 10,000 documents.
      await transyncRun(url, dir, ["--rate", "100000"], "warm-up");
      const firstFloor = await floorRun(url, needed);
      const defaults = await transyncRun(url, dir, [], "transync plan, default settings (no --rate)");
      const unlimited = await transyncRun(url, dir, ["--rate", "100000"], "transync plan --rate 100000 (no client limit)");
      const secondFloor = await floorRun(url, needed);
      const floor = firstFloor.ms <= secondFloor.ms ? firstFloor : secondFloor;
      const updates = defaults.updates;
      const asProcess = options.processRuns
        ? { process: await processRuns(url, dir, needed, options.processRuns, options.busyCore === true) }
        : {};
      if (options.skipTerraform) return { updates, floor, defaults, unlimited, ...asProcess };
      const all = Array.from({ length: n }, (_, i) => liveObject(i).id);
      const [ms] = await timed(() => mapConcurrent(all, 10, (id) => fetchOne(url, id)));
      return {
        updates,
        floor,
        defaults,
        unlimited,
        terraform: { label: "Terraform-style read (one GET per object, 10 in flight)", ms, calls: n },
        ...asProcess,
      };
    } finally {
      await emulator.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The headline (issue 40): `transync plan --format json` as a user runs it, the built CLI in its own
 * process (start-up included) at default settings, the documents written as block YAML (read with
 * js-yaml, not JSON.parse); each run after a floor of its own, so a change in the machine's load
 * between runs moves both.
 */
async function processRuns(url: string, dir: string, needed: string[], runs: number, busyCore: boolean): Promise<ProcessRun[]> {
  rewriteAsBlockYaml(join(dir, "transformations"));
  const env = { SEGMENT_API_TOKEN: BENCH_TOKEN, SEGMENT_API_URL: url };
  const spinner = busyCore ? spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }) : undefined;
  try {
    const measured: ProcessRun[] = [];
    for (let run = 0; run < runs; run++) {
      const floor = await floorRun(url, needed);
      const { ms, stdout } = runBuiltCli(["plan", "--format", "json"], dir, env);
      const plan = JSON.parse(stdout) as { apiCalls: number };
      measured.push({ ms, calls: plan.apiCalls, floorMs: floor.ms });
    }
    return measured;
  } finally {
    spinner?.kill("SIGKILL");
  }
}

/** The median of the process runs' ratios to their floors. */
export function processRatio(runs: readonly ProcessRun[]): number {
  const ratios = runs.map((r) => r.ms / r.floorMs).sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)]!;
}

/** The figures as lines: each row's time, calls and ratio to the floor. */
export function latencyReport(options: LatencyOptions, figures: LatencyFigures): string[] {
  const rows = [figures.floor, figures.defaults, figures.unlimited, ...(figures.terraform ? [figures.terraform] : [])];
  const what = figures.updates > 0 ? `${figures.updates} to update` : "nothing changed";
  const lines = [`plan ${options.n} desired vs ${options.n} live, ${what}, emulator latency ${options.latencyMs} ms per request`];
  for (const row of rows) {
    const cpu = row.cpuMs !== undefined ? `  (CPU ${row.cpuMs.toFixed(0)} ms)` : "";
    const diagnostic = row === figures.defaults || row === figures.unlimited ? ", in process (diagnostic)" : "";
    lines.push(
      `  ${row.label.padEnd(64)} ${row.ms.toFixed(0).padStart(7)} ms  ${String(row.calls).padStart(6)} calls  ${(row.ms / figures.floor.ms).toFixed(2)} x floor${cpu}${diagnostic}`,
    );
  }
  for (const [i, run] of (figures.process ?? []).entries()) {
    const label = `built CLI as a process, block YAML, run ${i + 1} (start-up included)`;
    lines.push(
      `  ${label.padEnd(64)} ${run.ms.toFixed(0).padStart(7)} ms  ${String(run.calls).padStart(6)} calls  ${(run.ms / run.floorMs).toFixed(2)} x its floor (${run.floorMs.toFixed(0)} ms)`,
    );
  }
  return lines;
}
