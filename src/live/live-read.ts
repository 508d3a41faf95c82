import { InterruptedError } from "../errors.js";
import type { Logger } from "../log.js";
import type { Transformation } from "../model/transformation.js";
import type { LiveApi } from "./live-api.js";
import type { LiveState } from "../model/live-state.js";
import { listComplete, type ListResult } from "./complete-list.js";
import { READ_WINDOW_MAX, ReadWindow } from "./read-window.js";

export interface LiveReadOptions {
  /** Most gets in flight at once (apply's and reconcile's `--concurrency`); default READ_WINDOW_MAX. Within it, the number follows the server (ReadWindow). */
  concurrency?: number;
  /** Ctrl-C: no page and no get starts after it. */
  signal?: AbortSignal;
  /** Told when an inconsistent list is read again. */
  logger?: Logger;
  /** The time each get is measured by, ms (the window follows latency); default `performance.now` (tests pass a scripted clock's `now`). */
  now?: () => number;
}

/** Objects the pick runs over in one turn of the event loop: a page of the list (200). */
const DECIDE_SLICE = 200;

interface GetJob {
  id: string;
  attempt: number;
  resolve: (t: Transformation) => void;
  reject: (error: unknown) => void;
}

/**
 * One read of live state whose list starts at construction, so it runs while the caller does other
 * work (reading and validating the desired documents). Once the caller knows which objects it will
 * need in full (`prefetch`), each is fetched with `get` as soon as the page holding it arrives,
 * as many at once as the server's budget and latency allow (ReadWindow, at most `concurrency`),
 * instead of after the whole list. What `state` and `details` return is
 * what a list followed by those gets returns: the same objects, the same call count; the list keeps
 * every check of listComplete (a read made again from the start drops the gets of the first).
 */
export class LiveRead {
  private readonly listing: Promise<ListResult>;
  private readonly window: ReadWindow;
  private attempt = 0;
  private listed: Transformation[] = [];
  private decided = 0;
  private pick: ((t: Transformation) => boolean) | undefined;
  private gets = new Map<string, Promise<Transformation>>();
  private queue: GetJob[] = [];
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;
  private closed = false;
  private decideQueued = false;

  constructor(
    private readonly api: LiveApi,
    private readonly options: LiveReadOptions = {},
  ) {
    this.window = new ReadWindow(Math.max(1, Math.floor(options.concurrency ?? READ_WINDOW_MAX)));
    const { signal, logger } = options;
    this.listing = listComplete(api, { signal, logger, onPage: (items, attempt) => this.onPage(items, attempt) });
    // Observed by state(); a read the caller abandons (close) must not become an unhandled rejection.
    this.listing.catch(() => undefined);
  }

  /** Which listed objects to fetch in full: those listed already at once, later ones as their page arrives. */
  prefetch(pick: (t: Transformation) => boolean): void {
    this.pick = pick;
    this.decide();
  }

  /** The list, complete and sorted by id (objects as listed); `GET /` only when the list is empty. */
  async state(): Promise<LiveState> {
    const listed = await this.listing;
    const fromItems = listed.items.find((t) => typeof t.workspaceId === "string" && t.workspaceId !== "")?.workspaceId;
    const workspaceId = fromItems ?? (await this.api.getWorkspace()).id;
    const transformations = [...listed.items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { workspaceId, transformations, apiCalls: (fromItems === undefined ? 1 : 0) + listed.calls };
  }

  /** `live` with the objects `ids` replaced by their `get` replies (prefetched, or fetched now) and the gets counted. */
  async details(live: LiveState, ids: readonly string[]): Promise<LiveState> {
    if (ids.length === 0) return live;
    const full = await Promise.all(ids.map((id) => this.get(id)));
    const byId = new Map(full.map((t) => [t.id, t]));
    return { ...live, transformations: live.transformations.map((t) => byId.get(t.id) ?? t), apiCalls: live.apiCalls + ids.length };
  }

  /** Starts nothing more and waits for what is in flight (errors ignored): nothing outlives the read. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue = [];
    await Promise.allSettled([this.listing, ...this.running]);
  }

  private onPage(items: readonly Transformation[], attempt: number): void {
    if (attempt !== this.attempt) {
      // The list is read again from the start: what the first read fetched may be stale.
      this.attempt = attempt;
      this.listed = [];
      this.decided = 0;
      this.gets = new Map();
      this.queue = [];
      this.failure = undefined;
    }
    this.listed.push(...items);
    // Decided on the next turn of the event loop: the request of the next page goes out first, so
    // the work per object (the caller's pick) runs while that page is on the wire, not before it.
    this.decideNextTurn();
  }

  /**
   * Runs the pick over the objects listed since the last turn, a page's worth (DECIDE_SLICE) per
   * turn of the event loop: when the pick is set late (plan's documents are checked while the list
   * pages), the pages listed by then are decided in slices, and a page that arrives meanwhile has its
   * next page requested between two slices, not after all of them.
   */
  private decide(): void {
    const pick = this.pick;
    if (pick === undefined || this.closed) return;
    const end = Math.min(this.listed.length, this.decided + DECIDE_SLICE);
    for (; this.decided < end; this.decided++) {
      const t = this.listed[this.decided]!;
      if (pick(t)) void this.get(t.id);
    }
    if (this.decided < this.listed.length) this.decideNextTurn();
  }

  private decideNextTurn(): void {
    if (this.decideQueued) return;
    this.decideQueued = true;
    setImmediate(() => {
      this.decideQueued = false;
      this.decide();
    });
  }

  private get(id: string): Promise<Transformation> {
    const known = this.gets.get(id);
    if (known) return known;
    const promise = new Promise<Transformation>((resolve, reject) => this.queue.push({ id, attempt: this.attempt, resolve, reject }));
    promise.catch(() => undefined); // a prefetch nobody asks for may fail unobserved
    this.gets.set(id, promise);
    this.pump();
    return promise;
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.window.size() && this.queue.length > 0) {
      const job = this.queue.shift()!;
      // After one get failed, no more start (as mapConcurrent): the failure is the answer.
      if (this.failure) {
        job.reject(this.failure.error);
        continue;
      }
      const run = this.fetch(job).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  /** What the client's statistics say after a read: 429s seen and the budget left (the window follows them). */
  private observe(latencyMs: number): void {
    const stats = this.api.stats();
    this.window.observe({ latencyMs, throttled: stats.byStatus["429"] ?? 0, remaining: stats.rateLimitRemaining });
  }

  private async fetch(job: GetJob): Promise<void> {
    try {
      if (this.options.signal?.aborted) throw new InterruptedError("Interrupted while reading live state.");
      const now = this.options.now ?? (() => performance.now());
      const started = now();
      const got = await this.api.get(job.id);
      this.observe(now() - started);
      job.resolve(got);
    } catch (error) {
      this.observe(Infinity);
      if (job.attempt === this.attempt) this.failure ??= { error };
      job.reject(error);
    }
  }
}
