import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./http-error.js";
import { shorten } from "../secrets/redact-cuts.js";

/**
 * An oversize body is read and discarded up to this many bytes before the 413 is sent, so a
 * client that writes its whole body before reading (node:http, curl) receives the 413 instead of
 * a connection reset. Beyond it the 413 goes out at once and the connection is closed.
 */
export const DISCARD_CAP_BYTES = 64 * 1024 * 1024;

/** A request body that sends nothing for this long is answered 408. */
export const BODY_IDLE_MS = 5000;

/** The 413 of the real service, with `Connection: close` (the rest of the body is not read). */
export function payloadTooLarge(limit: number): HttpError {
  return new HttpError(413, [{ type: "PayloadLimitError", message: `The payload limit size has been reached (${limit} bytes)` }], {
    connection: "close",
  });
}

/**
 * Parses every body as JSON whatever its declared type (the API speaks only JSON): empty is no
 * body, not JSON is 400, over `limit` is 413 after the body was read and discarded (up to the cap).
 */
export function installJsonParser(app: FastifyInstance, limit: number): void {
  // fastify answers a type it cannot parse (`!!!`, `;;;`, an empty header) with a 415 before any
  // parser runs; the real service reads every body as JSON whatever its type (docs/emulator.md), so
  // the declared type is set aside before parsing.
  app.addHook("preParsing", async (request, _reply, payload) => {
    if (request.headers["content-type"] !== undefined) request.raw.headers["content-type"] = "application/json";
    return payload;
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (request, payload, done) => {
    readBody(request, payload, limit)
      .then(parseJson)
      .then(
        (body) => done(null, body),
        (error: Error) => done(error, undefined),
      );
  });
}

function readBody(request: FastifyRequest, payload: NodeJS.ReadableStream, limit: number): Promise<string> {
  const declared = Number(request.headers["content-length"]);
  if (declared > DISCARD_CAP_BYTES) return Promise.reject(payloadTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > DISCARD_CAP_BYTES) {
        payload.removeListener("data", onData);
        payload.pause();
        reject(payloadTooLarge(limit));
      } else if (size <= limit) chunks.push(chunk);
      else chunks.length = 0; // over the limit: keep reading, keep nothing
    };
    // A body that stops arriving (a client that declared more than it sent, a parser stuck after
    // an Upgrade header) is answered instead of holding the connection until node's 5-minute limit.
    const idle = setTimeout(() => {
      payload.removeListener("data", onData);
      reject(
        new HttpError(408, [{ type: "RequestTimeout", message: `the request body stopped arriving for ${BODY_IDLE_MS} ms` }], {
          connection: "close",
        }),
      );
    }, BODY_IDLE_MS);
    idle.unref();
    payload.on("data", () => idle.refresh());
    payload.on("data", onData);
    payload.on("close", () => clearTimeout(idle));
    payload.on("end", () => {
      clearTimeout(idle);
      if (size > limit) reject(payloadTooLarge(limit));
      else resolve(Buffer.concat(chunks).toString("utf8"));
    });
    payload.on("error", () =>
      reject(
        new HttpError(400, [
          { type: "BadRequest", message: "the request body could not be read (the connection failed or the body was malformed)" },
        ]),
      ),
    );
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, [
      { type: "BadRequest", message: `the request body is not valid JSON: ${shorten((error as Error).message, 200)}` },
    ]);
  }
}
