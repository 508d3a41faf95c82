/**
 * Room src/live/: the Transformations API client (HttpLiveApi: retries, pacing), the read of
 * live state (read-live-state.ts, live-read.ts; plan's early read, plan-live-read.ts) and the
 * client built from flags (api-client.ts).
 * May import: src/model/, src/kinds/, the ground floor; never what reads files or git.
 */
export type { ApiStats, LiveApi, Page, WaitListener } from "./live-api.js";
export * from "./settings.js";
export * from "./clock.js";
export * from "./http-send.js";
export * from "./rate-headers.js";
export * from "./retry.js";
export * from "./pacer.js";
export * from "./cubic-rate.js";
export * from "./server-budget.js";
export * from "./decode.js";
export * from "./http-live-api.js";
export * from "./read-live-state.js";
export * from "./complete-list.js";
export * from "./api-hosts.js";
export * from "./live-read.js";
export * from "./wait-listeners.js";
export * from "./read-window.js";
