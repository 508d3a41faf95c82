import type { RunningEmulator } from "../../src/emulator/index.js";
import { TEST_TOKEN } from "../helpers/emulator.js";

export interface Reply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One real HTTP request to the emulator; the body is parsed as JSON. */
export async function call(
  emulator: RunningEmulator,
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; token?: string | null; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? TEST_TOKEN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${emulator.url}${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === "" ? undefined : JSON.parse(text) };
}

export const VALID = { name: "Rename", sourceId: "src_web", enabled: true, if: "event = 'A'" };

export async function create(emulator: RunningEmulator, input: Record<string, unknown> = {}, token?: string): Promise<Reply> {
  return call(emulator, "POST", "/transformations", { body: { ...VALID, ...input }, token });
}

/** An error reply obeys the envelope: `errors` (non-empty, each with a type) and no `data`. */
export function isErrorEnvelope(reply: Reply): boolean {
  const b = reply.body as { errors?: Array<{ type?: unknown }>; data?: unknown } | undefined;
  return (
    !!b &&
    Array.isArray(b.errors) &&
    b.errors.length > 0 &&
    b.errors.every((e) => typeof e.type === "string") &&
    !("data" in b) &&
    (reply.headers.get("content-type") ?? "").startsWith("application/json")
  );
}
