import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip } from "node:zlib";

/** How the list lies. Every mode serves the same objects truthfully on `GET /transformations/{id}`. */
export type LieMode = "short-read" | "cursor-cycle" | "cursor-repeat" | "duplicate-ids" | "garbage-json" | "huge-reply" | "gzip-bomb" | "slow-drip" | "big-pages";

const PAGE = 200;
/** Size of a huge or decompressed-bomb reply: far over any sane cap, small enough for a 2-core CI box. */
export const HUGE_BYTES = 200 * 1024 * 1024;

export interface LiarObject {
  id: string;
  workspaceId: string;
  name: string;
  sourceId: string;
  enabled: boolean;
  if: string;
}

/** A fake Transformations API on 127.0.0.1 whose list replies lie in one way. */
export class LyingServer {
  requests = 0;
  /** List replies served: every one of them lies. */
  lies = 0;
  private server: Server | undefined;
  private readonly drips = new Set<NodeJS.Timeout>();

  constructor(
    readonly mode: LieMode,
    readonly objects: LiarObject[],
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const timer of this.drips) clearInterval(timer);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests += 1;
    for await (const _chunk of req); // drain the body
    const url = new URL(req.url ?? "/", "http://liar");
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/") return void json(200, { data: { workspace: { id: "ws_liar", slug: "liar", name: "Liar" } } });
    // The liar's token may not read sources (as a real token without Source read): the plan goes on
    // with ids unchecked, so each lie is met by the list read it aims at.
    if (url.pathname === "/sources") return void json(403, { errors: [{ type: "Forbidden", message: "the liar's token may not read sources" }] });
    if (url.pathname.startsWith("/transformations/")) {
      const found = this.objects.find((o) => o.id === decodeURIComponent(url.pathname.slice("/transformations/".length)));
      return void (found ? json(200, { data: { transformation: { ...found, fqlDefinedProperties: [] } } }) : json(404, { errors: [{ type: "NotFound", message: "not found" }] }));
    }
    if (url.pathname !== "/transformations" || req.method !== "GET") return void json(405, { errors: [{ type: "MethodNotAllowed", message: "the liar only lists" }] });
    const page = Number(Buffer.from(url.searchParams.get("pagination.cursor") ?? "MA==", "base64").toString() || 0);
    await this.list(page, res, json);
  }

  private async list(page: number, res: ServerResponse, json: (status: number, body: unknown) => void): Promise<void> {
    this.lies += 1;
    const cursor = (n: number) => Buffer.from(String(n)).toString("base64");
    const pageOf = (n: number, next: number | undefined, totalEntries = this.objects.length) =>
      json(200, { data: { transformations: this.objects.slice(n * PAGE, (n + 1) * PAGE), pagination: { current: cursor(n), ...(next === undefined ? {} : { next: cursor(next) }), totalEntries } } });
    switch (this.mode) {
      case "short-read": // says 400, ends after 200
        return pageOf(0, undefined);
      case "cursor-cycle": // page 0 -> 1 -> 0 -> 1 ...
        return pageOf(page % 2, (page + 1) % 2);
      case "cursor-repeat": // page 1 names itself as next
        return pageOf(page, page === 0 ? 1 : page);
      case "duplicate-ids": // page 1 repeats page 0's objects, and the count agrees
        return void json(200, { data: { transformations: this.objects.slice(0, PAGE), pagination: { current: cursor(page), ...(page === 0 ? { next: cursor(1) } : {}), totalEntries: 2 * PAGE } } });
      case "garbage-json":
        return void res.writeHead(200, { "content-type": "application/json" }).end('{"data":{"transformations":[{"id":"tf_0000","name":');
      case "huge-reply":
        return streamHuge(res, false);
      case "gzip-bomb":
        return streamHuge(res, true);
      case "slow-drip":
        return this.drip(res);
      case "big-pages": // 200 fresh objects a page with a 100 KB `if` (20 MB), no totalEntries, no end
        return void json(200, { data: { transformations: bigPage(page), pagination: { current: cursor(page), next: cursor(page + 1) } } });
    }
  }

  /** Headers at once, then one byte every 500 ms, for ever. */
  private drip(res: ServerResponse): void {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"data":');
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), 500);
    this.drips.add(timer);
    res.once("close", () => clearInterval(timer));
  }
}

/** Page `n` of the big-pages lie: objects no other page holds, each with a 100 KB condition. */
function bigPage(n: number): LiarObject[] {
  const condition = `event = '${"x".repeat(100_000)}'`;
  return Array.from({ length: PAGE }, (_, i) => ({ id: `tf_big_${n}_${i}`, workspaceId: "ws_liar", name: `Big ${n}.${i}`, sourceId: "src_a", enabled: true, if: condition }));
}

/** 200 MB of JSON that never ends, plain or gzip-compressed (about 200 KB on the wire). */
async function streamHuge(res: ServerResponse, gzip: boolean): Promise<void> {
  res.writeHead(200, { "content-type": "application/json", ...(gzip ? { "content-encoding": "gzip" } : {}) });
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const sink = gzip ? createGzip({ level: 9 }) : undefined;
  sink?.pipe(res);
  const out = sink ?? res;
  out.write('{"data":{"transformations":[');
  for (let sent = 0; sent < HUGE_BYTES && !res.destroyed; sent += chunk.length) {
    if (!out.write(chunk)) await drainOrClose(out, res);
  }
  out.end();
}

function drainOrClose(out: NodeJS.WritableStream, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    const done = () => {
      out.removeListener("drain", done);
      res.removeListener("close", done);
      resolve();
    };
    out.once("drain", done);
    res.once("close", done);
  });
}
