import type { LiveApi } from "../live/live-api.js";
import type { AuditEvent } from "../model/transformation.js";
import type { ChangedBy, DriftedObject } from "../report/drift.js";
import { ApiError } from "../errors.js";
import { readAuditTrail } from "../live/audit-trail.js";

/** The audit trail's statuses that mean "this token may not read it": attribution is then left out, the exit code kept. */
const ATTRIBUTION_REFUSED = new Set([401, 403, 404]);

export interface Attribution {
  drifted: DriftedObject[];
  /** Why nothing was attributed (`GET /audit-events: 403`); absent when the trail was read. */
  unavailable?: string;
}

/**
 * Each object with an id (a create of a pinned document: its pin, the object deleted live) gets the
 * newest audit event in the window not made by one of `selfActors` (transync's own tokens: its own
 * writes name nobody). A 401/403/404 (the token may not read the audit trail) stops attribution for
 * all and is returned as the reason; any other error stops the command.
 */
export async function attributeDrift(
  api: LiveApi,
  drifted: readonly DriftedObject[],
  window: { startTime: string; selfActors: readonly string[] },
): Promise<Attribution> {
  const reader = api.listAuditEvents?.bind(api);
  if (reader === undefined) return { drifted: [...drifted], unavailable: "this API client cannot read the audit trail" };
  const self = new Set(window.selfActors);
  const attributed: DriftedObject[] = [];
  for (const object of drifted) {
    const resourceId = object.id ?? object.pinnedId;
    if (resourceId === undefined) {
      attributed.push(object);
      continue;
    }
    try {
      const events = await readAuditTrail({ listAuditEvents: reader }, { resourceId, startTime: window.startTime });
      const newest = events.find((event) => !self.has(event.actor));
      attributed.push(newest === undefined ? object : { ...object, changedBy: changedBy(newest) });
    } catch (error) {
      if (error instanceof ApiError && ATTRIBUTION_REFUSED.has(error.status))
        return { drifted: [...drifted], unavailable: `GET /audit-events: ${error.status}` };
      throw error;
    }
  }
  return { drifted: attributed };
}

function changedBy(event: AuditEvent): ChangedBy {
  return {
    actor: event.actor,
    ...(event.actorEmail !== undefined ? { actorEmail: event.actorEmail } : {}),
    type: event.type,
    timestamp: event.timestamp,
  };
}
