import { ApiError } from "../errors.js";
import type { DailyEventVolume } from "../model/event-volume.js";
import { describeValue } from "../kinds/transformation/decode-fields.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The window of one read: `days` UTC days ending at `endMs` (a midnight, exclusive). */
export interface VolumeWindow {
  sourceId: string;
  startMs: number;
  endMs: number;
  days: number;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A reply Segment's Public API would not send. Server strings are never quoted (a lying server could
 * echo the token): only paths into the reply and the kinds of values found there.
 */
export function malformedVolume(window: VolumeWindow, detail: string): ApiError {
  return new ApiError(`GET /events/volume of source ${window.sourceId}: malformed reply from the API: ${detail}.`, 200);
}

/** A page's rows (`data.result`), each checked: its names are strings, its counts whole numbers ≥ 0 on days of the window. */
export function decodeVolumeRows(data: Json, window: VolumeWindow): DailyEventVolume[] {
  const result = data.result;
  if (!Array.isArray(result)) throw malformedVolume(window, `\`data.result\` is ${describeValue(result)}, not an array`);
  return result.map((row, i) => decodeRow(row, `data.result[${i}]`, window));
}

function decodeRow(row: unknown, at: string, window: VolumeWindow): DailyEventVolume {
  if (!isObject(row)) throw malformedVolume(window, `\`${at}\` is ${describeValue(row)}, not an object`);
  const { eventName, eventType, source, total, series } = row;
  if (eventName !== undefined && eventName !== null && (typeof eventName !== "string" || eventName === "")) {
    throw malformedVolume(window, `\`${at}.eventName\` is ${describeValue(eventName)}, not a non-empty string`);
  }
  if (typeof eventType !== "string" || eventType === "")
    throw malformedVolume(
      window,
      `\`${at}.eventType\` is ${describeValue(eventType)}, not a non-empty string (the read groups by eventType)`,
    );
  if (isObject(source) && source.id !== undefined && source.id !== window.sourceId)
    throw malformedVolume(window, `\`${at}.source.id\` names another source than the one asked for`);
  count(total, `${at}.total`, window);
  const perDay = perDayOf(series, `${at}.series`, window);
  return { sourceId: window.sourceId, ...(typeof eventName === "string" ? { eventName } : {}), eventType, perDay };
}

/** The series as counts per day of the window, oldest first; a day the series does not name had no events. */
function perDayOf(series: unknown, at: string, window: VolumeWindow): number[] {
  if (!Array.isArray(series)) throw malformedVolume(window, `\`${at}\` is ${describeValue(series)}, not an array`);
  const perDay = new Array<number>(window.days).fill(0);
  const seen = new Set<number>();
  series.forEach((point, k) => {
    if (!isObject(point)) throw malformedVolume(window, `\`${at}[${k}]\` is ${describeValue(point)}, not an object`);
    const day = dayIndex(point.time, `${at}[${k}].time`, window);
    if (seen.has(day)) throw malformedVolume(window, `\`${at}[${k}].time\` names a day an earlier point of the series already gave`);
    seen.add(day);
    perDay[day] = count(point.count, `${at}[${k}].count`, window);
  });
  return perDay;
}

function dayIndex(time: unknown, at: string, window: VolumeWindow): number {
  const ms = typeof time === "string" ? Date.parse(time) : NaN;
  if (Number.isNaN(ms)) throw malformedVolume(window, `\`${at}\` is ${describeValue(time)}, not an ISO 8601 date-time`);
  const day = (ms - window.startMs) / DAY_MS;
  if (!Number.isInteger(day) || day < 0 || day >= window.days)
    throw malformedVolume(window, `\`${at}\` is not the start of a UTC day of the ${window.days}-day window asked for`);
  return day;
}

function count(value: unknown, at: string, window: VolumeWindow): number {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  throw malformedVolume(window, `\`${at}\` is ${describeValue(value)}, not a whole number of events ≥ 0`);
}

/** `data.pagination.next`: a non-empty string when another page follows. */
export function nextCursor(data: Json, window: VolumeWindow): string | undefined {
  const pagination = data.pagination;
  if (pagination === undefined || pagination === null) return undefined;
  if (!isObject(pagination)) throw malformedVolume(window, `\`data.pagination\` is ${describeValue(pagination)}, not an object`);
  const next = pagination.next;
  if (next === undefined || next === null || next === "") return undefined;
  if (typeof next !== "string") throw malformedVolume(window, `\`data.pagination.next\` is ${describeValue(next)}, not a string`);
  return next;
}
