import { createHmac } from "node:crypto";
import type { Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AUDIT_HOOK_PATH, MAX_AUDIT_BODY_BYTES, startAuditReceiver, type ReceiverOutcome } from "../../src/reconcile/audit-receiver.js";
import { CycleTrigger } from "../../src/reconcile/cycle-trigger.js";
import { verifySegmentSignature } from "../../src/reconcile/segment-signature.js";
import { forwardedAuditEvent } from "../../src/model/forwarded-audit.js";
import { createLogger } from "../../src/log.js";

const SECRET = "s3cret-of-the-webhooks-destination";

/** A forwarded audit event, as the Webhooks destination posts it. */
function forwarded(type: string, actor: string, resourceType = "transformation"): string {
  const event = {
    id: "events/7",
    timestamp: "2026-11-20T14:02:11.482Z",
    type,
    actor,
    resourceId: "tfm_1",
    resourceType,
    resourceName: "Rename",
  };
  return JSON.stringify(forwardedAuditEvent(event, "ws_test", "2026-11-20T14:02:12.000Z"));
}

const sign = (body: string, algorithm: "sha1" | "sha256" = "sha1", secret = SECRET): string =>
  createHmac(algorithm, secret).update(body).digest("hex");

describe("the audit receiver (reconcile --webhook-port)", () => {
  let server: Server;
  let url: string;
  let trigger: CycleTrigger;
  let outcomes: ReceiverOutcome[];
  let logged: string;

  beforeEach(async () => {
    trigger = new CycleTrigger();
    outcomes = [];
    logged = "";
    const logger = createLogger({ level: "info", destination: { write: (s: string) => void (logged += s) } });
    const started = await startAuditReceiver({
      port: 0,
      host: "127.0.0.1",
      secret: SECRET,
      selfActors: () => ["public-api-token/transync"],
      trigger,
      logger,
      onOutcome: (o) => outcomes.push(o),
    });
    server = started.server;
    url = `http://127.0.0.1:${started.port}${AUDIT_HOOK_PATH}`;
  });
  afterEach(async () => {
    await new Promise<void>((done) => server.close(() => done()));
  });

  const post = (body: string, signature?: string): Promise<Response> =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature !== undefined ? { "x-signature": signature } : {}) },
      body,
    });

  it("queues one cycle for two valid posts within a cycle, and answers 202 to each at once", async () => {
    const body = forwarded("Transformation Updated", "users/U1");
    expect((await post(body, sign(body))).status).toBe(202);
    expect(trigger.queued).toBe(true);
    expect((await post(body, sign(body))).status).toBe(202);
    expect(outcomes).toEqual(["queued", "coalesced"]);
    // The loop's next pause ends at once on the one queued cycle, and no second one is left queued.
    expect(await trigger.pause(3_600_000, new AbortController().signal)).toBe("requested");
    expect(trigger.queued).toBe(false);
  });

  it("answers 401 and queues nothing for a bad, a missing or a wrongly keyed signature", async () => {
    const body = forwarded("Transformation Updated", "users/U1");
    const wrongKey = sign(body, "sha1", "another secret");
    const flipped = sign(body).replace(/^./, (c) => (c === "0" ? "1" : "0"));
    for (const signature of [undefined, "", "not-hex", wrongKey, flipped, `sha256=${sign(body)}`]) {
      const reply = await post(body, signature);
      expect(reply.status, String(signature)).toBe(401);
      expect(await reply.text()).not.toContain(SECRET);
    }
    expect(trigger.queued).toBe(false);
    expect(outcomes.every((o) => o === "unauthorized")).toBe(true);
    expect(logged).not.toContain(SECRET);
  });

  it("accepts the sha1= and sha256= forms of the signature", async () => {
    const body = forwarded("Transformation Deleted", "users/U2");
    expect((await post(body, `sha256=${sign(body, "sha256")}`)).status).toBe(202);
    expect((await post(body, `sha1=${sign(body)}`)).status).toBe(202);
    expect(outcomes).toEqual(["queued", "coalesced"]);
  });

  it("answers 202 and queues nothing for a self actor's event, another resource's, or a call that is no audit event", async () => {
    const self = forwarded("Transformation Updated", "public-api-token/transync");
    const source = forwarded("Source Modified", "users/U1", "source");
    const identify = JSON.stringify({ type: "identify", userId: "u", traits: {} });
    for (const body of [self, source, identify]) expect((await post(body, sign(body))).status).toBe(202);
    expect(outcomes).toEqual(["self", "ignored", "ignored"]);
    expect(trigger.queued).toBe(false);
  });

  it("refuses a body over the limit (413), a body that is not JSON (400), another method (405) or path (404)", async () => {
    const big = JSON.stringify({ pad: "x".repeat(MAX_AUDIT_BODY_BYTES) });
    expect((await post(big, sign(big))).status).toBe(413);
    expect((await post("{not json", sign("{not json"))).status).toBe(400);
    const get = await fetch(url);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await fetch(url.replace(AUDIT_HOOK_PATH, "/hooks/other"), { method: "POST", body: "{}" })).status).toBe(404);
    expect(trigger.queued).toBe(false);
  });

  it("logs the event's type and actor escaped, never the body's control characters", async () => {
    const body = forwarded("Transformation Updated\u001b[31m", "users/U1\nforged line");
    expect((await post(body, sign(body))).status).toBe(202);
    const line = JSON.parse(logged.split("\n").find((l) => l.includes("audit receiver: queued a cycle"))!) as Record<string, string>;
    expect(line.type).toBe("Transformation Updated\\u001b[31m");
    expect(line.actor).toBe("users/U1\\nforged line");
  });
});

describe("verifySegmentSignature", () => {
  const body = Buffer.from('{"type":"track"}');
  it("checks a hex HMAC-SHA1 of the raw bytes, as Segment's Webhooks destination signs", () => {
    expect(verifySegmentSignature(body, sign(body.toString()), SECRET)).toBe(true);
    expect(verifySegmentSignature(body, sign(body.toString()).toUpperCase(), SECRET)).toBe(true);
    expect(verifySegmentSignature(Buffer.from('{"type": "track"}'), sign(body.toString()), SECRET)).toBe(false);
    expect(verifySegmentSignature(body, sign(body.toString()).slice(0, 39), SECRET)).toBe(false);
    expect(verifySegmentSignature(body, undefined, SECRET)).toBe(false);
  });
});
