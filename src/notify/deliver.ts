import { createHmac } from "node:crypto";
import { readCapped } from "../live/http-send.js";
import { systemErrorReason } from "../errors.js";

/** The most of a receiver's reply read (and dropped): enough for any acknowledgement, bounded against an endless one. */
export const MAX_REPLY_BYTES = 64 * 1024;

export type Delivery = { ok: true; status: number } | { ok: false; reason: string };

export interface Post {
  url: URL;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Ctrl-C: a post in flight is abandoned. */
  signal?: AbortSignal;
}

/** `sha256=<hex HMAC-SHA256(secret, raw body)>`: the header `X-Transync-Signature` (GitHub's form of webhook signatures). */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/**
 * One POST, never thrown: a refused connection, a name that does not resolve, a timeout (the reply's
 * body included: a receiver that drips is cut too), a non-2xx status or a redirect (not followed: the
 * signed body goes only where the variable says) come back as a reason for the log.
 */
export async function deliver(post: Post): Promise<Delivery> {
  const timeout = AbortSignal.timeout(post.timeoutMs);
  const signal = post.signal ? AbortSignal.any([timeout, post.signal]) : timeout;
  try {
    const response = await fetch(post.url, { method: "POST", body: post.body, headers: post.headers, redirect: "manual", signal });
    await readCapped(response, MAX_REPLY_BYTES).catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, reason: `the receiver answered ${response.status}` };
  } catch (error) {
    if (timeout.aborted) return { ok: false, reason: `no answer within ${post.timeoutMs / 1000} s (--notify-timeout)` };
    if (post.signal?.aborted) return { ok: false, reason: "interrupted" };
    return { ok: false, reason: networkReason(error) };
  }
}

/** fetch's `TypeError: fetch failed` says nothing: the system error under it does (ECONNREFUSED, ENOTFOUND). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const system = systemErrorReason(cause) ?? systemErrorReason(error);
  if (system !== undefined) return system;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? `network error (${code})` : "network error";
}
