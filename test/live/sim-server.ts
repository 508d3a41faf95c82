import { RateLimiter } from "../../src/emulator/rate-limit.js";
import type { RawReply, Send } from "../../src/live/http-send.js";
import { Pacer, withPacer } from "../../src/live/pacer.js";
import { captureLogger } from "./helpers.js";
import type { SimClock } from "./sim-clock.js";

export interface SimServerOptions {
  /** The server's limit, requests per second, which the client is not told. */
  rate: number;
  burst?: number;
  windowSeconds?: number;
  /** Round trip of one request, ms; the limit is taken half-way. */
  latencyMs?: number;
  /** false: a server that sends no X-RateLimit-* headers, only 429 + Retry-After. */
  headers?: boolean;
}

/** A fake server on the SimClock, limited by the emulator's own RateLimiter; counts its answers. */
export function simServer(
  clock: SimClock,
  options: SimServerOptions,
): { send: Send; answered: Record<number, number>; limiter: RateLimiter } {
  const limiter = new RateLimiter(
    { requestsPerSecond: options.rate, burst: options.burst, windowSeconds: options.windowSeconds },
    clock.now,
  );
  const answered: Record<number, number> = {};
  const half = (options.latencyMs ?? 10) / 2;
  const send: Send = async () => {
    await clock.sleep(half);
    const decision = limiter.take("ws");
    const headers = new Headers(options.headers === false ? {} : decision.headers);
    if (!decision.allowed) headers.set("retry-after", String(Math.max(1, Math.ceil(decision.msBeforeNext / 1000))));
    await clock.sleep(half);
    const status = decision.allowed ? 200 : 429;
    answered[status] = (answered[status] ?? 0) + 1;
    return { status, headers, text: "{}" } satisfies RawReply;
  };
  return { send, answered, limiter };
}

/** `workers` callers sending through one Pacer for `durationMs` of simulated time; `sentAt` = when each left the pacer. */
export async function drive(
  clock: SimClock,
  send: Send,
  options: { workers: number; durationMs: number; ceiling?: number; startRate?: number },
) {
  const { logger, lines } = captureLogger();
  const pacer = new Pacer({ clock, logger, ceiling: options.ceiling, startRate: options.startRate });
  const sentAt: number[] = [];
  const paced = withPacer((request) => (sentAt.push(clock.now()), send(request)), pacer);
  const end = clock.now() + options.durationMs;
  const worker = async (): Promise<void> => {
    while (clock.now() < end) {
      await paced({ method: "GET", path: "/" });
    }
  };
  await clock.run(Promise.all(Array.from({ length: options.workers }, worker)), options.durationMs + 120_000);
  return { pacer, sentAt, lines };
}
