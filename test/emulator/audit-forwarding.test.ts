import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { checkEmulatorConfig, type RunningEmulator } from "../../src/emulator/index.js";
import type { ValidationError } from "../../src/errors.js";
import { readForwardedAudit } from "../../src/model/forwarded-audit.js";
import { verifySegmentSignature } from "../../src/reconcile/segment-signature.js";
import { startTestEmulator, testWorkspace, TEST_TOKEN } from "../helpers/emulator.js";

const SECRET = "shared-secret-of-the-destination";

/** A receiver that hands over each post as it arrives (an event, no polling). */
async function receiver(): Promise<{ url: string; server: Server; next(): Promise<{ headers: IncomingHttpHeaders; body: string }> }> {
  const arrived: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const waiting: Array<(post: { headers: IncomingHttpHeaders; body: string }) => void> = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      res.writeHead(200).end();
      const post = { headers: req.headers, body };
      const taker = waiting.shift();
      if (taker) taker(post);
      else arrived.push(post);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/segment-audit`;
  return {
    url,
    server,
    next: () => {
      const ready = arrived.shift();
      return ready ? Promise.resolve(ready) : new Promise((take) => waiting.push(take));
    },
  };
}

describe("emulator auditForwarding: each audit event posted as Segment forwards it, signed", () => {
  let emulator: RunningEmulator | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    await emulator?.close();
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  });

  it("posts a track call named Audit with the event in properties, X-Signature = hex HMAC-SHA1 of the body", async () => {
    const hook = await receiver();
    server = hook.server;
    emulator = await startTestEmulator({
      workspaces: [
        {
          ...testWorkspace(),
          tokens: [TEST_TOKEN, { value: "alice", actor: "users/U1", actorEmail: "a@x.io" }],
          auditForwarding: { url: hook.url, sharedSecret: SECRET },
        },
      ],
    });
    const created = await fetch(`${emulator.url}/transformations`, {
      method: "POST",
      headers: { authorization: "Bearer alice", "content-type": "application/json" },
      body: JSON.stringify({ name: "Rename", sourceId: "src_web", enabled: true, if: "event = 'A'" }),
    });
    const id = ((await created.json()) as { data: { transformation: { id: string } } }).data.transformation.id;
    const post = await hook.next();
    expect(post.headers["content-type"]).toBe("application/json");
    expect(post.headers["user-agent"]).toBe("Segment.io/1.0");
    expect(post.headers["x-signature"]).toBe(createHmac("sha1", SECRET).update(post.body).digest("hex"));
    expect(verifySegmentSignature(Buffer.from(post.body), post.headers["x-signature"] as string, SECRET)).toBe(true);
    expect(JSON.parse(post.body)).toMatchObject({
      type: "track",
      event: "Audit",
      userId: "U1",
      properties: {
        type: "Transformation Created",
        workspace_id: "ws_test",
        details: { resource_id: id, resource_type: "transformation", subject: "users/U1", target: "Rename" },
      },
    });
    expect(readForwardedAudit(JSON.parse(post.body))).toEqual({
      type: "Transformation Created",
      actor: "users/U1",
      resourceType: "transformation",
      resourceId: id,
    });
    expect(post.body).not.toContain(SECRET);

    // In the order of the writes; setAuditForwarding(null) stops it.
    await fetch(`${emulator.url}/transformations/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${TEST_TOKEN}` } });
    expect(JSON.parse((await hook.next()).body)).toMatchObject({
      userId: "1",
      properties: { type: "Transformation Deleted", details: { subject: "public-api-token/1" } },
    });
  });

  it("checks the config: a URL and a shared secret, nothing else", () => {
    const forwarding = (auditForwarding: unknown): unknown => ({ workspaces: [{ ...testWorkspace(), auditForwarding }] });
    expect(() => checkEmulatorConfig(forwarding({ url: "http://127.0.0.1:1/h", sharedSecret: "s" }))).not.toThrow();
    const issues = (config: unknown): string[] => {
      try {
        checkEmulatorConfig(config);
        return [];
      } catch (error) {
        return (error as ValidationError).issues.map((issue) => issue.where ?? "");
      }
    };
    for (const bad of [
      { url: "ftp://x", sharedSecret: "s" },
      { url: "http://x" },
      { url: "http://x", sharedSecret: "" },
      { url: "http://x", sharedSecret: "s", extra: 1 },
    ])
      expect(issues(forwarding(bad)).join(" "), JSON.stringify(bad)).toMatch(/workspaces\.0\.auditForwarding/);
  });
});
