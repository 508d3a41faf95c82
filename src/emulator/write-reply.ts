import type { FastifyReply, FastifyRequest } from "fastify";
import { shorten } from "./envelope.js";
import { inputError, validationFailure } from "./http-error.js";
import { countStatus, type EmulatorRuntime } from "./runtime.js";
import type { StoreRecord } from "./store.js";

/**
 * After a committed write: make it durable, then reply, unless the drop fault fires, in which
 * case the connection is destroyed with no reply (the write happened: the "unknown outcome").
 */
export function written(
  rt: EmulatorRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  record: StoreRecord,
  data: () => unknown,
): unknown {
  rt.persist(record);
  if (rt.faults.dropAfterWrite()) {
    countStatus(rt.stats, "dropped");
    reply.hijack();
    request.raw.socket.destroy();
    return reply;
  }
  return { data: data() };
}

/**
 * `compat.patchNull`: `clear` passes nulls on (they clear the clearable fields); `ignore` drops
 * them, as a server that silently ignores null would (the field stays as it was); `reject` is 422.
 */
export function nullsPerCompat(body: unknown, mode: "clear" | "ignore" | "reject"): unknown {
  if (mode === "clear" || typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const nulls = Object.keys(body).filter((key) => (body as Record<string, unknown>)[key] === null);
  if (mode === "reject" && nulls.length > 0)
    throw validationFailure(nulls.map((key) => inputError(key, `"${shorten(key)}" must not be null; omit it to leave it unchanged`)));
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}
