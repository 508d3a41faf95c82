import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach } from "vitest";

/** One scripted answer. `drop` closes the connection after reading the request, without answering. */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  drop?: boolean;
  /** Wait this long before answering (to provoke client timeouts). */
  delayMs?: number;
}

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

type Store = Map<string, Record<string, unknown>>;

/**
 * A small in-process Segment API for client tests: an in-memory store answering the five
 * operations and `GET /`, a queue of scripted answers served first, and a log of every request.
 */
export class FakeServer {
  readonly requests: SeenRequest[] = [];
  readonly store: Store = new Map();
  /** Answers served before the store, in order; a function may look at the request. */
  readonly script: Array<Answer | ((req: SeenRequest) => Answer | undefined)> = [];
  /** Headers added to every store answer (e.g. rate-limit headers). */
  extraHeaders: (req: SeenRequest) => Record<string, string> = () => ({});
  private server: Server | undefined;
  private nextId = 1;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  seed(count: number, make: (i: number) => Record<string, unknown> = () => ({})): void {
    for (let i = 0; i < count; i++) {
      const id = `tf_${String(i).padStart(5, "0")}`;
      this.store.set(id, { id, name: `t${i}`, sourceId: "src_1", enabled: true, if: "event='x'", fqlDefinedProperties: [], ...make(i) });
    }
  }

  count(method: string, path?: string): number {
    return this.requests.filter((r) => r.method === method && (path === undefined || r.path === path)).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://x");
    const seen: SeenRequest = { method: req.method ?? "", path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
    this.requests.push(seen);
    const scripted = this.script.shift();
    const answer = (typeof scripted === "function" ? scripted(seen) : scripted) ?? this.fromStore(seen);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (res.destroyed || req.socket.destroyed) return;
    if (answer.drop) {
      req.socket.destroy();
      return;
    }
    const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {});
    res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
    res.end(body);
  }

  private fromStore(req: SeenRequest): Answer {
    const headers = this.extraHeaders(req);
    const id = decodeURIComponent(req.path.slice("/transformations/".length));
    const found = this.store.get(id);
    const notFound: Answer = { status: 404, headers, body: { errors: [{ type: "NotFound", message: "Resource not found" }] } };
    if (req.path === "/") return { headers, body: { data: { workspace: { id: "ws_1", slug: "ws", name: "WS" } } } };
    if (req.path === "/transformations" && req.method === "GET") return { headers, body: this.list(req.query) };
    if (req.path === "/transformations" && req.method === "POST") {
      const created = { ...(JSON.parse(req.body) as object), id: `new_${this.nextId++}` };
      this.store.set(created.id, created);
      return { headers, body: { data: { transformation: created } } };
    }
    if (!found) return notFound;
    if (req.method === "GET") return { headers, body: { data: { transformation: found } } };
    if (req.method === "PATCH") {
      Object.assign(found, JSON.parse(req.body) as object);
      return { headers, body: { data: { transformation: found } } };
    }
    this.store.delete(id);
    return { headers, body: { data: { status: "SUCCESS" } } };
  }

  private list(query: URLSearchParams): unknown {
    const count = Number(query.get("pagination.count") ?? "200");
    const cursor = query.get("pagination.cursor");
    const offset = cursor ? Number(Buffer.from(cursor, "base64").toString()) : 0;
    const all = [...this.store.values()].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
    // The real list omits fqlDefinedProperties from its elements.
    const items = all.slice(offset, offset + count).map(({ fqlDefinedProperties: _omit, ...rest }) => rest);
    const end = offset + count;
    const pagination: Record<string, unknown> = { current: Buffer.from(String(offset)).toString("base64"), totalEntries: all.length };
    if (end < all.length) pagination.next = Buffer.from(String(end)).toString("base64");
    else pagination.next = null;
    return { data: { transformations: items, pagination } };
  }
}

/** For each test of the calling scope: a started FakeServer on 127.0.0.1 and its URL, closed afterwards. */
export function useFakeServer(): { readonly server: FakeServer; readonly url: string } {
  let server: FakeServer | undefined;
  let url = "";
  beforeEach(async () => {
    server = new FakeServer();
    url = await server.start();
  });
  afterEach(async () => {
    await server?.close();
  });
  return {
    get server() {
      return server as FakeServer;
    },
    get url() {
      return url;
    },
  };
}
