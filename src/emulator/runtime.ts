import type { Logger } from "../log.js";
import type { AuditActor, EmulatorStore, StoreRecord } from "./store.js";
import type { FaultInjector } from "./faults.js";
import type { RateLimiter } from "./rate-limit.js";
import type { CatalogDestinationConfig, CompatConfig, WorkspaceConfig } from "./types.js";

/** Who writes with a token: its audit actor (and e-mail), and its own rate-limit key (`<workspace>#<n>`). */
export interface TokenHolder {
  workspace: WorkspaceConfig;
  actor: AuditActor;
  key: string;
  readOnly: boolean;
}

export interface EmulatorStats {
  requests: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, number>;
}

/** Everything the routes and hooks share; one per running emulator (no module singletons). */
export interface EmulatorRuntime {
  store: EmulatorStore;
  faults: FaultInjector;
  limiter: RateLimiter;
  /** token -> workspace, who its writes are recorded as (the token itself is never stored) and whether it may only read. */
  tokens: Map<string, TokenHolder>;
  stats: EmulatorStats;
  /** Read per request, so `setCompat()` takes effect at once. */
  compat: Required<CompatConfig>;
  /** Segment's destination catalog, the same for every workspace. */
  catalog: readonly CatalogDestinationConfig[];
  logger: Logger;
  /** The emulator's clock (epoch ms): rate limits and the days of `GET /events/volume`. */
  now: () => number;
  /** Makes a committed record durable (journal append + fsync) before the reply. */
  persist(record: StoreRecord): void;
}

export function emptyStats(): EmulatorStats {
  return { requests: 0, byStatus: {}, byRoute: {} };
}

export function countStatus(stats: EmulatorStats, status: number | string): void {
  const key = String(status);
  stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
}
