import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../../src/emulator/index.js";
import { createLogger } from "../../../src/log.js";
import { offsetOfCursor } from "../../helpers/scripted-api-store.js";
import { ScriptedApi, type Reply, type SeenRequest } from "../../helpers/scripted-api.js";
import type { Scenario, ScenarioContext } from "../scenario.js";
import { apiEnv, chaosConfig, countDuplicates, pick, runTransync, tempDir, WORKSPACE } from "../support.js";

const PAGE = 200;

/**
 * Creates whose replies are lost, looked up while a teammate deletes (offset cursors, as the real
 * service has): a relay in front of the emulator drops the reply of POSTs (the first always, then
 * one in two), and after each dropped reply a teammate deletes the oldest objects just before the
 * next read of page 2, so the new objects move onto the page already read. apply must never create
 * twice; it may leave an outcome unknown (exit 1), and then apply again converges.
 */
export const lookupUnderDeleteScenario: Scenario = {
  name: "lookup under delete",
  async run(ctx) {
    const trials = ctx.options.full ? 8 : 2;
    for (let i = 0; i < trials; i++) await trial(ctx, i);
  },
};

interface Trial {
  emulator: RunningEmulator;
  victims: string[];
  dropped: number;
  /** Lookups the teammate deleted during (one per lost reply). */
  lookups: number;
  deletes: number;
}

async function trial(ctx: ScenarioContext, index: number): Promise<void> {
  const token = ctx.transcript.newSecret("token", ctx.options.seed);
  const existing = Array.from({ length: PAGE + pick(ctx.random, 60) }, (_, i) => ({
    id: `tf_old_${String(i).padStart(4, "0")}`,
    name: `Old ${i}`,
    sourceId: "src_other",
    enabled: true,
    if: "event = 'x'",
  }));
  const config = chaosConfig({ token, offsetCursors: true });
  config.workspaces[0]!.transformations = existing;
  const logger = createLogger({ level: "info", destination: { write: (s: string) => void ctx.transcript.record("emulator log", s) } });
  const emulator = await startEmulator({ host: "127.0.0.1", port: 0, config, logger });
  const t: Trial = { emulator, victims: existing.map((o) => o.id), dropped: 0, lookups: 0, deletes: 0 };
  const relay = new ScriptedApi(emulator.url).route("*", /.*/, (req) => hook(ctx, t, token, req));
  const url = await relay.start();
  const folder = tempDir("lookup");
  const names = Array.from({ length: 1 + pick(ctx.random, 3) }, (_, i) => `Brand new ${index}.${i}`);
  try {
    mkdirSync(join(folder.dir, "transformations"));
    writeFileSync(
      join(folder.dir, "transformations", "new.yaml"),
      names
        .map((name) =>
          JSON.stringify({
            apiVersion: "transync/v1",
            kind: "Transformation",
            name,
            sourceId: "src_web",
            enabled: true,
            if: "event = 'n'",
          }),
        )
        .join("\n---\n"),
    );
    const codes = await applyUntilConverged(ctx, url, token, folder.dir, t, names);
    const stored = emulator.transformations(WORKSPACE);
    ctx.figures.duplicates += countDuplicates(stored);
    const missing = names.filter((n) => !stored.some((s) => s.name === n));
    ctx.figures.lost += missing.length;
    ctx.figures.operations += relay.requests.length + t.deletes;
    ctx.figures.faults += t.dropped + t.deletes;
    ctx.notes.push(
      `trial ${index + 1}: ${existing.length} objects, ${names.length} creates, ${t.dropped} replies lost, ${t.deletes} deletes during ${t.lookups} lookups, apply exits ${codes.join(", ")}`,
    );
  } finally {
    await relay.close();
    await emulator.close();
    folder.cleanup();
  }
}

/** Loses POST replies, and has the teammate delete before the first page-2 read after each loss. */
async function hook(ctx: ScenarioContext, t: Trial, token: string, req: SeenRequest): Promise<Reply | undefined> {
  if (req.method === "POST" && req.path === "/transformations") {
    if (t.dropped > 0 && ctx.random() < 0.5) return undefined;
    t.dropped += 1;
    return { dropReply: true };
  }
  if (
    t.lookups < t.dropped &&
    req.method === "GET" &&
    req.path === "/transformations" &&
    offsetOfCursor(req.query.get("pagination.cursor")) === PAGE
  ) {
    t.lookups += 1;
    // As many of the oldest objects as bring every later one onto the page already read: page 2 comes back empty.
    for (let n = t.emulator.transformations(WORKSPACE).length - PAGE; n > 0; n--) {
      t.deletes += 1;
      await fetch(`${t.emulator.url}/transformations/${t.victims.shift()!}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}` },
      });
    }
  }
  return undefined;
}

/** apply, then again while it exits 1 (an outcome left unknown), at most 3 times; the exit codes. */
async function applyUntilConverged(
  ctx: ScenarioContext,
  url: string,
  token: string,
  dir: string,
  t: Trial,
  names: string[],
): Promise<Array<number | null>> {
  const codes: Array<number | null> = [];
  for (let n = 0; n < 3; n++) {
    const run = await runTransync(
      ctx.transcript,
      ["apply", "--auto-approve", "--format", "json", "--rate", "1000"],
      apiEnv(url, token, dir),
      dir,
    );
    ctx.figures.runs += 1;
    codes.push(run.code);
    if (run.code === 0) return codes;
  }
  const stored = t.emulator.transformations(WORKSPACE).map((o) => o.name);
  ctx.failures.push(
    `not converged after 3 applies (exits ${codes.join(", ")}); ${names.filter((n) => stored.includes(n)).length} of ${names.length} created`,
  );
  return codes;
}
