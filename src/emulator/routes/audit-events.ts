import type { FastifyInstance } from "fastify";
import { decodeSegmentCursor, queryTime, segmentPageOf, segmentShape } from "../audit-pages.js";
import { pageOf, readPageQuery, readPageRequest } from "../pagination.js";
import type { EmulatorRuntime } from "../runtime.js";
import type { StoredAuditEvent } from "../store.js";

type AuditQuery = Record<string, unknown>;

/**
 * listAuditEvents: `Transformation Created/Updated/Deleted` and `Destination Filter Created/Enabled/
 * Disabled/Modified/Deleted` (each kind's descriptor names its events: routes/kinds.ts), filterable by `resourceId`,
 * `resourceType`, `startTime`, `endTime`. `compat.audit: segment` (default): Segment's shape, newest
 * first, cursors that pin `endTime` (audit-pages.ts); `legacy`: random ids, oldest first.
 */
export function auditEventRoutes(app: FastifyInstance, rt: EmulatorRuntime): void {
  app.get("/audit-events", async (request) => {
    const query = request.query as AuditQuery;
    const events = rt.store.auditEvents(request.workspace!.id);
    if (rt.compat.audit === "legacy") {
      const kept = events.filter(filterOf(query, queryTime(query.endTime, "endTime"), false));
      const page = pageOf(kept, readPageRequest(query), rt.compat.cursors);
      return { data: { events: page.items.map((e) => e.event), pagination: page.pagination } };
    }
    return { data: segmentReply(events, query) };
  });
}

function segmentReply(events: readonly StoredAuditEvent[], query: AuditQuery): unknown {
  const { count, cursor } = readPageQuery(query, (c) => decodeSegmentCursor(c) !== undefined);
  const asked = queryTime(query.endTime, "endTime");
  const pinned = cursor !== undefined ? decodeSegmentCursor(cursor)! : undefined;
  // The store stamps events with the wall clock (not rt.now, a test's fixed day for volumes), so the default end is read from it too.
  const endTime = pinned?.endTime ?? new Date(asked ?? Date.now()).toISOString();
  const start = pinned?.start ?? Math.max(0, ...events.map((e) => e.seq));
  const page = segmentPageOf(events.filter(filterOf(query, undefined, true)), { start, endTime }, count);
  return { events: page.items.map(segmentShape), pagination: page.pagination };
}

/** resourceId, resourceType (any case when `anyCase`), startTime and `end` (the route's endTime, or none: the page applies it). */
function filterOf(query: AuditQuery, end: number | undefined, anyCase: boolean): (e: StoredAuditEvent) => boolean {
  const start = queryTime(query.startTime, "startTime");
  const type = typeof query.resourceType === "string" ? query.resourceType : undefined;
  const sameType = (t: string): boolean => (anyCase ? t.toLowerCase() === type!.toLowerCase() : t === type);
  return ({ event }) => {
    if (query.resourceId !== undefined && event.resourceId !== query.resourceId) return false;
    if (type !== undefined && !sameType(event.resourceType)) return false;
    const at = Date.parse(event.timestamp);
    return (start === undefined || at >= start) && (end === undefined || at <= end);
  };
}
