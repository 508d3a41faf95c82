/**
 * Emulator throughput: `npx tsx bench/emulator.ts`. Measures requests/s and p99 latency of list
 * (count=200 over 10,000 transformations), get and create, next to a bare node:http server
 * answering a fixed body, with N concurrent keep-alive clients (fetch) in the same process.
 *
 * The clients share the CPU with the server, and reading a 20 KB list page costs the client far
 * more than reading a 20-byte body: a tiny-body baseline would charge that to the emulator. So list
 * is compared with the bare server answering a fixed body of the list page's own size, get with a
 * fixed body of the get reply's size. Exit 1 when either is under 50% (the target).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startEmulator } from "../src/emulator/index.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 16;
const TOKEN = "bench-token";
const seeds = Array.from({ length: 10_000 }, (_, i) => ({
  id: `tfm_${i}`,
  name: `T${i}`,
  sourceId: "src",
  enabled: true,
  if: `event = 'E${i}'`,
}));

/** Requests/s over SECONDS, after a half-second warm-up that is not counted (JIT, caches, connections). */
async function measure(label: string, request: () => Promise<Response>): Promise<number> {
  const latencies: number[] = [];
  const warmUntil = performance.now() + 500;
  const until = warmUntil + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const res = await request();
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
      if (started >= warmUntil) latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / SECONDS;
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  console.log(`${label.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${p99.toFixed(1)} ms`);
  return rps;
}

/** A bare node:http server answering `body` to every request. */
async function bareServer(body: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

const emulator = await startEmulator({
  port: 0,
  config: { workspaces: [{ id: "ws_bench", slug: "b", name: "Bench", tokens: [TOKEN], transformations: seeds }] },
});
const headers = { authorization: `Bearer ${TOKEN}` };
const listUrl = `${emulator.url}/transformations?pagination.count=200&pagination.cursor=${Buffer.from("5000").toString("base64")}`;
const getUrl = `${emulator.url}/transformations/tfm_4242`;
const [listBody, getBody] = await Promise.all([listUrl, getUrl].map(async (url) => (await fetch(url, { headers })).text()));
const tiny = await bareServer(JSON.stringify({ data: { ok: true } }));
const listSized = await bareServer(listBody!);
const getSized = await bareServer(getBody!);

console.log(`emulator benchmark: ${CONCURRENCY} concurrent clients, ${SECONDS}s per case, node ${process.version}`);
const tinyRps = await measure("bare node:http (20-byte body)", () => fetch(tiny.url));
const listBare = await measure(`bare node:http (${listBody!.length}-byte body)`, () => fetch(listSized.url));
const list = await measure("list (count=200 of 10,000)", () => fetch(listUrl, { headers }));
const getBare = await measure(`bare node:http (${getBody!.length}-byte body)`, () => fetch(getSized.url));
const get = await measure("get", () => fetch(getUrl, { headers }));
let n = 0;
await measure("create", () =>
  fetch(`${emulator.url}/transformations`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ name: `N${n++}`, sourceId: "src", enabled: true, if: "x" }),
  }),
);
const pct = (a: number, b: number): string => `${((a / b) * 100).toFixed(0)}%`;
console.log(
  `list at ${pct(list, listBare)} and get at ${pct(get, getBare)} of the bare server answering a body of the same size (target >= 50%)`,
);
console.log(`(against the 20-byte body: list ${pct(list, tinyRps)}, get ${pct(get, tinyRps)})`);
await emulator.close();
for (const server of [tiny, listSized, getSized]) server.close();
if (list / listBare < 0.5 || get / getBare < 0.5) {
  console.error("target missed: list and get at >= 50% of the bare server");
  process.exitCode = 1;
}
