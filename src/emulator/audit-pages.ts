import type { AuditEvent, PaginationOutput } from "../model/transformation.js";
import { inputError, validationFailure } from "./http-error.js";
import { decodeCursor, encodeCursor } from "./pagination.js";
import type { StoredAuditEvent } from "./store.js";

/**
 * `compat.audit: segment`: Segment's audit trail pages. A cursor is base64 of
 * `{"pageToken": <base64 of a sequence number>, "endTime": <ISO time>}` (the shape of the real
 * service's cursors, `{"pageToken":"MQ==","endTime":"2023-03-29T20:51:16.479Z"}`): the walk's
 * `endTime` is fixed by its first page, and the page token names the newest event of its page, so an
 * event written during a walk never shifts the pages still to come.
 */
export interface SegmentCursor {
  /** The sequence number of the page's first (newest) event; events with a higher one are not in the walk. */
  start: number;
  /** ISO 8601; events after it are not in the walk. */
  endTime: string;
}

export function encodeSegmentCursor(cursor: SegmentCursor): string {
  return Buffer.from(JSON.stringify({ pageToken: encodeCursor(cursor.start), endTime: cursor.endTime })).toString("base64");
}

export function decodeSegmentCursor(text: string): SegmentCursor | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { pageToken, endTime } = parsed as Record<string, unknown>;
  const start = typeof pageToken === "string" ? decodeCursor(pageToken) : undefined;
  if (start === undefined || typeof endTime !== "string" || Number.isNaN(Date.parse(endTime))) return undefined;
  return { start, endTime };
}

/** An event as Segment gives it: id `events/<n>`, `resourceType` in lower case. */
export function segmentShape({ seq, event }: StoredAuditEvent): AuditEvent {
  return { ...event, id: `events/${seq}`, resourceType: event.resourceType.toLowerCase() };
}

/**
 * One page, newest first, of `events` (oldest first, already filtered by everything but `endTime`):
 * those at or before `cursor.endTime` and not newer than `cursor.start`. `totalEntries` is absent,
 * as in Segment's replies.
 */
export function segmentPageOf(
  events: readonly StoredAuditEvent[],
  cursor: SegmentCursor,
  count: number,
): { items: StoredAuditEvent[]; pagination: PaginationOutput } {
  const end = Date.parse(cursor.endTime);
  const walk = events.filter((e) => Date.parse(e.event.timestamp) <= end).reverse();
  const from = walk.findIndex((e) => e.seq <= cursor.start);
  const at = from === -1 ? walk.length : from;
  const items = walk.slice(at, at + count);
  const pagination: PaginationOutput = { current: encodeSegmentCursor(cursor) };
  const after = walk[at + count];
  if (after) pagination.next = encodeSegmentCursor({ start: after.seq, endTime: cursor.endTime });
  if (at > 0) pagination.previous = encodeSegmentCursor({ start: walk[Math.max(0, at - count)]!.seq, endTime: cursor.endTime });
  return { items, pagination };
}

/** A query time (`startTime`, `endTime`): absent or "" is none; anything Date.parse cannot read is 422 naming the field. */
export function queryTime(value: unknown, field: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const at = typeof value === "string" ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) {
    const got = typeof value === "string" ? `"${value.slice(0, 60)}"` : "a list or object";
    throw validationFailure([inputError(field, `"${field}" must be an ISO 8601 date-time, got ${got}`)]);
  }
  return at;
}
