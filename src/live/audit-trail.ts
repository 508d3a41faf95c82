import { ApiError } from "../errors.js";
import type { AuditEvent } from "../model/transformation.js";
import type { AuditEventFilter, LiveApi } from "./live-api.js";
import { ListWalk, LIST_BUDGET, type ListBudget } from "./list-budget.js";
import { LIST_PAGE_SIZE } from "./http-live-api.js";

/** One resource's events in a window: at or after `startTime`, at or before `endTime` (default: now, as the API pins it). ISO 8601. */
export interface AuditWindow {
  resourceId: string;
  startTime: string;
  endTime?: string;
}

export type AuditTrailReader = Required<Pick<LiveApi, "listAuditEvents">>;

export interface AuditTrailOptions {
  /** Default LIST_BUDGET. */
  budget?: ListBudget;
  /** Events a page; default (and the API's most) 200. */
  pageSize?: number;
}

const ENDPOINT = "GET /audit-events";

/**
 * Every audit event of one resource in a window, newest first: the API filters (`resourceId`,
 * `startTime`, `endTime`) and the walk follows its cursors, held to `budget` (LIST_BUDGET) like every
 * list, so a server that never ends or sends huge pages stops the walk with a ListBudgetError. A
 * cursor given twice is an ApiError. What the server sends outside the filter (a server that ignores
 * it) is dropped, and the events are sorted newest first whatever order they came in (ties keep the
 * order they came in), so a caller can take the first that fits.
 */
export async function readAuditTrail(api: AuditTrailReader, window: AuditWindow, options: AuditTrailOptions = {}): Promise<AuditEvent[]> {
  const { budget = LIST_BUDGET, pageSize = LIST_PAGE_SIZE } = options;
  const filter: AuditEventFilter = {
    resourceId: window.resourceId,
    startTime: window.startTime,
    ...(window.endTime ? { endTime: window.endTime } : {}),
  };
  const walk = new ListWalk(ENDPOINT, budget);
  const kept: AuditEvent[] = [];
  const seen = new Set<string>();
  const inWindow = windowTest(window);
  let cursor: string | undefined;
  for (;;) {
    // Each page is counted before its events are kept.
    const cap = walk.replyCap();
    const page = await walk.page(() => api.listAuditEvents(cursor, pageSize, cap, filter));
    walk.take(page.bytes ?? JSON.stringify(page.items).length, page.items.length);
    kept.push(...page.items.filter(inWindow));
    if (page.next === undefined || page.next === null || page.next === "") return newestFirst(kept);
    if (seen.has(page.next))
      throw new ApiError(`${ENDPOINT}: the API gave the cursor of an earlier page again; the audit trail cannot be read to its end.`, 200);
    seen.add(page.next);
    cursor = page.next;
  }
}

function windowTest(window: AuditWindow): (e: AuditEvent) => boolean {
  const start = Date.parse(window.startTime);
  const end = window.endTime ? Date.parse(window.endTime) : Infinity;
  return (e) => {
    const at = Date.parse(e.timestamp);
    if (Number.isNaN(at))
      throw new ApiError(`malformed reply from the API: ${ENDPOINT} gave an event whose \`timestamp\` is not an ISO 8601 time.`, 200);
    return e.resourceId === window.resourceId && at >= start && at <= end;
  };
}

function newestFirst(events: AuditEvent[]): AuditEvent[] {
  return events
    .map((event, order) => ({ event, order, at: Date.parse(event.timestamp) }))
    .sort((a, b) => b.at - a.at || a.order - b.order)
    .map(({ event }) => event);
}
