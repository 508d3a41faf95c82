import type { ApiSettings } from "./settings.js";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface ApiRequest {
  method: HttpMethod;
  /** Path below the base URL, starting with `/`. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** A POST that changes nothing (a preview): repeated after a 5xx or a lost reply like a GET. */
  readOnly?: boolean;
  /** A lower cap of this reply's body than the client's (`maxReplyBytes`): what a list walk has left (list-budget.ts). */
  maxReplyBytes?: number;
}

/** A reply as received: any status, body unparsed. */
export interface RawReply {
  status: number;
  headers: Headers;
  text: string;
}

export type Send = (request: ApiRequest) => Promise<RawReply>;

/** Error codes that mean the request never left this machine, so even a POST is safe to repeat. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** The network failed; `maybeSent` tells whether the server may have seen the request. */
export class TransportFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly maybeSent: boolean,
    readonly aborted: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "TransportFailure";
  }
}

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error && error.name === "TimeoutError" ? "TIMEOUT" : "NETWORK";
}

function toFailure(error: unknown, callerSignal: AbortSignal | undefined, timeoutMs: number): TransportFailure {
  if (callerSignal?.aborted) return new TransportFailure("request aborted", "ABORTED", true, true, { cause: error });
  const code = errorCode(error);
  // Messages name only the code: fetch's own texts can quote request details. A timeout names the
  // bound it hit (`--timeout`), so a reader can tell a slow server from a bound set too low.
  const text = code === "TIMEOUT" ? `request timed out (timeout ${timeoutMs / 1000} s)` : `network error (${code})`;
  return new TransportFailure(text, code, !NOT_SENT_CODES.has(code), false, { cause: error });
}

export function buildUrl(baseUrl: string, request: ApiRequest): string {
  const url = new URL(baseUrl + (request.path === "/" ? "/" : request.path));
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

export interface HttpSendOptions {
  settings: ApiSettings;
  userAgent: string;
  fetch: typeof fetch;
}

/** One HTTP attempt with Node's fetch: never throws for a status, throws TransportFailure otherwise. */
export function createHttpSend({ settings, userAgent, fetch: fetchFn }: HttpSendOptions): Send {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${settings.token}`,
    Accept: "application/vnd.segment.v1+json",
    "User-Agent": userAgent,
  };
  return async (request) => {
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    const hasBody = request.body !== undefined;
    try {
      const response = await fetchFn(buildUrl(settings.baseUrl, request), {
        method: request.method,
        headers: hasBody ? { ...headers, "Content-Type": "application/json" } : headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
        signal,
        // Never followed: fetch would re-send a 307/308's body (a hash key) to whatever host the
        // Location names. A 3xx is returned as is and decoded as an error (decode.ts).
        redirect: "manual",
      });
      const text = await readCapped(response, Math.min(settings.maxReplyBytes, request.maxReplyBytes ?? Infinity));
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      throw error instanceof TransportFailure ? error : toFailure(error, request.signal, settings.timeoutMs);
    }
  };
}

function tooLarge(cap: number): TransportFailure {
  // Not retried (the same server would send the same reply); a POST's outcome is then unknown.
  return new TransportFailure(`the reply is over the ${formatBytes(cap)} cap (a broken or hostile server)`, "REPLY_TOO_LARGE", true, false);
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/**
 * The body as text, counting bytes as they stream in (after fetch's decompression), so a huge
 * reply or a gzip bomb stops at `cap` with bounded memory instead of being buffered whole first.
 */
export async function readCapped(response: Response, cap: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const stop = async (): Promise<never> => {
    await reader.cancel().catch(() => undefined);
    throw tooLarge(cap);
  };
  if (Number.isFinite(declared) && declared > cap) return stop();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) return stop();
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString("utf8");
}
