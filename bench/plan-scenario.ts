import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dump } from "js-yaml";
import { writeJson } from "./support.js";

/** The token of the benchmark workspace (an emulator's, never a real one). */
export const BENCH_TOKEN = "bench-token";

/** Every 100th object defines an FQL property (the list omits those: one get each). */
export const hasFql = (i: number): boolean => i % 100 === 1;

export function liveObject(i: number) {
  const base = {
    id: `tfm_${String(i).padStart(6, "0")}`,
    name: `Transformation ${i}`,
    sourceId: `src_${i % 20}`,
    enabled: true,
    if: `event = 'Event ${i}'`,
  };
  if (hasFql(i)) return { ...base, fqlDefinedProperties: [{ fql: "lowercase(properties.a)", propertyName: "properties.b" }] };
  return { ...base, propertyRenames: [{ oldName: "a", newName: "b" }] };
}

function desiredDoc(i: number, changed: boolean): string {
  const { id: _id, ...fields } = liveObject(i);
  return JSON.stringify({
    apiVersion: "transync/v1",
    kind: "Transformation",
    ...fields,
    ...(changed ? { if: `event = 'Changed ${i}'` } : {}),
  });
}

/**
 * Writes `dir/emulator.json` (N live objects, emulator latency `latencyMs`) and `dir/transformations/`
 * (N documents in files of 100; `isChanged(i)` documents differ from their live object).
 */
export function writeScenario(dir: string, n: number, isChanged: (i: number) => boolean, latencyMs = 0): void {
  const transformations = Array.from({ length: n }, (_, i) => liveObject(i));
  writeJson(join(dir, "emulator.json"), {
    workspaces: [{ id: "ws_bench", slug: "bench", name: "Bench", tokens: [BENCH_TOKEN], transformations }],
    ...(latencyMs > 0 ? { faults: { latencyMs } } : {}),
  });
  mkdirSync(join(dir, "transformations"));
  const perFile = 100;
  for (let f = 0; f * perFile < n; f++) {
    const docs = Array.from({ length: Math.min(perFile, n - f * perFile) }, (_, k) =>
      desiredDoc(f * perFile + k, isChanged(f * perFile + k)),
    );
    writeFileSync(join(dir, "transformations", `file-${f}.yaml`), docs.join("\n---\n"));
  }
}

/** Rewrites every document file under `dir` (JSON texts joined by `---`) as block YAML, values unchanged. */
export function rewriteAsBlockYaml(dir: string): void {
  for (const file of readdirSync(dir)) {
    const path = join(dir, file);
    const documents = readFileSync(path, "utf8").split("\n---\n");
    writeFileSync(path, documents.map((d) => dump(JSON.parse(d), { lineWidth: -1 })).join("---\n"));
  }
}

/** Pages through the whole list one page after another with bare fetch; returns the calls made. */
export async function fetchAllPages(url: string, onPage?: (ids: string[]) => void): Promise<number> {
  let cursor: string | undefined;
  let calls = 0;
  do {
    const query = `pagination.count=200${cursor ? `&pagination.cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await fetch(`${url}/transformations?${query}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } });
    const body = (await res.json()) as { data: { transformations: Array<{ id: string }>; pagination: { next?: string | null } } };
    calls++;
    onPage?.(body.data.transformations.map((t) => t.id));
    cursor = body.data.pagination.next ?? undefined;
  } while (cursor);
  return calls;
}

/** One bare-fetch GET of an object. */
export async function fetchOne(url: string, id: string): Promise<void> {
  const res = await fetch(`${url}/transformations/${id}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } });
  await res.json();
}
