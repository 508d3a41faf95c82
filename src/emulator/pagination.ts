import { inputError, validationFailure } from "./http-error.js";
import { shorten } from "./envelope.js";
import type { PaginationOutput } from "../model/transformation.js";

export const DEFAULT_PAGE_COUNT = 200;
export const MAX_PAGE_COUNT = 200;

export interface PageRequest {
  /** Sequence number the page starts at (items with seq >= start). */
  start: number;
  count: number;
}

/**
 * Reads `pagination.count`/`pagination.cursor` in dot form (docs, Java SDK) and bracket form
 * (`pagination[count]`, the TS/Go SDKs' deepObject encoding; fastify's querystring parser keeps
 * both as flat keys). A JSON `pagination={"count":..}` (Python SDK) is accepted too.
 */
export function readPageRequest(query: Record<string, unknown>): PageRequest {
  const { count, cursor } = readPageQuery(query, (c) => decodeCursor(c) !== undefined);
  return { start: cursor === undefined ? 0 : decodeCursor(cursor)!, count };
}

/**
 * `pagination.count` checked (1..200, default 200) and the cursor as sent (absent for the first
 * page), which `isCursor` accepts (else 422): routes with cursors of their own read it themselves.
 */
export function readPageQuery(query: Record<string, unknown>, isCursor: (cursor: string) => boolean): { count: number; cursor?: string } {
  const json = parseJsonPagination(query.pagination);
  const rawCount = first(query["pagination.count"] ?? query["pagination[count]"] ?? json.count);
  const rawCursor = first(query["pagination.cursor"] ?? query["pagination[cursor]"] ?? json.cursor);
  const errors = [];
  let count = DEFAULT_PAGE_COUNT;
  if (rawCount !== undefined) {
    count = rawCount === NOT_SCALAR ? NaN : Number(rawCount);
    if (rawCount === NOT_SCALAR || !/^\s*\d+\s*$/.test(rawCount) || count < 1 || count > MAX_PAGE_COUNT) {
      const got = rawCount === NOT_SCALAR ? "a JSON array or object" : `"${shorten(rawCount)}"`;
      errors.push(inputError("pagination.count", `"pagination.count" must be a whole number from 1 to ${MAX_PAGE_COUNT}, got ${got}`));
    }
  }
  const cursor = rawCursor === undefined || rawCursor === "" ? undefined : rawCursor;
  if (cursor === NOT_SCALAR || (cursor !== undefined && !isCursor(cursor)))
    errors.push(inputError("pagination.cursor", `"pagination.cursor" is not a cursor this API returned`));
  if (errors.length > 0) throw validationFailure(errors);
  return { count, ...(cursor !== undefined ? { cursor: cursor as string } : {}) };
}

/** A repeated query key counts once; a JSON value must be a string or a number (a deep array or an object is 422). */
function first(value: unknown): string | undefined | typeof NOT_SCALAR {
  const one: unknown = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return undefined;
  return typeof one === "string" || typeof one === "number" ? String(one) : NOT_SCALAR;
}

const NOT_SCALAR = Symbol("not a string or number");

function parseJsonPagination(value: unknown): Record<string, unknown> {
  if (typeof value !== "string") return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    throw validationFailure([inputError("pagination", `"pagination" must be an object (pagination.count, pagination.cursor)`)]);
  }
}

/** Cursors are base64 of a decimal sequence number ("MA==" is the first page), opaque to clients. */
export function encodeCursor(seq: number): string {
  return Buffer.from(String(seq)).toString("base64");
}

export function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cursor)) return undefined;
  const text = Buffer.from(cursor, "base64").toString("utf8");
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * One page of items ordered by creation sequence. Keyset pagination: a cursor names the first
 * sequence number of its page, so paging while others create (appended at the end) or delete
 * never skips or repeats a surviving item.
 */
export function pageOf<T extends { seq: number }>(
  items: readonly T[],
  req: PageRequest,
  cursors: "sequence" | "offset" = "sequence",
): { items: T[]; pagination: PaginationOutput } {
  if (cursors === "offset") return offsetPageOf(items, req);
  const from = firstIndexAtOrAfter(items, req.start);
  const page = items.slice(from, from + req.count);
  const pagination: PaginationOutput = { current: encodeCursor(req.start) };
  const after = items[from + req.count];
  if (after) pagination.next = encodeCursor(after.seq);
  if (from > 0) pagination.previous = encodeCursor(items[Math.max(0, from - req.count)]!.seq);
  pagination.totalEntries = items.length;
  return { items: page, pagination };
}

/**
 * `compat.cursors: offset`, the real service's cursors (`MA==` = 0, `Mw==` = 3): a cursor is a
 * position in the current list, so when an earlier item is deleted during a read, the item that
 * moves into the page already read is skipped.
 */
function offsetPageOf<T>(items: readonly T[], req: PageRequest): { items: T[]; pagination: PaginationOutput } {
  const from = req.start;
  const pagination: PaginationOutput = { current: encodeCursor(from) };
  if (from + req.count < items.length) pagination.next = encodeCursor(from + req.count);
  if (from > 0) pagination.previous = encodeCursor(Math.max(0, from - req.count));
  pagination.totalEntries = items.length;
  return { items: items.slice(from, from + req.count), pagination };
}

function firstIndexAtOrAfter(items: readonly { seq: number }[], seq: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid]!.seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
