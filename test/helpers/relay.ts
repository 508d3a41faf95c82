import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the relay saw it, before passing it on. */
export interface RelayedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The request body as text ("" without one). */
  body: string;
}

/** What the relay does with one request; `dropReply`: pass it on, then close the connection unanswered. */
export type RelayHook = (req: RelayedRequest) => Promise<{ dropReply?: boolean } | void> | { dropReply?: boolean } | void;

const FORWARDED_REQUEST_HEADERS = ["authorization", "content-type", "accept", "user-agent"];
const FORWARDED_REPLY_HEADERS = ["content-type", "retry-after", "x-ratelimit-consumed", "x-ratelimit-remaining", "x-ratelimit-reset"];

/**
 * An HTTP relay on 127.0.0.1 in front of a server (the emulator): a test acts at an exact moment of
 * a client's sequence (a teammate's edit between two list pages) or loses the reply of a write the
 * server carried out. Every request is logged in `requests`.
 */
export class Relay {
  readonly requests: RelayedRequest[] = [];
  private server: Server | undefined;

  constructor(
    private readonly target: string,
    private readonly hook: RelayHook = () => undefined,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => req.socket.destroy()));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  count(method: string, path: string): number {
    return this.requests.filter((r) => r.method === method && r.path === path).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://relay");
    const seen: RelayedRequest = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, body: Buffer.concat(chunks).toString("utf8") };
    this.requests.push(seen);
    const decision = (await this.hook(seen)) ?? {};
    const headers = Object.fromEntries(FORWARDED_REQUEST_HEADERS.flatMap((h) => (typeof req.headers[h] === "string" ? [[h, req.headers[h]]] : [])));
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const upstream = await fetch(`${this.target}${url.pathname}${url.search}`, { method: seen.method, headers, body });
    const text = await upstream.text();
    if (decision.dropReply) return void req.socket.destroy();
    const replyHeaders = Object.fromEntries(FORWARDED_REPLY_HEADERS.flatMap((h) => (upstream.headers.has(h) ? [[h, upstream.headers.get(h)!]] : [])));
    res.writeHead(upstream.status, replyHeaders).end(text);
  }
}

/** The offset a list request's cursor names (the emulator's `compat.cursors: offset`), 0 without one. */
export function listOffset(req: RelayedRequest): number {
  const cursor = req.query.get("pagination.cursor");
  return cursor ? Number(Buffer.from(cursor, "base64").toString()) : 0;
}
