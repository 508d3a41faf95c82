import { createLogger, type Logger } from "../../src/log.js";
import { afterEach, beforeEach, expect } from "vitest";
import { ApiError } from "../../src/errors.js";
import { ScriptedApi } from "../helpers/scripted-api.js";
import { HttpLiveApi, type HttpLiveApiDeps } from "../../src/live/http-live-api.js";
import type { ApiSettings } from "../../src/live/settings.js";

export const TOKEN = "sekret-token-123456";

/** A clock whose sleeps return at once and move time forward; records every wait. */
export function fakeClock(start = Date.now()): {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  sleeps: number[];
  random: () => number;
} {
  let time = start;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
    sleeps,
    random: () => 0.5,
  };
}

/** A pino logger at trace level writing into `lines`. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({ level: "trace", destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines };
}

export function settingsFor(baseUrl: string, overrides: Partial<ApiSettings> = {}): ApiSettings {
  return {
    baseUrl,
    token: TOKEN,
    tokenEnv: "SEGMENT_API_TOKEN",
    rate: 1000,
    maxRetries: 5,
    retryBudgetMs: 60_000,
    // Far above any local reply's time on a loaded machine: tests that mean a timeout set their own.
    timeoutMs: 60_000,
    maxReplyBytes: 32 * 1024 * 1024,
    ...overrides,
  };
}

/** An HttpLiveApi on a fake clock (no real waits) with captured logs. */
export function makeApi(baseUrl: string, settings: Partial<ApiSettings> = {}, deps: Partial<HttpLiveApiDeps> = {}) {
  const clock = fakeClock();
  const { logger, lines } = captureLogger();
  const api = new HttpLiveApi(settingsFor(baseUrl, settings), {
    logger,
    now: clock.now,
    sleep: clock.sleep,
    random: clock.random,
    ...deps,
  });
  return { api, clock, lines };
}

/** A started ScriptedApi answering from its store, holding `seedCount` objects (close it in afterEach). */
export async function startScriptedApi(seedCount = 0): Promise<{ server: ScriptedApi; baseUrl: string }> {
  const server = new ScriptedApi();
  server.seed(seedCount);
  return { server, baseUrl: await server.start() };
}

/** For each test of the calling scope: a started ScriptedApi (store fallback) and its URL, closed afterwards. */
export function useScriptedApi(): { readonly server: ScriptedApi; readonly url: string } {
  let server: ScriptedApi | undefined;
  let url = "";
  beforeEach(async () => {
    server = new ScriptedApi();
    url = await server.start();
  });
  afterEach(async () => {
    await server?.close();
  });
  return {
    get server() {
      return server as ScriptedApi;
    },
    get url() {
      return url;
    },
  };
}

/** What `promise` rejects with; the test fails if it resolves. */
export async function failureOf<E = Error>(promise: Promise<unknown>): Promise<E> {
  return promise.then(
    () => expect.fail("expected a failure"),
    (e: unknown) => e as E,
  );
}

/** The ApiError `promise` rejects with; the test fails if it resolves or rejects with anything else. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await failureOf<unknown>(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
