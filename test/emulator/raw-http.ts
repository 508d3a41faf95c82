import { connect, type Socket } from "node:net";

/** A request written byte for byte: what fetch refuses to send (bad URLs, huge headers, odd methods). */
export interface RawRequest {
  method: string;
  /** The request target as sent, unencoded by us (`/transformations/%zz`). */
  target: string;
  headers?: Array<[string, string]>;
  /** Sent as is; `Content-Length` is added unless `chunked` or a content-length header is given. */
  body?: string | Buffer;
  /** Sent as `Transfer-Encoding: chunked` in chunks of this many bytes (raw `chunks` win). */
  chunked?: boolean;
  /** Raw bytes written after the head instead of `body` (e.g. a malformed chunked body). */
  rawBody?: string;
  /** Generated zero-filled body of this many bytes (oversize bodies without holding strings). */
  bodyBytes?: number;
  timeoutMs?: number;
}

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type RawOutcome = { ok: true; reply: RawReply } | { ok: false; error: string };

/** One request on a fresh connection (`Connection: close`); resolves with the parsed reply or why none came. */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawOutcome> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const received: Buffer[] = [];
    let settled = false;
    const finish = (error?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const reply = parseReply(Buffer.concat(received), request.method);
      resolve(reply ? { ok: true, reply } : { ok: false, error: error ?? "the connection closed without a reply" });
    };
    const timer = setTimeout(() => finish(`no reply within ${request.timeoutMs ?? 15_000} ms`), request.timeoutMs ?? 15_000);
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      if (isComplete(Buffer.concat(received), request.method)) finish();
    });
    socket.on("end", () => finish());
    socket.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    socket.on("connect", () => void writeRequest(socket, request).catch(() => undefined));
  });
}

async function writeRequest(socket: Socket, request: RawRequest): Promise<void> {
  const headers = [...(request.headers ?? [])];
  const has = (name: string): boolean => headers.some(([k]) => k.toLowerCase() === name);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const length = body?.length ?? request.bodyBytes;
  if (request.chunked && !has("transfer-encoding")) headers.push(["Transfer-Encoding", "chunked"]);
  else if (length !== undefined && request.rawBody === undefined && !has("content-length"))
    headers.push(["Content-Length", String(length)]);
  if (!has("connection")) headers.push(["Connection", "close"]);
  if (!has("host")) headers.push(["Host", "localhost"]);
  const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;
  await write(socket, Buffer.from(head, "latin1"));
  if (request.rawBody !== undefined) return write(socket, Buffer.from(request.rawBody, "latin1"));
  if (body !== undefined) await writeBody(socket, body, request.chunked);
  else if (request.bodyBytes !== undefined) {
    const block = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent < request.bodyBytes && !socket.destroyed; sent += block.length) {
      await writeBody(socket, block.subarray(0, Math.min(block.length, request.bodyBytes - sent)), request.chunked);
    }
  }
  if (request.chunked) await write(socket, Buffer.from("0\r\n\r\n"));
}

async function writeBody(socket: Socket, data: Buffer, chunked?: boolean): Promise<void> {
  if (!chunked) return write(socket, data);
  await write(socket, Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]));
}

function write(socket: Socket, data: Buffer): Promise<void> {
  return new Promise((done, fail) => {
    if (socket.destroyed) return fail(new Error("closed"));
    if (socket.write(data)) done();
    else {
      // A server that stops reading (and closes) must not leave this write waiting forever.
      socket.once("drain", done);
      socket.once("close", () => fail(new Error("closed")));
    }
  });
}

const HEAD_END = Buffer.from("\r\n\r\n");

/** Drops interim replies (`100 Continue`): the final reply is the one that counts. */
function skipInterim(data: Buffer): Buffer {
  while (/^HTTP\/1\.[01] 1\d\d/.test(data.subarray(0, 12).toString("latin1"))) {
    const end = data.indexOf(HEAD_END);
    if (end < 0) return data;
    data = data.subarray(end + 4);
  }
  return data;
}

function isComplete(all: Buffer, method: string): boolean {
  const data = skipInterim(all);
  const end = data.indexOf(HEAD_END);
  if (end < 0) return false;
  const head = parseHead(data.subarray(0, end).toString("latin1"));
  if (!head) return false;
  if (method.toUpperCase() === "HEAD") return true; // a reply to HEAD has headers only
  const rest = data.subarray(end + 4);
  if (head.headers["content-length"] !== undefined) return rest.length >= Number(head.headers["content-length"]);
  if (/chunked/i.test(head.headers["transfer-encoding"] ?? "")) return rest.includes("0\r\n\r\n");
  return false;
}

function parseHead(text: string): { status: number; headers: Record<string, string> } | undefined {
  const [statusLine, ...lines] = text.split("\r\n");
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "");
  if (!match) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(match[1]), headers };
}

/** The first reply in `data` (a status line, headers and the body by length, chunks or close). */
export function parseReply(all: Buffer, method = "GET"): RawReply | undefined {
  const data = skipInterim(all);
  const end = data.indexOf(HEAD_END);
  if (end < 0) return undefined;
  const head = parseHead(data.subarray(0, end).toString("latin1"));
  if (!head) return undefined;
  let rest = data.subarray(end + 4);
  if (method.toUpperCase() === "HEAD") rest = rest.subarray(0, 0);
  else if (head.headers["content-length"] !== undefined) rest = rest.subarray(0, Number(head.headers["content-length"]));
  else if (/chunked/i.test(head.headers["transfer-encoding"] ?? "")) rest = dechunk(rest);
  return { ...head, body: rest.toString("utf8") };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * Why a reply breaks the API's envelope, or undefined: JSON content type; an error (>= 400) is
 * `{errors:[{type,...}]}` with no `data`; a success has `data` (HEAD replies have no body).
 */
export function envelopeProblem(method: string, reply: RawReply): string | undefined {
  if (!(reply.headers["content-type"] ?? "").startsWith("application/json"))
    return `content-type is "${reply.headers["content-type"] ?? ""}"`;
  if (method.toUpperCase() === "HEAD" && reply.body === "") return undefined;
  let body: { errors?: Array<{ type?: unknown }>; data?: unknown };
  try {
    body = JSON.parse(reply.body) as typeof body;
  } catch {
    return `the body is not JSON: ${reply.body.slice(0, 80)}`;
  }
  if (reply.status >= 400) {
    const ok =
      Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((e) => typeof e.type === "string") && !("data" in body);
    return ok ? undefined : `an error reply without the envelope: ${reply.body.slice(0, 80)}`;
  }
  return "data" in body ? undefined : `a success without data: ${reply.body.slice(0, 80)}`;
}
