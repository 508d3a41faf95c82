import { createHash } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createGzip } from "node:zlib";
import { ApiStore } from "./scripted-api-store.js";
import { closeLocally, listenLocally } from "./local-server.js";

/** One scripted reply. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or a Buffer as is. */
  body?: unknown;
  /** Wait this long before answering (to provoke client timeouts). */
  delayMs?: number;
  /** Close the connection after reading the request, without answering: nothing reaches the fallback. */
  drop?: boolean;
  /** The fallback carries the request out (the emulator stores a write), then the connection closes unanswered. */
  dropReply?: boolean;
  /** The head and the body are sent, then the reply never ends (`hang`) or the connection is cut (`cut`). */
  partial?: "hang" | "cut";
  /** After the body, `chunk` again and again until the client goes (or this reply sent `upToBytes`): every `everyMs`, or as fast as the socket takes it. */
  endless?: { chunk: string | Buffer; everyMs?: number; upToBytes?: number };
  /** The body (endless part included) is sent gzip-compressed, with `content-encoding: gzip`. */
  gzip?: boolean;
}

/** A request as the server saw it. `authorization` is a fingerprint (see authorizationSeen), never the secret itself. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The request's headers without authorization and cookies. */
  headers: Record<string, string>;
  authorization: string | undefined;
  body: string;
  at: number;
}

/** A reply, or a function of the request giving one (undefined: the next step answers: route, then fallback). */
export type Step = Reply | ((req: SeenRequest) => Reply | undefined | Promise<Reply | undefined>);

const SECRET_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);
const HOP_HEADERS = new Set(["host", "connection", "content-length", "content-encoding", "transfer-encoding", "keep-alive"]);

/** How an `Authorization` header shows in `SeenRequest.authorization`: its scheme and a hash of the rest. */
export function authorizationSeen(value: string): string {
  const [scheme = "", ...rest] = value.split(" ");
  return `${scheme} sha256:${createHash("sha256").update(rest.join(" ")).digest("hex").slice(0, 16)}`;
}

/**
 * The one fake Transformations API of the tests, over HTTP on 127.0.0.1: one-shot replies (`script`)
 * served first, then replies per route (`route`), then a fallback: the real emulator at `upstream`
 * (a proxy that acts at an exact moment, or lies), or else an in-memory store. Every request is logged.
 */
export class ScriptedApi {
  readonly requests: SeenRequest[] = [];
  /** Replies served once each, in order, whatever the route. */
  readonly script: Step[] = [];
  /** Bytes of `endless` parts sent so far (before compression). */
  streamed = 0;
  url = "";
  private readonly memory = new ApiStore();
  private readonly routes: Array<{ method: string; path: string | RegExp; step: Step }> = [];
  /** The Authorization header of each logged request, kept out of the log, for the upstream. */
  private readonly secrets = new WeakMap<SeenRequest, string>();
  private server: Server | undefined;

  constructor(private readonly upstream?: string) {}

  /** The fallback's objects, by id (without an upstream). */
  get store(): Map<string, Record<string, unknown>> {
    return this.memory.objects;
  }

  set extraHeaders(make: (req: SeenRequest) => Record<string, string>) {
    this.memory.extraHeaders = make;
  }

  seed(count: number, make?: (i: number) => Record<string, unknown>): void {
    this.memory.seed(count, make);
  }

  /** Every request to `method` (`*`: any) and `path` (exact, or a pattern) gets `step`'s reply. */
  route(method: string, path: string | RegExp, step: Step): this {
    this.routes.push({ method, path, step });
    return this;
  }

  async start(): Promise<string> {
    ({ server: this.server, url: this.url } = await listenLocally(
      (req, res) => void this.handle(req, res).catch(() => req.socket.destroy()),
    ));
    return this.url;
  }

  async close(): Promise<void> {
    await closeLocally(this.server);
  }

  count(method: string, path?: string): number {
    return this.requests.filter((r) => r.method === method && (path === undefined || r.path === path)).length;
  }

  /** The fallback's reply to `req`, with `body` sent in place of the request's own. */
  async forward(req: SeenRequest, body = req.body): Promise<Reply> {
    if (!this.upstream) return this.memory.answer({ ...req, body });
    const secret = this.secrets.get(req);
    const headers = { ...req.headers, ...(secret === undefined ? {} : { authorization: secret }) };
    const query = req.query.size > 0 ? `?${req.query.toString()}` : "";
    const reply = await fetch(`${this.upstream}${req.path}${query}`, { method: req.method, headers, ...(body !== "" ? { body } : {}) });
    const replyHeaders = Object.fromEntries([...reply.headers].filter(([name]) => !HOP_HEADERS.has(name)));
    return { status: reply.status, headers: replyHeaders, body: await reply.text() };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const seen = await record(req);
    this.requests.push(seen);
    if (req.headers.authorization !== undefined) this.secrets.set(seen, req.headers.authorization);
    const reply = (await this.scripted(seen)) ?? (await this.forward(seen));
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed || req.socket.destroyed) return;
    if (reply.dropReply) await this.forward(seen);
    if (reply.drop || reply.dropReply) return void req.socket.destroy();
    await this.send(reply, res);
  }

  private async scripted(req: SeenRequest): Promise<Reply | undefined> {
    const once = this.script.shift();
    const fromScript = typeof once === "function" ? await once(req) : once;
    if (fromScript) return fromScript;
    for (const { method, path, step } of this.routes) {
      if ((method !== "*" && method !== req.method) || !(typeof path === "string" ? path === req.path : path.test(req.path))) continue;
      const reply = typeof step === "function" ? await step(req) : step;
      if (reply) return reply;
    }
    return undefined;
  }

  private async send(reply: Reply, res: ServerResponse): Promise<void> {
    res.writeHead(reply.status ?? 200, {
      "content-type": "application/json",
      ...(reply.gzip ? { "content-encoding": "gzip" } : {}),
      ...reply.headers,
    });
    const gzip = reply.gzip ? createGzip({ level: 9 }) : undefined;
    gzip?.pipe(res);
    res.once("close", () => gzip?.destroy());
    const out = gzip ?? res;
    const body = reply.body;
    out.write(typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body ?? {}));
    if (reply.endless) await this.stream(reply.endless, out, res);
    if (reply.partial === "hang") return;
    if (reply.partial === "cut") return void res.destroy();
    out.end();
  }

  /** Writes `chunk` until the client goes or the bound is reached, waiting for drains (or the timer). */
  private async stream(
    { chunk, everyMs, upToBytes = Infinity }: NonNullable<Reply["endless"]>,
    out: NodeJS.WritableStream,
    res: ServerResponse,
  ): Promise<void> {
    const size = Buffer.byteLength(chunk);
    for (let sent = 0; !res.destroyed && sent < upToBytes; sent += size) {
      this.streamed += size;
      const flowing = out.write(chunk);
      if (everyMs !== undefined) await new Promise((resolve) => setTimeout(resolve, everyMs));
      else if (!flowing) await drainOrClose(out, res);
    }
  }
}

/** The request read whole, as the log holds it: secrets as fingerprints. */
async function record(req: IncomingMessage): Promise<SeenRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", "http://scripted");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string" && !SECRET_HEADERS.has(name) && !HOP_HEADERS.has(name)) headers[name] = value;
  const auth = req.headers.authorization;
  const authorization = auth === undefined ? undefined : authorizationSeen(auth);
  return {
    method: req.method ?? "GET",
    path: url.pathname,
    query: url.searchParams,
    headers,
    authorization,
    body: Buffer.concat(chunks).toString("utf8"),
    at: Date.now(),
  };
}

function drainOrClose(out: NodeJS.WritableStream, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      out.removeListener("drain", done);
      res.removeListener("close", done);
      resolve();
    };
    out.once("drain", done);
    res.once("close", done);
  });
}
