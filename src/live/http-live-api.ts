import type { Logger } from "../log.js";
import type { AuditEvent, Transformation, TransformationInput, TransformationUpdate, Workspace } from "../model/transformation.js";
import { transyncVersion } from "../version.js";
import { systemClock, type Clock } from "./clock.js";
import { ReplyDecoder } from "./decode.js";
import { createHttpSend, type ApiRequest, type Send } from "./http-send.js";
import type { ApiStats, AuditEventFilter, LiveApi, Page, WaitListener } from "./live-api.js";
import { WaitListeners } from "./wait-listeners.js";
import { withRetry, type RetriedReply, type RetryPolicy, type RetryStats } from "./retry.js";
import type { ApiSettings, WorkspaceExpectation } from "./settings.js";
import { WorkspaceMismatchError } from "../errors.js";
import { Pacer, withPacer } from "./pacer.js";
import { TRANSFORMATION } from "../kinds/transformation/index.js";

/**
 * A GET of one endpoint (HttpLiveApi.ownLimitGetter): path and query in, the reply's `data` and its
 * size out; `maxReplyBytes` caps the reply below the client's own cap.
 */
export type OwnLimitGet = (
  path: string,
  query: Record<string, string | undefined>,
  maxReplyBytes?: number,
) => Promise<{ data: Record<string, unknown>; bytes: number }>;

/** The `data` of a Public API reply, and the error that names what is wrong with it. */
export interface PublicReply {
  data: Record<string, unknown>;
  malformed(what: string): Error;
}

/** The Transformation's paths and reply keys, from its descriptor (src/kinds/transformation/index.ts). */
const { collection: COLLECTION, listKey: LIST_KEY, itemKey: ITEM_KEY } = TRANSFORMATION.api;

/** Page size of list calls: the API's per-call maximum for collections. */
export const LIST_PAGE_SIZE = 200;

export interface HttpLiveApiDeps {
  logger: Logger;
  fetch?: typeof fetch;
  sleep?: Clock["sleep"];
  now?: Clock["now"];
  random?: Clock["random"];
  /** Aborts every request of this client (Ctrl-C). */
  signal?: AbortSignal;
  /** First backoff step (default 1000 ms); tests use a few ms. */
  retryBaseMs?: number;
  /** Cap of one backoff wait (default 30 s). */
  maxWaitMs?: number;
  /** Rate before the server said anything, and the start of the probe of a server without rate-limit headers (default 10/s). */
  startRate?: number;
}

function userAgent(): string {
  return `transync/${transyncVersion()} (node ${process.versions.node})`;
}

/** The LiveApi over HTTP: fetch, wrapped as withRetry(withPacer(httpSend)). */
export class HttpLiveApi implements LiveApi {
  private readonly sendWithRetry: (request: ApiRequest) => Promise<RetriedReply>;
  private readonly decoder: ReplyDecoder;
  /** The variable the token was read from (LiveApi.tokenEnv). */
  readonly tokenEnv: string;
  private readonly pacer: Pacer;
  private readonly retryStats: RetryStats = { retries: 0, waitedMs: 0, byStatus: {} };
  private calls = 0;
  private readonly expectedWorkspace: WorkspaceExpectation | undefined;
  private workspaceCheck: Promise<void> | undefined;
  private requests = 0;
  /** The retry policy and clock of every call, for callers that repeat a call themselves (a create proven absent). */
  readonly retrySettings: { policy: RetryPolicy; clock: Clock };
  private readonly waits = new WaitListeners();
  /** One attempt, counted; what the pacers of endpoints with a limit of their own wrap too. */
  private readonly httpSend: Send;
  private readonly ceiling: number | undefined;

  constructor(
    settings: ApiSettings,
    private readonly deps: HttpLiveApiDeps,
  ) {
    const clock: Clock = {
      now: deps.now ?? systemClock.now,
      sleep: deps.sleep ?? systemClock.sleep,
      random: deps.random ?? systemClock.random,
    };
    this.decoder = new ReplyDecoder(settings.token, settings.tokenEnv);
    this.tokenEnv = settings.tokenEnv;
    this.expectedWorkspace = settings.workspace;
    const onWait = this.waits.emit;
    this.pacer = new Pacer({ ceiling: settings.rate, startRate: deps.startRate, clock, logger: deps.logger, onWait });
    const send = createHttpSend({ settings, userAgent: userAgent(), fetch: deps.fetch ?? globalThis.fetch });
    // Counted where a request leaves (after the pacer, inside the retries): each attempt once.
    const httpSend: typeof send = (request) => {
      this.requests += 1;
      return send(request);
    };
    this.httpSend = httpSend;
    this.ceiling = settings.rate;
    const policy = {
      maxRetries: settings.maxRetries,
      retryBudgetMs: settings.retryBudgetMs,
      retryBaseMs: deps.retryBaseMs,
      maxWaitMs: deps.maxWaitMs,
    };
    this.retrySettings = { policy, clock };
    this.sendWithRetry = this.pacedSend(this.pacer);
  }

  /** One attempt behind `pacer`, inside the retries of every call (their policy, clock, stats and wait events). */
  private pacedSend(pacer: Pacer): (request: ApiRequest) => Promise<RetriedReply> {
    const { policy, clock } = this.retrySettings;
    return withRetry(withPacer(this.httpSend, pacer), {
      policy,
      clock,
      logger: this.deps.logger,
      stats: this.retryStats,
      onWait: this.waits.emit,
    });
  }

  stats(): ApiStats {
    const remaining = this.pacer.rateLimitRemaining();
    return {
      calls: this.calls,
      requests: this.requests,
      ...this.retryStats,
      byStatus: { ...this.retryStats.byStatus },
      throttledMs: Math.round(this.pacer.throttledMs),
      peakInFlight: this.pacer.peakInFlight,
      ...(remaining !== undefined ? { rateLimitRemaining: remaining } : {}),
    };
  }

  onWait(listener: WaitListener): () => void {
    return this.waits.add(listener);
  }

  async getWorkspace(): Promise<Workspace> {
    const [request, reply, data] = await this.call({ method: "GET", path: "/" });
    return this.decoder.workspace(request, reply, data.workspace);
  }

  async listPage(cursor?: string, count: number = LIST_PAGE_SIZE, maxReplyBytes?: number): Promise<Page<Transformation>> {
    const query = { "pagination.count": String(count), "pagination.cursor": cursor };
    const cap = maxReplyBytes !== undefined ? { maxReplyBytes } : {};
    const [request, reply, data] = await this.call({ method: "GET", path: COLLECTION, query, ...cap });
    const page = this.decoder.page(request, reply, data, LIST_KEY);
    return {
      ...page,
      items: page.items.map((item, i) => this.decoder.transformation(request, reply, item, `data.${LIST_KEY}[${i}]`)),
      bytes: reply.text.length,
    };
  }

  async get(id: string): Promise<Transformation> {
    return this.one({ method: "GET", path: itemPath(id) });
  }

  async create(input: TransformationInput): Promise<Transformation> {
    return this.one({ method: "POST", path: COLLECTION, body: input });
  }

  async update(id: string, patch: TransformationUpdate): Promise<Transformation> {
    return this.one({ method: "PATCH", path: itemPath(id), body: patch });
  }

  async remove(id: string): Promise<void> {
    const [request, reply, data] = await this.call({ method: "DELETE", path: itemPath(id) });
    this.decoder.deleted(request, reply, data);
  }

  /** One page of audit events, filtered by the API; readAuditTrail (audit-trail.ts) walks them within a ListWalk. */
  async listAuditEvents(
    cursor?: string,
    count: number = LIST_PAGE_SIZE,
    maxReplyBytes?: number,
    filter: AuditEventFilter = {},
  ): Promise<Page<AuditEvent>> {
    const { resourceId, startTime, endTime } = filter;
    const query = { "pagination.count": String(count), "pagination.cursor": cursor, resourceId, startTime, endTime };
    const cap = maxReplyBytes !== undefined ? { maxReplyBytes } : {};
    const [request, reply, data] = await this.call({ method: "GET", path: "/audit-events", query, ...cap });
    const page = this.decoder.page(request, reply, data, "events");
    const items = page.items.map((item, i) => this.decoder.auditEvent(request, reply, item, `data.events[${i}]`));
    return { ...page, items, bytes: reply.text.length };
  }

  /**
   * One page of a Segment Public API list (`GET /sources`, `/catalog/destinations`, …) with the
   * retries, pacing and workspace check of every call: the raw items of `data[key]`, which
   * src/live/public-api.ts decodes.
   */
  async publicListPage(path: string, key: string, cursor?: string, maxReplyBytes?: number): Promise<Page<unknown>> {
    const query = { "pagination.count": String(LIST_PAGE_SIZE), "pagination.cursor": cursor };
    const [request, reply, data] = await this.call({
      method: "GET",
      path,
      query,
      ...(maxReplyBytes !== undefined ? { maxReplyBytes } : {}),
    });
    return { ...this.decoder.page(request, reply, data, key), bytes: reply.text.length };
  }

  /**
   * GETs of an endpoint with a rate limit of its own (`GET /events/volume`: 60 a minute), with the
   * transport, retries, decoding and workspace check of every call but a pacer of their own: that
   * endpoint's rate-limit headers describe its limit, not the one the other calls share. `--rate`
   * still caps it. Returns the `data` of each reply and its size; a non-2xx reply is an ApiError.
   */
  ownLimitGetter(requestsPerMinute: number): OwnLimitGet {
    const { clock } = this.retrySettings;
    const perSecond = requestsPerMinute / 60;
    const { logger } = this.deps;
    const pacer = new Pacer({
      ceiling: Math.min(this.ceiling ?? Infinity, perSecond),
      startRate: perSecond,
      clock,
      logger,
      onWait: this.waits.emit,
    });
    const send = this.pacedSend(pacer);
    return async (path, query, maxReplyBytes) => {
      const cap = maxReplyBytes !== undefined ? { maxReplyBytes } : {};
      const [, reply, data] = await this.call({ method: "GET", path, query, ...cap }, send);
      return { data, bytes: reply.text.length };
    };
  }

  /**
   * One Public API call that is not a list (`POST /destination/filters/preview`, src/live/filter-preview.ts),
   * with the retries, pacing and workspace check of every call: the reply's `data`, and `malformed`
   * to refuse what the adapter cannot use ("malformed reply from the API", the token scrubbed).
   */
  async publicCall(request: ApiRequest): Promise<PublicReply> {
    const [sent, reply, data] = await this.call(request);
    return { data, malformed: (what) => this.decoder.malformed(sent, reply, what) };
  }

  private async one(request: ApiRequest): Promise<Transformation> {
    const [, reply, data] = await this.call(request);
    return this.decoder.transformation(request, reply, data[ITEM_KEY]);
  }

  /**
   * An environment bound to a workspace: its token must reach that workspace before anything else is
   * sent, so a staging token given for prod (or the reverse) reads nothing and writes nothing.
   */
  private async checkWorkspace(expected: WorkspaceExpectation): Promise<void> {
    const workspace = await this.getWorkspace();
    if (workspace.id === expected.expected || workspace.slug === expected.expected) return;
    throw new WorkspaceMismatchError(
      `environment "${expected.env}" is bound to workspace "${expected.expected}", but the token in ${expected.tokenEnv} reaches workspace ` +
        `"${workspace.slug}" (${workspace.id}); nothing was read or written. Give ${expected.tokenEnv} a token of "${expected.expected}", or pick the environment of that workspace with --env.`,
    );
  }

  private async call(request: ApiRequest, send = this.sendWithRetry): Promise<[ApiRequest, RetriedReply, Record<string, unknown>]> {
    if (this.expectedWorkspace !== undefined && request.path !== "/") {
      this.workspaceCheck ??= this.checkWorkspace(this.expectedWorkspace);
      await this.workspaceCheck;
    }
    this.calls += 1;
    const withSignal = this.deps.signal ? { ...request, signal: this.deps.signal } : request;
    const reply = await send(withSignal);
    return [withSignal, reply, this.decoder.data(withSignal, reply)];
  }
}

function itemPath(id: string): string {
  return `${COLLECTION}/${encodeURIComponent(id)}`;
}
