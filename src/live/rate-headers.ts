/**
 * Parsing of the rate-limit headers the Segment Public API sends
 * (https://docs.segmentapis.com/tag/Rate-Limits).
 */

/** `Retry-After`: whole seconds (we accept fractions) or an HTTP date. Returns the wait in ms, or undefined. */
export function parseRetryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * `X-RateLimit-Reset`: documented as an RFC 5322 date. Read defensively: a small number is
 * seconds from now, a 10-digit one epoch seconds, a 13-digit one epoch milliseconds.
 * Returns the reset time in epoch ms, or undefined.
 */
export function parseRateLimitResetMs(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    if (n >= 1e11) return Math.round(n);
    if (n >= 1e9) return Math.round(n * 1000);
    return nowMs + Math.round(n * 1000);
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}

/** `X-RateLimit-Remaining` as a number, or undefined. */
export function parseRemaining(value: string | null): number | undefined {
  if (value === null || !/^\s*-?\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/** A 429 body may say how long to wait: `errors[0].data.msBeforeNext`. */
export function msBeforeNextFromBody(text: string): number | undefined {
  try {
    const body = JSON.parse(text) as { errors?: Array<{ data?: { msBeforeNext?: unknown } }> };
    const ms = body.errors?.[0]?.data?.msBeforeNext;
    return typeof ms === "number" && Number.isFinite(ms) && ms >= 0 ? ms : undefined;
  } catch {
    return undefined;
  }
}
