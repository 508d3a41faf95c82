/**
 * Emulator throughput: `npx tsx bench/emulator.ts`. Measures requests/s and p99 latency of list
 * (count=200 over 10,000 transformations), get and create, next to a bare node:http server
 * answering a fixed body, with N concurrent keep-alive clients (fetch).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startEmulator } from "../src/emulator/index.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 16;
const TOKEN = "bench-token";
const seeds = Array.from({ length: 10_000 }, (_, i) => ({ id: `tfm_${i}`, name: `T${i}`, sourceId: "src", enabled: true, if: `event = 'E${i}'` }));

async function measure(label: string, request: () => Promise<Response>): Promise<number> {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const res = await request();
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / SECONDS;
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  console.log(`${label.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${p99.toFixed(1)} ms`);
  return rps;
}

const fixed = JSON.stringify({ data: { ok: true } });
const bare = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(fixed));
await new Promise<void>((done) => bare.listen(0, "127.0.0.1", done));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
const emulator = await startEmulator({ port: 0, config: { workspaces: [{ id: "ws_bench", slug: "b", name: "Bench", tokens: [TOKEN], transformations: seeds }] } });
const headers = { authorization: `Bearer ${TOKEN}` };

console.log(`emulator benchmark: ${CONCURRENCY} concurrent clients, ${SECONDS}s per case, node ${process.version}`);
const baseline = await measure("bare node:http (fixed body)", () => fetch(bareUrl));
const list = await measure("list (count=200 of 10,000)", () => fetch(`${emulator.url}/transformations?pagination.count=200&pagination.cursor=${Buffer.from("5000").toString("base64")}`, { headers }));
const get = await measure("get", () => fetch(`${emulator.url}/transformations/tfm_4242`, { headers }));
let n = 0;
await measure("create", () => fetch(`${emulator.url}/transformations`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ name: `N${n++}`, sourceId: "src", enabled: true, if: "x" }) }));
console.log(`list at ${((list / baseline) * 100).toFixed(0)}% and get at ${((get / baseline) * 100).toFixed(0)}% of the bare server (target >= 50%)`);
await emulator.close();
bare.close();
