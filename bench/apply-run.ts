/**
 * One run of the apply benchmark, shared by `bench/apply.ts` and its short version in
 * `npm test`: `transync apply` at default settings (no `--rate`, no `--concurrency`) makes N creates,
 * then N updates, against an emulator whose limit of R requests/s transync is not told, then `plan`
 * must show no changes. Figures are ratios measured in the run: calls/s over R, 429s over replies.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RateLimitConfig } from "../src/emulator/types.js";
import { cli } from "./support.js";

export type LimitShape = "window" | "bucket";

/** An emulator at `url` whose workspace answers to `token`; `stop` ends it. */
export type StartEmulator = (
  config: { workspaces: unknown[]; rateLimit: RateLimitConfig },
  dir: string,
) => Promise<{ url: string; stop: () => Promise<void> }>;

export interface ApplyBenchOptions {
  /** The server's limit, requests per second. */
  rate: number;
  /** Fixed one-second windows (as Segment's headers describe) or a token bucket of R. */
  shape: LimitShape;
  /** Wanted length of the run; N = R × seconds / 4 (each object is created and read back, then updated and read back). */
  seconds: number;
  startEmulator: StartEmulator;
}

export interface ApplyBenchResult {
  rate: number;
  shape: LimitShape;
  objects: number;
  calls: number;
  replies: number;
  rejected: number;
  seconds: number;
  /** Calls per second over R. */
  achieved: number;
  /** 429 replies over all replies. */
  rejectedShare: number;
  /** Most calls in flight at once (the pool is 16). */
  peakInFlight: number;
  converged: boolean;
}

interface ApplyJson {
  summary: Record<string, number>;
  api?: { calls?: number; requests?: number; byStatus?: Record<string, number>; throttledMs?: number; peakInFlight?: number };
}

const TOKEN = "bench-token";

function writeDesired(dir: string, n: number, variant: string): void {
  mkdirSync(join(dir, "transformations"), { recursive: true });
  const docs = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      apiVersion: "transync/v1",
      kind: "Transformation",
      name: `Bench ${i}`,
      sourceId: `src_${i % 10}`,
      enabled: true,
      if: `event = '${variant} ${i}'`,
    }),
  );
  writeFileSync(join(dir, "transformations", "bench.yaml"), docs.join("\n---\n"));
}

interface PhaseFigures {
  calls: number;
  /** Every HTTP request the process made, 429s and retries included. */
  requests: number;
  replies: number;
  rejected: number;
  ms: number;
  peakInFlight: number;
}

async function phase(dir: string, env: NodeJS.ProcessEnv, label: string): Promise<PhaseFigures> {
  const start = performance.now();
  const result = await cli(["apply", "--auto-approve", "--format", "json"], env, dir);
  const ms = performance.now() - start;
  if (result.code !== 0) throw new Error(`apply (${label}) failed with exit ${result.code}: ${result.stderr.slice(0, 2000)}`);
  const out = JSON.parse(result.stdout) as ApplyJson;
  const byStatus = out.api?.byStatus ?? {};
  const replies = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return {
    calls: out.api?.calls ?? 0,
    requests: out.api?.requests ?? 0,
    replies,
    rejected: byStatus["429"] ?? 0,
    ms,
    peakInFlight: out.api?.peakInFlight ?? 0,
  };
}

export async function runApplyBench(options: ApplyBenchOptions): Promise<ApplyBenchResult> {
  const { rate, shape } = options;
  const objects = Math.max(5, Math.round((rate * options.seconds) / 4));
  const rateLimit: RateLimitConfig =
    shape === "window" ? { requestsPerSecond: rate, windowSeconds: 1 } : { requestsPerSecond: rate, burst: rate };
  const { creates, updates, converged } = await createThenUpdate(options.startEmulator, rateLimit, objects, "transync-bench-apply-");
  const calls = creates.calls + updates.calls;
  const replies = creates.replies + updates.replies;
  const rejected = creates.rejected + updates.rejected;
  const seconds = (creates.ms + updates.ms) / 1000;
  return {
    rate,
    shape,
    objects,
    calls,
    replies,
    rejected,
    seconds,
    achieved: calls / seconds / rate,
    rejectedShare: rejected / Math.max(1, replies),
    peakInFlight: Math.max(creates.peakInFlight, updates.peakInFlight),
    converged,
  };
}

/**
 * N creates, then N updates of the same objects, against a fresh emulator with `rateLimit`; then
 * `plan --detailed-exitcode` says whether the end state is the desired one.
 */
async function createThenUpdate(
  startEmulator: StartEmulator,
  rateLimit: RateLimitConfig,
  objects: number,
  prefix: string,
): Promise<{ creates: PhaseFigures; updates: PhaseFigures; converged: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const workspaces = [{ id: "ws_bench", slug: "bench", name: "Bench", tokens: [TOKEN], transformations: [] }];
  const emulator = await startEmulator({ workspaces, rateLimit }, dir);
  try {
    const env = { SEGMENT_API_TOKEN: TOKEN, SEGMENT_API_URL: emulator.url };
    writeDesired(dir, objects, "Created");
    // Untimed: loads the CLI's modules once (in-process runs), so the figures measure pacing, not imports.
    await cli(["plan"], env, dir);
    const creates = await phase(dir, env, "creates");
    writeDesired(dir, objects, "Updated");
    const updates = await phase(dir, env, "updates");
    const check = await cli(["plan", "--detailed-exitcode"], env, dir);
    return { creates, updates, converged: check.code === 0 };
  } finally {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line of figures, ratios first. */
export function formatApplyBench(r: ApplyBenchResult): string {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  return `R=${r.rate}/s (${r.shape}): ${pct(r.achieved)} of R, 429 on ${pct(r.rejectedShare)} of replies (${r.rejected}/${r.replies}), end state ${r.converged ? "equals desired" : "DIFFERS"}; ${r.calls} calls in ${r.seconds.toFixed(1)} s, ${r.objects} creates + ${r.objects} updates, at most ${r.peakInFlight} in flight`;
}

export interface MassChangeResult {
  rate: number;
  objects: number;
  creates: PhaseFigures;
  updates: PhaseFigures;
  /** Creates: requests per second over R. */
  createsAchieved: number;
  /** Updates: wall time (the whole process) over (requests made) / R: 1 is the floor the limit sets. */
  updatesOverFloor: number;
  /** Updates: requests per update (the PATCH, and its share of the reads). */
  callsPerUpdate: number;
  /** 429 replies over all replies, both phases. */
  rejectedShare: number;
  converged: boolean;
}

/**
 * The mass change of issue 25 at an untold limit of R requests/s (fixed one-second windows): N
 * creates, then N updates of the same objects, then `plan` must show no changes.
 */
export async function runMassChange(options: { rate: number; objects: number; startEmulator: StartEmulator }): Promise<MassChangeResult> {
  const { rate, objects } = options;
  const { creates, updates, converged } = await createThenUpdate(
    options.startEmulator,
    { requestsPerSecond: rate, windowSeconds: 1 },
    objects,
    "transync-bench-mass-",
  );
  return {
    rate,
    objects,
    creates,
    updates,
    createsAchieved: creates.requests / (creates.ms / 1000) / rate,
    updatesOverFloor: updates.ms / ((updates.requests / rate) * 1000),
    callsPerUpdate: updates.requests / objects,
    rejectedShare: (creates.rejected + updates.rejected) / Math.max(1, creates.replies + updates.replies),
    converged,
  };
}

export function formatMassChange(r: MassChangeResult): string[] {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  return [
    `mass change at an untold limit R=${r.rate}/s (fixed 1 s windows), ${r.objects} objects:`,
    `  creates: ${pct(r.createsAchieved)} of R (${r.creates.requests} requests in ${(r.creates.ms / 1000).toFixed(1)} s)`,
    `  updates: wall time ${(r.updates.ms / 1000).toFixed(1)} s = ${r.updatesOverFloor.toFixed(2)} x (requests made)/R; ${r.callsPerUpdate.toFixed(3)} requests per update (${r.updates.requests} for ${r.objects} updates)`,
    `  429 on ${pct(r.rejectedShare)} of replies; end state ${r.converged ? "equals desired" : "DIFFERS"}`,
  ];
}
