import type { FastifyInstance } from "fastify";
import { inputError, validationFailure } from "../http-error.js";
import { pageOf, readPageRequest } from "../pagination.js";
import type { EmulatorRuntime } from "../runtime.js";
import type { StoredAuditEvent } from "../store.js";

interface AuditQuery {
  resourceId?: string;
  resourceType?: string;
  startTime?: string;
  endTime?: string;
}

/** listAuditEvents: `Transformation Created/Updated/Deleted`, oldest first, filterable. */
export function auditEventRoutes(app: FastifyInstance, rt: EmulatorRuntime): void {
  app.get("/audit-events", async (request) => {
    const query = request.query as AuditQuery & Record<string, unknown>;
    const keep = filterOf(query);
    const events = rt.store.auditEvents(request.workspace!.id).filter(keep);
    const page = pageOf(events, readPageRequest(query), rt.compat.cursors);
    return { data: { events: page.items.map((e) => e.event), pagination: page.pagination } };
  });
}

function filterOf(query: AuditQuery): (e: StoredAuditEvent) => boolean {
  const start = timeOf(query.startTime, "startTime");
  const end = timeOf(query.endTime, "endTime");
  return ({ event }) => {
    if (query.resourceId !== undefined && event.resourceId !== query.resourceId) return false;
    if (query.resourceType !== undefined && event.resourceType !== query.resourceType) return false;
    const at = Date.parse(event.timestamp);
    return (start === undefined || at >= start) && (end === undefined || at <= end);
  };
}

function timeOf(value: string | undefined, field: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw validationFailure([inputError(field, `"${field}" must be an ISO 8601 date-time, got "${value}"`)]);
  return at;
}
