import type { AuditEvent } from "./transformation.js";

/**
 * An audit event as Segment forwards it (Audit Forwarding sends each event of the audit trail to a
 * source as a `track` call named `Audit`; the source's Webhooks destination posts it on). The shape is
 * the one of the Webhooks destination's examples in segmentio/functions-library
 * (sources/audit-forwarding/webhook-examples): the event's type in `properties.type`, the resource and
 * the actor in `properties.details` (`subject` is `users/<id>` or `public-api-token/<id>`).
 */
export interface ForwardedAuditEvent {
  type: "track";
  event: "Audit";
  /** The actor's id without its kind (`users/U1` -> `U1`). */
  userId: string;
  messageId: string;
  channel: "server";
  context: { library: { name: string; version: string } };
  integrations: Record<string, never>;
  properties: {
    type: string;
    workspace_id: string;
    details: { resource_id: string; resource_type: string; subject: string; target: string };
  };
  timestamp: string;
  originalTimestamp: string;
  receivedAt: string;
}

/** What the receiver needs of a forwarded event, whichever of the two shapes it came in. */
export interface ForwardedAuditFacts {
  /** `Transformation Updated`, `Source Modified`, ... */
  type: string;
  /** `users/U1`, `public-api-token/abc`, or the bare id when only `userId` says who. */
  actor?: string;
  resourceType?: string;
  resourceId?: string;
}

/** The forwarded form of one audit event of `workspaceId`, received at `receivedAt` (ISO 8601). */
export function forwardedAuditEvent(event: AuditEvent, workspaceId: string, receivedAt: string): ForwardedAuditEvent {
  return {
    type: "track",
    event: "Audit",
    userId: event.actor.split("/").pop() ?? event.actor,
    messageId: `audit-${event.id}`,
    channel: "server",
    context: { library: { name: "unknown", version: "unknown" } },
    integrations: {},
    properties: {
      type: event.type,
      workspace_id: workspaceId,
      details: { resource_id: event.resourceId, resource_type: event.resourceType, subject: event.actor, target: event.resourceName },
    },
    timestamp: event.timestamp,
    originalTimestamp: event.timestamp,
    receivedAt,
  };
}

/**
 * The facts of a posted body: the forwarded `track` shape above, or an audit event as `GET
 * /audit-events` gives it (a relay of one's own may post that). Anything else is undefined. Values
 * are only read as strings; nothing else of the body is kept.
 */
export function readForwardedAudit(body: unknown): ForwardedAuditFacts | undefined {
  if (!isRecord(body)) return undefined;
  const properties = body.properties;
  if (isRecord(properties) && typeof properties.type === "string") {
    const details = isRecord(properties.details) ? properties.details : {};
    const actor = text(details.subject) ?? text(body.userId);
    return {
      type: properties.type,
      ...(actor !== undefined ? { actor } : {}),
      ...optional("resourceType", text(details.resource_type)),
      ...optional("resourceId", text(details.resource_id)),
    };
  }
  if (typeof body.type === "string" && typeof body.actor === "string")
    return {
      type: body.type,
      actor: body.actor,
      ...optional("resourceType", text(body.resourceType)),
      ...optional("resourceId", text(body.resourceId)),
    };
  return undefined;
}

/** An event of a Transformation: its resource type says so (any case), else its type's first word. */
export function isTransformationAudit(facts: ForwardedAuditFacts): boolean {
  if (facts.resourceType !== undefined) return facts.resourceType.toLowerCase() === "transformation";
  return /^transformation\s/i.test(facts.type);
}

/**
 * Whether one of `selfActors` made the event: the same actor, or, when the body named only a bare
 * id (`userId`), the same id after the kind (`users/U1` matches `U1`).
 */
export function madeBySelf(facts: ForwardedAuditFacts, selfActors: readonly string[]): boolean {
  const actor = facts.actor;
  if (actor === undefined) return false;
  return selfActors.some((self) => self === actor || (!actor.includes("/") && self.split("/").pop() === actor));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
