import type { FastifyInstance } from "fastify";
import { HttpError } from "../http-error.js";
import { DAY_MS, readVolumeQuery, type Dimension, type VolumeQuery } from "../events-volume-query.js";
import { pageOf, readPageRequest } from "../pagination.js";
import { RateLimiter } from "../rate-limit.js";
import type { EmulatorRuntime } from "../runtime.js";
import type { VolumeConfig, WorkspaceConfig } from "../types.js";

/** "Note: The limit of entries returned is 5000" (GetEventsVolumeFromWorkspaceV1Output.result): the series with the largest totals. */
export const MAX_VOLUME_ENTRIES = 5000;
/** The endpoint's own limit, "60 requests per minute" (https://docs.segmentapis.com/tag/Events), in fixed minutes per token. */
export const EVENTS_VOLUME_RATE = { requestsPerSecond: 1, windowSeconds: 60 };
/** What Segment's example reply names as `path`. */
const OBSERVABILITY_PATH = "/observability/event_volume/v2.json";

interface Row {
  key: string;
  sourceId?: string;
  eventName?: string;
  eventType?: string;
  counts: number[];
  total: number;
}

/** getEventsVolumeFromWorkspace: the workspace's `volumes`, bucketed per UTC day, grouped and filtered as asked. */
export function eventVolumeRoutes(app: FastifyInstance, rt: EmulatorRuntime): void {
  const limiter = new RateLimiter(EVENTS_VOLUME_RATE, rt.now);
  app.get("/events/volume", { config: { ownRateLimit: limiter } }, async (request) => {
    const ws = request.workspace!;
    if (ws.volumes === undefined) {
      throw new HttpError(403, [
        {
          type: "Forbidden",
          message: `workspace ${ws.id} of the emulator declares no volumes, so it answers as Segment does to a token that may not read event volumes; add volumes: to its config`,
        },
      ]);
    }
    const query = readVolumeQuery(request.query as Record<string, unknown>);
    const rows = volumeRows(ws.volumes, query, rt.now()).slice(0, MAX_VOLUME_ENTRIES);
    const page = pageOf(
      rows.map((item, seq) => ({ seq, item })),
      readPageRequest(request.query as Record<string, unknown>),
      rt.compat.cursors,
    );
    const result = page.items.map(({ item }) => rowJson(ws, item, query));
    return { data: { path: OBSERVABILITY_PATH, query: queryJson(ws, query), result, pagination: page.pagination } };
  });
}

/** The rows with events in the window, largest total first (as Segment orders them), then by their dimensions. */
function volumeRows(volumes: readonly VolumeConfig[], query: VolumeQuery, nowMs: number): Row[] {
  const buckets = bucketStarts(query);
  const rows = new Map<string, Row>();
  for (const volume of volumes.filter((v) => matches(v, query))) {
    const dims = pick(volume, query.groupBy);
    const key = JSON.stringify([dims.sourceId ?? null, dims.eventName ?? null, dims.eventType ?? null]);
    const row = rows.get(key) ?? { key, ...dims, counts: buckets.map(() => 0), total: 0 };
    rows.set(key, row);
    buckets.forEach((start, i) => {
      const count = Math.round(dayCount(volume, start, nowMs) * overlap(start, query));
      row.counts[i]! += count;
      row.total += count;
    });
  }
  return [...rows.values()].filter((r) => r.total > 0).sort((a, b) => b.total - a.total || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function matches(volume: VolumeConfig, { filters }: VolumeQuery): boolean {
  // The emulator's volumes carry no app version: an appVersion filter keeps nothing.
  if (filters.appVersion !== undefined) return false;
  if (filters.sourceId !== undefined && !filters.sourceId.includes(volume.sourceId)) return false;
  if (filters.eventType !== undefined && !filters.eventType.includes(volume.eventType)) return false;
  return filters.eventName === undefined || (volume.eventName !== undefined && filters.eventName.includes(volume.eventName));
}

function pick(volume: VolumeConfig, groupBy: readonly Dimension[]): Pick<Row, "sourceId" | "eventName" | "eventType"> {
  const dims: Pick<Row, "sourceId" | "eventName" | "eventType"> = {};
  if (groupBy.includes("source")) dims.sourceId = volume.sourceId;
  if (groupBy.includes("eventName") && volume.eventName !== undefined) dims.eventName = volume.eventName;
  if (groupBy.includes("eventType")) dims.eventType = volume.eventType;
  return dims;
}

/** The UTC days the window touches: a bucket starts at midnight, the first at the day of startTime. */
function bucketStarts({ startMs, endMs }: VolumeQuery): number[] {
  const starts: number[] = [];
  for (let day = Math.floor(startMs / DAY_MS) * DAY_MS; day < endMs; day += DAY_MS) starts.push(day);
  return starts;
}

/** The share of the day inside the window: a window that cuts a day gets that share of its events. */
function overlap(dayStart: number, { startMs, endMs }: VolumeQuery): number {
  return (Math.min(dayStart + DAY_MS, endMs) - Math.max(dayStart, startMs)) / DAY_MS;
}

/** The config's count of one day: the last `perDay` entry is yesterday; today and earlier days have none. */
function dayCount(volume: VolumeConfig, dayStart: number, nowMs: number): number {
  const daysAgo = (Math.floor(nowMs / DAY_MS) * DAY_MS - dayStart) / DAY_MS;
  if (daysAgo < 1 || daysAgo > volume.perDay.length) return 0;
  return volume.perDay[volume.perDay.length - daysAgo]!;
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function rowJson(ws: WorkspaceConfig, row: Row, query: VolumeQuery): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  if (row.sourceId !== undefined) {
    const declared = ws.sources?.find((s) => s.id === row.sourceId);
    json.source = declared
      ? { id: declared.id, name: declared.name ?? declared.slug ?? declared.id, slug: declared.slug ?? declared.id }
      : { id: row.sourceId };
  }
  if (row.eventName !== undefined) json.eventName = row.eventName;
  if (row.eventType !== undefined) json.eventType = row.eventType;
  json.total = row.total;
  json.series = bucketStarts(query).map((start, i) => ({ time: isoSeconds(start), count: row.counts[i]! }));
  return json;
}

function queryJson(ws: WorkspaceConfig, query: VolumeQuery): Record<string, unknown> {
  const json: Record<string, unknown> = {
    workspaceId: ws.id,
    granularity: query.granularity,
    startTime: query.startTime,
    endTime: query.endTime,
  };
  if (query.groupBy.length > 0) json.groupBy = query.groupBy;
  Object.assign(json, query.filters, { limit: MAX_VOLUME_ENTRIES });
  return json;
}
