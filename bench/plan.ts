/**
 * Benchmark of `transync plan` (issue 4): N desired vs N live, a third changed, against the emulator
 * in a child process. Prints wall time, API calls, peak RSS, and the floor: paging through the same
 * list and getting the same objects (8 in flight) with plain fetch calls in the same run. The gets
 * are those a plan needs: each object with FQL-defined properties (the list omits them) and each
 * object about to be updated (planned against its full state). Run: `npm run bench:plan` (N=10000).
 */
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mapConcurrent } from "../src/map-concurrent.js";
import { builtCliMs, cli, mb, startChildEmulator, writeJson } from "./support.js";

const N = Number(process.argv[2] ?? 10_000);
const TOKEN = "bench-token";
const dir = mkdtempSync(join(tmpdir(), "transync-bench-plan-"));

/** Every 100th object defines an FQL property (the list omits those: one get each). */
const hasFql = (i: number): boolean => i % 100 === 1;
const isChanged = (i: number): boolean => i % 3 === 0;

function live(i: number) {
  const base = { id: `tfm_${String(i).padStart(6, "0")}`, name: `Transformation ${i}`, sourceId: `src_${i % 20}`, enabled: true, if: `event = 'Event ${i}'` };
  if (hasFql(i)) return { ...base, fqlDefinedProperties: [{ fql: "lowercase(properties.a)", propertyName: "properties.b" }] };
  return { ...base, propertyRenames: [{ oldName: "a", newName: "b" }] };
}

function desiredDoc(i: number): string {
  const t = live(i);
  const changed = isChanged(i) ? { if: `event = 'Changed ${i}'` } : {};
  const { id: _id, ...fields } = t;
  return JSON.stringify({ apiVersion: "transync/v1", kind: "Transformation", ...fields, ...changed });
}

writeJson(join(dir, "emulator.json"), { workspaces: [{ id: "ws_bench", slug: "bench", name: "Bench", tokens: [TOKEN], transformations: Array.from({ length: N }, (_, i) => live(i)) }] });
mkdirSync(join(dir, "transformations"));
const perFile = 100;
for (let f = 0; f * perFile < N; f++) {
  const docs = Array.from({ length: Math.min(perFile, N - f * perFile) }, (_, k) => desiredDoc(f * perFile + k));
  writeFileSync(join(dir, "transformations", `file-${f}.yaml`), docs.join("\n---\n"));
}

const emulator = await startChildEmulator(join(dir, "emulator.json"));
try {
  const env = { SEGMENT_API_TOKEN: TOKEN, SEGMENT_API_URL: emulator.url };
  const floorStart = performance.now();
  let cursor: string | undefined;
  let floorCalls = 0;
  do {
    const query = `pagination.count=200${cursor ? `&pagination.cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await fetch(`${emulator.url}/transformations?${query}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = (await res.json()) as { data: { pagination: { next?: string | null } } };
    floorCalls++;
    cursor = body.data.pagination.next ?? undefined;
  } while (cursor);
  const getIds = Array.from({ length: N }, (_, i) => i).filter((i) => hasFql(i) || isChanged(i)).map((i) => live(i).id);
  await mapConcurrent(getIds, 8, async (id) => {
    const res = await fetch(`${emulator.url}/transformations/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    await res.json();
    floorCalls++;
  });
  const floorMs = performance.now() - floorStart;

  const start = performance.now();
  const result = await cli(["plan", "--format", "json", "--rate", "100000"], env, dir);
  const planMs = performance.now() - start;
  if (result.code !== 0) throw new Error(`plan failed: ${result.stderr}`);
  if (process.env.TRANSYNC_LOG_LEVEL) process.stderr.write(result.stderr);
  const plan = JSON.parse(result.stdout) as { apiCalls: number; summary: Record<string, number> };
  const child = builtCliMs(["plan", "--format", "json", "--rate", "100000"], dir, env);
  const fqlGets = Array.from({ length: N }, (_, i) => i).filter(hasFql).length;
  const updateGets = getIds.length - fqlGets;
  const expectedCalls = Math.ceil(N / 200) + getIds.length; // list items carry workspaceId: no GET /
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(`plan ${N} desired vs ${N} live (a third changed)`);
  console.log(`  floor (plain fetch):        ${floorMs.toFixed(0)} ms, ${floorCalls} calls (paging + the same gets, 8 in flight)`);
  console.log(`  plan wall time:             ${planMs.toFixed(0)} ms (target <= ${(1.5 * floorMs + 1000).toFixed(0)} ms = 1.5 x floor + 1 s)`);
  if (child !== undefined) console.log(`  built CLI, own process:     ${child.toFixed(0)} ms (node dist/src/bin.js plan, startup included)`);
  console.log(`  API calls:                  ${plan.apiCalls} (expected ${expectedCalls} = ceil(N/200) lists + ${fqlGets} FQL gets + ${updateGets} gets of objects about to be updated)`);
  console.log(`  summary:                    ${JSON.stringify(plan.summary)}`);
  console.log(`  peak RSS:                   ${mb(peak)} (target < 400 MB)`);
  const ok = planMs <= 1.5 * floorMs + 1000 && plan.apiCalls === expectedCalls && peak < 400 * 1024 * 1024;
  console.log(ok ? "  result: within targets" : "  result: MISSED a target");
  process.exitCode = ok ? 0 : 1;
} finally {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
