import { join } from "node:path";
import { HandClient } from "../hand-client.js";
import type { Scenario, ScenarioContext } from "../scenario.js";
import { chaosConfig, pick, sleep, spawnTransync, tempDir, writeJson, type Child } from "../support.js";

/** What a writer knows of one object: `certain` only while no write to it is unanswered. */
interface Known {
  owner: number;
  exists: boolean;
  if: string;
  certain: boolean;
}

const WRITERS = 4;

/**
 * Scenario 4: `kill -9` of `transync emulator --data-file` while writers create, patch and delete;
 * after a restart on the same file every acknowledged write must be there (a create or patch with
 * its value, a delete absent). Writes unanswered at the kill may have landed or not.
 */
export const killEmulatorScenario: Scenario = {
  name: "4 kill -9 of emulator",
  async run(ctx) {
    const token = ctx.transcript.newSecret("token", ctx.options.seed);
    const folder = tempDir("kill-emulator");
    const configFile = join(folder.dir, "emulator.json");
    writeJson(configFile, chaosConfig({ token }));
    const known = new Map<string, Known>();
    const kills = ctx.options.full ? 8 : 1;
    try {
      for (let kill = 1; kill <= kills; kill++) {
        const emulator = await spawnEmulator(ctx, configFile, join(folder.dir, "state.jsonl"));
        const client = new HandClient(emulator.url, token);
        if (kill > 1) ctx.figures.lost += await verify(ctx, client, known, `restart ${kill - 1}`);
        await writeThenKill(ctx, client, emulator.child, known);
        ctx.figures.operations += client.requests;
        ctx.figures.envelopeViolations += client.envelopeViolations.length;
      }
      const last = await spawnEmulator(ctx, configFile, join(folder.dir, "state.jsonl"));
      ctx.figures.lost += await verify(ctx, new HandClient(last.url, token), known, `restart ${kills}`);
      last.child.child.kill("SIGTERM");
      await last.child.done;
      ctx.notes.push(
        `${kills} kill(s); ${[...known.values()].filter((k) => k.certain).length} acknowledged objects checked after the last restart`,
      );
    } finally {
      folder.cleanup();
    }
  },
};

/** `transync emulator` as a process on 127.0.0.1, port 0; resolves with its URL once it listens. */
async function spawnEmulator(ctx: ScenarioContext, configFile: string, dataFile: string): Promise<{ url: string; child: Child }> {
  const args = ["emulator", "--host", "127.0.0.1", "--port", "0", "--config", configFile, "--data-file", dataFile];
  const child = spawnTransync(ctx.transcript, args, {}, process.cwd());
  let seen = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    void child.done.then((run) =>
      reject(new Error(`emulator exited (${run.code ?? run.signal}) before listening: ${run.stderr.slice(0, 300)}`)),
    );
  });
  return { url, child };
}

async function writeThenKill(ctx: ScenarioContext, client: HandClient, child: Child, known: Map<string, Known>): Promise<void> {
  let running = true;
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(ctx, client, known, w, () => running));
  await sleep(300 + pick(ctx.random, ctx.options.full ? 2000 : 700));
  // Writers start nothing new, but the writes already sent are in flight when the kill lands.
  running = false;
  child.child.kill("SIGKILL");
  await child.done;
  await Promise.all(writers);
  ctx.figures.faults += 1;
}

async function writer(
  ctx: ScenarioContext,
  client: HandClient,
  known: Map<string, Known>,
  w: number,
  running: () => boolean,
): Promise<void> {
  let n = 0;
  while (running()) {
    // Each writer changes only its own objects, so no two writes to one object are ever in flight.
    const mine = [...known.entries()].filter(([, k]) => k.owner === w && k.exists && k.certain);
    const target = mine.length > 0 ? mine[pick(ctx.random, mine.length)] : undefined;
    const roll = ctx.random();
    const value = `event = 'W${w} ${++n}'`;
    if (!target || roll < 0.5) await create(client, known, w, value);
    else await change(client, known, target[0], roll < 0.8 ? value : undefined);
  }
}

async function create(client: HandClient, known: Map<string, Known>, w: number, value: string): Promise<void> {
  const reply = await client.call("POST", "/transformations", { name: `W${w} ${value}`, sourceId: "src_a", enabled: true, if: value });
  if (reply.status !== 200) return; // unanswered: it may exist or not; nothing is promised
  const id = (reply.body as { data: { transformation: { id: string } } }).data.transformation.id;
  known.set(id, { owner: w, exists: true, if: value, certain: true });
}

/** A patch of `if` (value given) or a delete; the object is uncertain until the reply. */
async function change(client: HandClient, known: Map<string, Known>, id: string, value: string | undefined): Promise<void> {
  const entry = known.get(id)!;
  entry.certain = false;
  const path = `/transformations/${encodeURIComponent(id)}`;
  const reply = value === undefined ? await client.call("DELETE", path) : await client.call("PATCH", path, { if: value });
  if (reply.status !== 200) return;
  if (value === undefined) entry.exists = false;
  else entry.if = value;
  entry.certain = true;
}

/** Acknowledged writes missing (or a deleted object back) after a restart; each is a lost object. */
async function verify(ctx: ScenarioContext, client: HandClient, known: Map<string, Known>, when: string): Promise<number> {
  const live = new Map((await client.listAll()).map((t) => [String(t.id), t]));
  let lost = 0;
  for (const [id, k] of known) {
    if (!k.certain) continue;
    const found = live.get(id);
    const ok = k.exists ? found !== undefined && found.if === k.if : found === undefined;
    if (!ok) {
      lost += 1;
      if (lost <= 3) ctx.failures.push(`${when}: acknowledged ${k.exists ? "write" : "delete"} of ${id} not there`);
    }
  }
  // Unanswered writes that landed are fine; from now on their state is whatever the server has.
  for (const [id, k] of known) if (!k.certain) Object.assign(k, found(live, id), { certain: true });
  return lost;
}

function found(live: Map<string, Record<string, unknown>>, id: string): Pick<Known, "exists" | "if"> {
  const t = live.get(id);
  return t ? { exists: true, if: String(t.if) } : { exists: false, if: "" };
}
