/**
 * Room src/emulator/: the local Transformations API server (docs/emulator.md): store, routes,
 * validation of requests, rate limits, faults.
 * May import: src/model/, src/kinds/, src/fql/, src/desired/ (the file policy, for its config file), the ground floor.
 */
import type { Logger } from "../log.js";
import { silentLogger } from "../log.js";
import type { Transformation } from "../model/transformation.js";
import { checkEmulatorConfig, defaultEmulatorConfig } from "./config.js";
import { FaultInjector, faultsFrom } from "./faults.js";
import { Journal } from "./journal.js";
import { RateLimiter } from "./rate-limit.js";
import type { KnownPath } from "./known-paths.js";
import { emptyStats, type EmulatorRuntime, type EmulatorStats } from "./runtime.js";
import { buildServer } from "./server.js";
import { EmulatorStore, type AuditActor } from "./store.js";
import { AuditForwarder } from "./audit-forwarding.js";
import { seedFilters } from "./filter-seeds.js";
import { seedKinds } from "./kind-rules.js";
import { newId } from "./ids.js";
import { TRANSFORMATION } from "../kinds/transformation/index.js";
import { DESTINATION_FILTER } from "../kinds/destination-filter/index.js";
import type { DestinationFilter } from "../model/destination-filter-api.js";
import {
  DEFAULT_COMPAT,
  DEFAULT_MAX_BODY_BYTES,
  type CompatConfig,
  type EmulatorConfig,
  type Faults,
  tokenValue,
  type RateLimitConfig,
  type AuditForwardingConfig,
  type TokenConfig,
  type WorkspaceConfig,
} from "./types.js";

export { loadEmulatorConfig, defaultEmulatorConfig, checkEmulatorConfig } from "./config.js";
export { tokenValue } from "./types.js";
export type {
  AuditForwardingConfig,
  CompatConfig,
  EmulatorConfig,
  TokenConfig,
  WorkspaceConfig,
  Faults,
  FilterPreviewConfig,
  RateLimitConfig,
  SourceConfig,
} from "./types.js";
export type { EmulatorStats } from "./runtime.js";
export type { KnownPath } from "./known-paths.js";

export interface EmulatorOptions {
  host?: string;
  port?: number;
  /** Default: `defaultEmulatorConfig()` (workspace `ws_local`, token `local-token`). */
  config?: EmulatorConfig;
  /** Journal file: loaded when it exists, appended (fsync) on every write, compacted on close. */
  dataFile?: string;
  logger?: Logger;
  /** The emulator's clock (default Date.now); tests pass a fast one (test/helpers/fast-clock.ts). */
  now?: () => number;
}

export interface RunningEmulator {
  url: string;
  port: number;
  /** Finishes in-flight requests, persists, stops listening. */
  close(): Promise<void>;
  setFaults(faults: Partial<Faults>): void;
  /** `null` (or a rate of 0) turns the limit off. */
  setRateLimit(rateLimit: RateLimitConfig | null): void;
  /** Changes compatibility modes (`compat` of the config) from the next request on. */
  setCompat(compat: CompatConfig): void;
  /** Sets (or with null, stops) a workspace's `auditForwarding` from the next write on. */
  setAuditForwarding(workspaceId: string, forwarding: AuditForwardingConfig | null): void;
  stats(): EmulatorStats;
  resetStats(): void;
  /** Full stored objects, write-only fields included, in creation order (for test assertions). */
  transformations(workspaceId: string): Transformation[];
  /** The workspace's Destination Filters, of every destination instance, in creation order (for test assertions). */
  destinationFilters(workspaceId: string): DestinationFilter[];
  /** The paths it serves (`/sources/:sourceId`) and their methods; any other method on one of them is a 405 with `Allow`. */
  knownPaths(): KnownPath[];
}

/** Starts the emulator on `host:port` (default 127.0.0.1:4010; port 0 picks a free one). */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const config = checkEmulatorConfig(options.config ?? defaultEmulatorConfig());
  const logger = options.logger ?? silentLogger();
  const store = seededStore(config);
  const journal = options.dataFile ? new Journal(options.dataFile, store, logger) : undefined;
  journal?.open();
  const now = options.now ?? Date.now;
  const forwarder = new AuditForwarder(logger, now);
  for (const ws of config.workspaces) if (ws.auditForwarding) forwarder.set(ws.id, ws.auditForwarding);
  const rt: EmulatorRuntime = {
    store,
    faults: new FaultInjector(faultsFrom(config.faults)),
    limiter: new RateLimiter(config.rateLimit, now),
    tokens: tokenTable(config.workspaces),
    stats: emptyStats(),
    compat: { ...DEFAULT_COMPAT, ...config.compat },
    catalog: config.catalog?.destinations ?? [],
    logger,
    now,
    persist: (record) => {
      journal?.append(record);
      if (record.audit) forwarder.forward(record.ws, record.audit);
    },
  };
  const { app, knownPaths } = buildServer(rt, config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const host = options.host ?? "127.0.0.1";
  const requestedPort = options.port ?? 4010;
  await app.listen({ host, port: requestedPort }).catch((error: unknown) => {
    journal?.release(); // the lock must not outlive a failed start
    throw error;
  });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : requestedPort;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    close: () => (closed ??= app.close().then(() => forwarder.settled().then(() => journal?.close()))),
    setFaults: (faults) => rt.faults.set(faults),
    setRateLimit: (rateLimit) => rt.limiter.set(rateLimit),
    setAuditForwarding: (workspaceId, forwarding) => {
      // Checked by the config's own schema, as one workspace of a config would be.
      if (forwarding !== null)
        checkEmulatorConfig({ workspaces: [{ id: workspaceId, slug: "s", name: "n", tokens: ["t"], auditForwarding: forwarding }] });
      forwarder.set(workspaceId, forwarding);
    },
    setCompat: (compat) => void Object.assign(rt.compat, checkEmulatorConfig({ ...config, compat }).compat),
    stats: () => structuredClone(rt.stats),
    resetStats: () => void Object.assign(rt.stats, emptyStats()),
    transformations: (workspaceId) =>
      store
        .objects(workspaceId)
        .of(TRANSFORMATION.name)
        .map((i) => structuredClone(i.object) as unknown as Transformation),
    destinationFilters: (workspaceId) =>
      store
        .objects(workspaceId)
        .of(DESTINATION_FILTER.name)
        .map((i) => structuredClone(i.object) as unknown as DestinationFilter),
    knownPaths: () => knownPaths.list(),
  };
}

function seededStore(config: EmulatorConfig): EmulatorStore {
  const store = new EmulatorStore(config.workspaces.map((w) => w.id));
  for (const ws of config.workspaces) for (const seed of ws.transformations ?? []) seedTransformation(store, ws.id, seed);
  for (const ws of config.workspaces) seedFilters(store, ws);
  for (const ws of config.workspaces) seedKinds(store, ws);
  return store;
}

/** A seed transformation (config) in its stored form, with its `id` or a new one, without an audit event. */
function seedTransformation(store: EmulatorStore, ws: string, seed: Record<string, unknown>): void {
  const id = typeof seed.id === "string" ? seed.id : newId();
  const object = TRANSFORMATION.emulator.stored(seed, { id, workspaceId: ws, at: new Date().toISOString() });
  store.seed(ws, TRANSFORMATION.name, { ...object, id });
}

/** Every token of every workspace: its workspace, its audit actor and whether it may only read. */
function tokenTable(workspaces: readonly WorkspaceConfig[]): EmulatorRuntime["tokens"] {
  return new Map(
    workspaces.flatMap((w) =>
      [
        ...w.tokens.map((token) => ({ token, readOnly: false })),
        ...(w.readOnlyTokens ?? []).map((token) => ({ token, readOnly: true })),
      ].map(
        ({ token, readOnly }, index) =>
          [tokenValue(token), { workspace: w, actor: actorOf(token, index), key: `${w.id}#${index}`, readOnly }] as const,
      ),
    ),
  );
}

/** A plain token writes as `public-api-token/<n>` (its 1-based position), as Segment names a token actor; an object names its own. */
function actorOf(token: TokenConfig, index: number): AuditActor {
  if (typeof token === "string") return { actor: `public-api-token/${index + 1}` };
  return { actor: token.actor, ...(token.actorEmail !== undefined ? { actorEmail: token.actorEmail } : {}) };
}
