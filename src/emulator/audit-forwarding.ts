import { createHmac } from "node:crypto";
import type { Logger } from "../log.js";
import type { StoredAuditEvent } from "./store.js";
import type { AuditForwardingConfig } from "./types.js";
import { forwardedAuditEvent } from "../model/forwarded-audit.js";
import { segmentShape } from "./audit-pages.js";

/** How long one post may take before it is given up (a receiver that never answers must not hold the emulator's close). */
const POST_TIMEOUT_MS = 10_000;

/**
 * Segment's Audit Forwarding as a Webhooks destination delivers it: each audit event, in Segment's
 * shape (audit-pages.ts), becomes a `track` call named `Audit` (src/model/forwarded-audit.ts) posted
 * to the workspace's `auditForwarding.url` with `X-Signature: <hex HMAC-SHA1 of the body>` keyed with
 * the shared secret, as https://segment.com/docs/connections/destinations/catalog/webhooks/ says.
 * Posts are queued at the write and sent in the background, one at a time in the order of the
 * events (never holding the write's reply); one attempt each
 * (Segment retries a 5xx for hours: a test that needs a retry posts again itself). A failure is logged
 * (the URL's origin only) and never fails the write.
 */
export class AuditForwarder {
  private queue: Promise<void> = Promise.resolve();
  private readonly targets = new Map<string, AuditForwardingConfig>();

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  /** Sets (or with null, stops) the forwarding of one workspace. */
  set(workspaceId: string, forwarding: AuditForwardingConfig | null): void {
    if (forwarding === null) this.targets.delete(workspaceId);
    else this.targets.set(workspaceId, { ...forwarding });
  }

  /** Queues the post of one recorded event of `workspaceId`, when that workspace forwards. */
  forward(workspaceId: string, stored: StoredAuditEvent): void {
    const target = this.targets.get(workspaceId);
    if (target === undefined) return;
    const body = JSON.stringify(forwardedAuditEvent(segmentShape(stored), workspaceId, new Date(this.now()).toISOString()));
    this.queue = this.queue.then(() => this.post(target, body));
  }

  /** Resolves once every queued post has been sent (or given up). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async post(target: AuditForwardingConfig, body: string): Promise<void> {
    const signature = createHmac("sha1", target.sharedSecret).update(body).digest("hex");
    const origin = new URL(target.url).origin;
    try {
      const reply = await fetch(target.url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Segment.io/1.0", "x-signature": signature },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      });
      await reply.arrayBuffer().catch(() => undefined);
      if (reply.status >= 300) this.logger.warn({ origin, status: reply.status }, "audit forwarding: the receiver refused the event");
    } catch (error) {
      this.logger.warn({ origin, err: (error as Error).name }, "audit forwarding: the post failed");
    }
  }
}
