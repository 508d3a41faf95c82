import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { cursorAt, offsetOfCursor } from "../../helpers/scripted-api-store.js";
import { ScriptedApi, type Reply } from "../../helpers/scripted-api.js";
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
    const objects: LiarObject[] = Array.from({ length: OBJECTS }, (_, i) => ({
      id: `tf_${String(i).padStart(4, "0")}`,
      workspaceId: "ws_liar",
      name: `Liar ${i}`,
      sourceId: "src_a",
      enabled: true,
      if: `event = 'L${i}'`,
    }));
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
  const docs = objects.map((o) =>
    JSON.stringify({ apiVersion: "transync/v1", kind: "Transformation", name: o.name, sourceId: o.sourceId, enabled: o.enabled, if: o.if }),
  );
  writeFileSync(join(dir, "transformations", "all.yaml"), docs.join("\n---\n"));
}

async function lieOnce(ctx: ScenarioContext, mode: LieMode, objects: LiarObject[], dir: string, token: string): Promise<void> {
  const server = lyingApi(mode, objects);
  const url = await server.start();
  const lies = () => server.count("GET", "/transformations");
  try {
    // The full run holds the time bounds (a process, SIGKILLed at its bound). The short run, in npm test
    // on machines of any load, only stops a hang: its bound is no promise, the answer is (exit 1, no create).
    const boundMs = !ctx.options.full ? SHORT_RUN_HANG_MS : mode === "slow-drip" ? 40_000 : 60_000;
    const started = performance.now();
    // Big pages take a while to arrive on a loaded machine: the read must end at its bound, not at a timeout.
    const args = mode === "big-pages" ? [...PLAN_ARGS, "--timeout", "60"] : PLAN_ARGS;
    const { run, rssMb, timedOut } = ctx.options.full
      ? await planProcess(ctx, args, url, token, dir, boundMs)
      : await planInProcess(ctx, args, url, token, dir, boundMs);
    const seconds = (performance.now() - started) / 1000;
    ctx.figures.runs += 1;
    ctx.figures.faults += lies();
    ctx.figures.operations += server.requests.length;
    const creates = plannedCreates(run.stdout);
    ctx.figures.duplicates += creates;
    const problems = [
      ...(timedOut ? [`still running after ${boundMs / 1000} s`] : run.code !== 1 ? [`exit ${run.code}, not 1`] : []),
      ...(creates > 0 ? [`planned ${creates} creates of objects that exist`] : []),
      ...(rssMb > MAX_RSS_MB ? [`peak RSS ${rssMb} MB > ${MAX_RSS_MB} MB`] : []),
      ...(server.requests.length > MAX_REQUESTS ? [`${server.requests.length} requests > ${MAX_REQUESTS}`] : []),
      ...(mode === "big-pages" && !run.stderr.includes("larger than one read may be")
        ? ["not stopped by the bound of one read (64 MiB)"]
        : []),
    ];
    const memory = ctx.options.full ? `, peak RSS ${rssMb} MB` : "";
    const summary = `${mode}: exit ${timedOut ? "(stopped)" : run.code}, ${server.requests.length} requests, ${seconds.toFixed(1)} s${memory}`;
    if (problems.length > 0) ctx.failures.push(`${mode}: ${problems.join("; ")}`);
    ctx.notes.push(summary);
  } finally {
    await server.close();
  }
}

/** How the list lies. Every mode serves the same objects truthfully on `GET /transformations/{id}`. */
type LieMode =
  | "short-read"
  | "cursor-cycle"
  | "cursor-repeat"
  | "duplicate-ids"
  | "garbage-json"
  | "huge-reply"
  | "gzip-bomb"
  | "slow-drip"
  | "big-pages";

interface LiarObject {
  id: string;
  workspaceId: string;
  name: string;
  sourceId: string;
  enabled: boolean;
  if: string;
}

/** The short run's only time bound: it ends a hang (a plan that never stops is still a failure, named). */
const SHORT_RUN_HANG_MS = 100_000;
const PAGE = 200;
/** Size of a huge or decompressed-bomb reply: far over any sane cap, small enough for a 2-core CI box. */
const HUGE_BYTES = 200 * 1024 * 1024;
/** 200 MB of JSON that never ends, plain or gzip-compressed (about 200 KB on the wire). */
const HUGE: Reply = { body: '{"data":{"transformations":[', endless: { chunk: Buffer.alloc(1024 * 1024, 0x20), upToBytes: HUGE_BYTES } };

/** A fake Transformations API whose list replies lie in one way; it only reads. */
function lyingApi(mode: LieMode, objects: LiarObject[]): ScriptedApi {
  const api = new ScriptedApi();
  for (const o of objects) api.store.set(o.id, { ...o, fqlDefinedProperties: [] });
  const refuse = (status: number, type: string, message: string): Reply => ({ status, body: { errors: [{ type, message }] } });
  return (
    api
      .route("GET", "/", { body: { data: { workspace: { id: "ws_liar", slug: "liar", name: "Liar" } } } })
      // The liar's token may not read sources (as a real token without Source read): the plan goes on
      // with ids unchecked, so each lie is met by the list read it aims at.
      .route("GET", "/sources", refuse(403, "Forbidden", "the liar's token may not read sources"))
      .route("GET", "/transformations", (req) => listLie(mode, objects, offsetOfCursor(req.query.get("pagination.cursor"))))
      .route("*", /.*/, (req) =>
        req.method === "GET" && req.path.startsWith("/transformations/")
          ? undefined
          : refuse(405, "MethodNotAllowed", "the liar only lists"),
      )
  );
}

/** The lying reply to a list request for page `page`. */
function listLie(mode: LieMode, objects: LiarObject[], page: number): Reply {
  const pageOf = (n: number, next: number | undefined, totalEntries = objects.length): Reply => ({
    body: {
      data: {
        transformations: objects.slice(n * PAGE, (n + 1) * PAGE),
        pagination: { current: cursorAt(n), ...(next === undefined ? {} : { next: cursorAt(next) }), totalEntries },
      },
    },
  });
  switch (mode) {
    case "short-read": // says 400, ends after 200
      return pageOf(0, undefined);
    case "cursor-cycle": // page 0 -> 1 -> 0 -> 1 ...
      return pageOf(page % 2, (page + 1) % 2);
    case "cursor-repeat": // page 1 names itself as next
      return pageOf(page, page === 0 ? 1 : page);
    case "duplicate-ids": // page 1 repeats page 0's objects, and the count agrees
      return {
        body: {
          data: {
            transformations: objects.slice(0, PAGE),
            pagination: { current: cursorAt(page), ...(page === 0 ? { next: cursorAt(1) } : {}), totalEntries: 2 * PAGE },
          },
        },
      };
    case "garbage-json":
      return { body: '{"data":{"transformations":[{"id":"tf_0000","name":' };
    case "huge-reply":
      return HUGE;
    case "gzip-bomb":
      return { ...HUGE, gzip: true };
    case "slow-drip": // headers at once, then one byte every 500 ms, for ever
      return { body: '{"data":', endless: { chunk: " ", everyMs: 500 } };
    case "big-pages": // 200 fresh objects a page with a 100 KB `if` (20 MB), no totalEntries, no end
      return { body: { data: { transformations: bigPage(page), pagination: { current: cursorAt(page), next: cursorAt(page + 1) } } } };
  }
}

/** Page `n` of the big-pages lie: objects no other page holds, each with a 100 KB condition. */
function bigPage(n: number): LiarObject[] {
  const condition = `event = '${"x".repeat(100_000)}'`;
  return Array.from({ length: PAGE }, (_, i) => ({
    id: `tf_big_${n}_${i}`,
    workspaceId: "ws_liar",
    name: `Big ${n}.${i}`,
    sourceId: "src_a",
    enabled: true,
    if: condition,
  }));
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
async function planProcess(
  ctx: ScenarioContext,
  args: string[],
  url: string,
  token: string,
  dir: string,
  boundMs: number,
): Promise<Bounded> {
  const child = spawnTransync(ctx.transcript, args, apiEnv(url, token, dir), dir);
  const peak = watchPeakRss(child.child.pid);
  const timer = setTimeout(() => child.child.kill("SIGKILL"), boundMs);
  const run = await child.done;
  clearTimeout(timer);
  return { run, rssMb: peak.stop(), timedOut: run.signal === "SIGKILL" };
}

/** The short run: plan in process (no process start-up), interrupted at the bound. */
async function planInProcess(
  ctx: ScenarioContext,
  args: string[],
  url: string,
  token: string,
  dir: string,
  boundMs: number,
): Promise<Bounded> {
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
