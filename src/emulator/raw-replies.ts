import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { ConnectionError } from "fastify";
import type { ApiErrorObject } from "../model/transformation.js";
import { countStatus, type EmulatorRuntime } from "./runtime.js";
import { shorten, beforeCut } from "../secrets/redact-cuts.js";

/** Longest URL written to a log line; the fuzz sends URLs of several kilobytes. */
const MAX_LOGGED_URL = 2048;

/** How long a socket answered here may keep sending before it is destroyed. */
const LINGER_MS = 5000;

export interface ReplyLine {
  method: string;
  url: string;
  status: number;
  durationMs?: number;
  /** Why node answered before fastify saw the request (a parser error code, CONNECT, Expect). */
  error?: string;
}

/** One log line and one stats count per reply, wherever in the stack it was written. */
export function recordReply(rt: EmulatorRuntime, line: ReplyLine): void {
  countStatus(rt.stats, line.status);
  // The request line only: never headers (the token is in Authorization).
  rt.logger.info({ ...line, url: shortUrl(line.url) }, "request");
}

function shortUrl(url: string): string {
  const safe = beforeCut(url);
  return safe.length > MAX_LOGGED_URL ? `${safe.slice(0, MAX_LOGGED_URL)}…(${safe.length} characters)` : safe;
}

/**
 * Node-level replies: every request node hands to fastify is counted and logged when its reply
 * finishes; the requests node answers itself (parser errors, oversize headers, timeouts, CONNECT,
 * an unmet `Expect`) get the envelope here, because they never reach fastify.
 */
export function installServerReplies(server: Server, rt: EmulatorRuntime): void {
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    rt.stats.requests += 1;
    const startedAt = process.hrtime.bigint();
    res.once("finish", () => {
      recordReply(rt, {
        method: req.method ?? "?",
        url: req.url ?? "",
        status: res.statusCode,
        durationMs: Number(process.hrtime.bigint() - startedAt) / 1e6,
      });
    });
    res.once("close", () => {
      // No reply went out: the drop fault, or the client went away first. Logged, not counted as a status.
      if (!res.writableFinished)
        rt.logger.info({ method: req.method, url: shortUrl(req.url ?? ""), dropped: true }, "request closed without a reply");
    });
  });
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    const error = { type: "MethodNotAllowed", message: "CONNECT is not supported; this API answers GET, POST, PATCH and DELETE" };
    answerOnSocket(rt, socket, { method: "CONNECT", url: req.url ?? "", status: 405, error: "CONNECT" }, error);
  });
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify({
      errors: [
        {
          type: "ExpectationFailed",
          message: `Expect "${shorten(String(req.headers.expect), 100)}" is not supported; only 100-continue is`,
        },
      ],
    });
    rt.stats.requests += 1;
    res.writeHead(417, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      connection: "close",
    });
    res.end(body);
    recordReply(rt, { method: req.method ?? "?", url: req.url ?? "", status: 417, error: "Expect" });
  });
}

/** fastify's `clientErrorHandler`: node's HTTP parser refused the request before fastify saw it. */
export function clientErrorHandler(rt: EmulatorRuntime): (error: ConnectionError, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const { status, type, message } = describeClientError(error.code);
    const packet: unknown = error.rawPacket;
    const [method, url] = requestLine(Buffer.isBuffer(packet) ? packet : undefined);
    answerOnSocket(rt, socket, { method, url, status, error: error.code ?? "unknown" }, { type, message });
  };
}

function describeClientError(code: string | undefined): { status: number; type: string; message: string } {
  if (code === "HPE_HEADER_OVERFLOW")
    return { status: 431, type: "RequestHeaderFieldsTooLarge", message: "the request headers are larger than 16 KB" };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, type: "RequestTimeout", message: "the request did not arrive in time" };
  if (code === "HPE_INVALID_METHOD")
    return { status: 400, type: "BadRequest", message: "unknown HTTP method; this API answers GET, POST, PATCH and DELETE" };
  return { status: 400, type: "BadRequest", message: `malformed HTTP request (${code ?? "unknown error"})` };
}

/** Method and target of the request line only: the rest of the packet may hold the token. */
function requestLine(packet: Buffer | undefined): [string, string] {
  const line = packet?.subarray(0, 8192).toString("latin1").split("\r\n")[0] ?? "";
  const [method, url] = line.split(" ");
  return [method && /^[A-Za-z-]{1,20}$/.test(method) ? method : "?", url ?? ""];
}

/** A whole HTTP/1.1 reply written to the socket (there is no response object at this level), then close. */
function answerOnSocket(rt: EmulatorRuntime, socket: Duplex, line: ReplyLine, error: ApiErrorObject): void {
  rt.stats.requests += 1;
  recordReply(rt, line);
  // Like node's own handler: nothing to write when a reply is already under way on this socket.
  const busy = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (!socket.writable || busy) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ errors: [error] });
  const head = [
    `HTTP/1.1 ${line.status} ${STATUS_CODES[line.status] ?? "Error"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
  ];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
  // Read (and drop) what the client still sends, so its end arrives and the socket closes: a
  // paused socket would hold server.close() forever. A client that never stops is cut off.
  socket.on("error", () => socket.destroy());
  socket.resume();
  if (socket instanceof Socket) socket.setTimeout(LINGER_MS, () => socket.destroy());
}
