import { ApiError } from "../errors.js";
import type { Logger } from "../log.js";
import { VolumePermissionError, type DailyEventVolume, type EventVolumeReads } from "../model/event-volume.js";
import { systemClock, type Clock } from "./clock.js";
import { decodeVolumeRows, malformedVolume, nextCursor, type VolumeWindow } from "./events-volume-decode.js";
import type { OwnLimitGet } from "./http-live-api.js";
import { EVENT_VOLUME_BUDGET, ListWalk } from "./list-budget.js";

/** The endpoint's own limit: "60 requests per minute" (https://docs.segmentapis.com/tag/Events). */
export const EVENTS_VOLUME_REQUESTS_PER_MINUTE = 60;
/** "Note: The limit of entries returned is 5000" (GetEventsVolumeFromWorkspaceV1Output.result). */
export const EVENTS_VOLUME_MAX_ENTRIES = 5000;
const PAGE_COUNT = 200;
const MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the reader needs of the HTTP client (HttpLiveApi.ownLimitGetter). */
export interface OwnLimitGets {
  ownLimitGetter(requestsPerMinute: number): OwnLimitGet;
}

/**
 * The event volumes over HTTP: one `GET /events/volume?granularity=DAY&groupBy=eventName,eventType&sourceId=…`
 * per source (every page), through the client's transport and retries (429, 5xx, Retry-After) but
 * paced by a pacer of its own within the endpoint's 60 requests a minute. `clock.now` places the
 * window: the last `days` complete UTC days.
 */
export function createEventVolumeReads(api: OwnLimitGets, logger: Logger, clock: Pick<Clock, "now"> = systemClock): EventVolumeReads {
  return new HttpEventVolumeReads(api.ownLimitGetter(EVENTS_VOLUME_REQUESTS_PER_MINUTE), logger, clock);
}

class HttpEventVolumeReads implements EventVolumeReads {
  private requested = 0;
  /** Each (source, days) is read once per run: a plan that asks again (before and after) spends no more of the minute. */
  private readonly cache = new Map<string, Promise<DailyEventVolume[]>>();

  constructor(
    private readonly get: OwnLimitGet,
    private readonly logger: Logger,
    private readonly clock: Pick<Clock, "now">,
  ) {}

  get calls(): number {
    return this.requested;
  }

  daily(sourceId: string, days: number): Promise<DailyEventVolume[]> {
    if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS)
      return Promise.reject(new RangeError(`days must be a whole number from 1 to ${MAX_DAYS}, got ${days}`));
    const key = JSON.stringify([sourceId, days]);
    let pending = this.cache.get(key);
    if (pending === undefined) {
      pending = this.read(sourceId, days);
      this.cache.set(key, pending);
    }
    return pending.then((rows) => rows.map((row) => ({ ...row, perDay: [...row.perDay] })));
  }

  private async read(sourceId: string, days: number): Promise<DailyEventVolume[]> {
    const endMs = Math.floor(this.clock.now() / DAY_MS) * DAY_MS;
    const window: VolumeWindow = { sourceId, startMs: endMs - days * DAY_MS, endMs, days };
    const rows = await this.readAll(window);
    this.logger.debug({ sourceId, days, rows: rows.length }, "read the daily event volume of a source");
    if (rows.length >= EVENTS_VOLUME_MAX_ENTRIES) {
      this.logger.warn(
        { sourceId, rows: rows.length },
        `GET /events/volume returns at most ${EVENTS_VOLUME_MAX_ENTRIES} rows: the events of the smallest volumes of this source are missing`,
      );
    }
    return rows;
  }

  /**
   * Every page, within EVENT_VOLUME_BUDGET: each reply capped while it streams at what the budget has
   * left, and counted before its rows are kept, so the 5,000-row cut never comes after unbounded memory.
   */
  private async readAll(window: VolumeWindow): Promise<DailyEventVolume[]> {
    const walk = new ListWalk("GET /events/volume", EVENT_VOLUME_BUDGET);
    const rows: DailyEventVolume[] = [];
    const keys = new Set<string>();
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const cap = walk.replyCap();
      const { data, bytes } = await walk.page(() => this.page(window, cursor, cap));
      walk.take(bytes, Array.isArray(data.result) ? data.result.length : 0);
      for (const row of decodeVolumeRows(data, window)) {
        const key = JSON.stringify([row.eventName ?? null, row.eventType]);
        if (keys.has(key)) throw malformedVolume(window, "one (event name, event type) has two rows");
        keys.add(key);
        rows.push(row);
      }
      cursor = nextCursor(data, window);
      if (cursor === undefined) return rows;
      if (cursors.has(cursor))
        throw malformedVolume(window, "it gave the cursor of an earlier page again; the volumes cannot be read to their end");
      cursors.add(cursor);
    }
  }

  private async page(
    window: VolumeWindow,
    cursor: string | undefined,
    maxReplyBytes: number,
  ): Promise<{ data: Record<string, unknown>; bytes: number }> {
    const query = {
      granularity: "DAY",
      startTime: new Date(window.startMs).toISOString(),
      endTime: new Date(window.endMs).toISOString(),
      groupBy: "eventName,eventType",
      sourceId: window.sourceId,
      "pagination.count": String(PAGE_COUNT),
      "pagination.cursor": cursor,
    };
    this.requested += 1;
    try {
      return await this.get("/events/volume", query, maxReplyBytes);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) throw permissionError(window.sourceId, error);
      throw error;
    }
  }
}

function permissionError(sourceId: string, cause: ApiError): VolumePermissionError {
  const error = new VolumePermissionError(
    `the token may not read event volumes (GET /events/volume of source ${sourceId} answered 403). ` +
      "Give transync a token that may read the workspace's event volumes (a Workspace Owner token can; Segment's docs name no narrower role).",
  );
  error.cause = cause;
  return error;
}
