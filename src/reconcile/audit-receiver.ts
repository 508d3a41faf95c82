import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../log.js";
import type { CycleTrigger } from "./cycle-trigger.js";
import { UsageError, systemErrorReason } from "../errors.js";
import { escapeControls } from "../escape/text-escape.js";
import { isTransformationAudit, madeBySelf, readForwardedAudit, type ForwardedAuditFacts } from "../model/forwarded-audit.js";
import { verifySegmentSignature } from "./segment-signature.js";

/** Where Segment's Webhooks destination posts the forwarded audit events. */
export const AUDIT_HOOK_PATH = "/hooks/segment-audit";

/** The largest body read: an audit event is well under 2 KiB; a larger one is refused (413) unread. */
export const MAX_AUDIT_BODY_BYTES = 64 * 1024;

/** What became of one post, counted in `transync_webhook_posts_total{result}`. */
export type ReceiverOutcome = "queued" | "coalesced" | "ignored" | "self" | "unauthorized" | "rejected";

export interface AuditReceiverOptions {
  port: number;
  host: string;
  /** The shared secret of the Webhooks destination (never logged, never echoed). */
  secret: string;
  /** transync's own actors, read at each post (the environment's `selfActors` as the last cycle read them). */
  selfActors: () => readonly string[];
  trigger: CycleTrigger;
  logger: Logger;
  onOutcome?: (outcome: ReceiverOutcome) => void;
}

/**
 * `POST /hooks/segment-audit`: a signed audit event (`X-Signature`, segment-signature.ts) of a
 * Transformation, made by anyone but transync's own actors, queues one cycle (CycleTrigger: at most
 * one is ever queued). The answer comes at once, before any cycle runs: 202 for every signed post
 * (events of other resources and transync's own are accepted and dropped, so Segment does not retry
 * them), 401 without a valid signature, 413 over MAX_AUDIT_BODY_BYTES, 400 for a body that is not JSON.
 */
export async function startAuditReceiver(options: AuditReceiverOptions): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => void receive(req, res, options).catch(() => res.destroy()));
  await new Promise<void>((listening, reject) => {
    server.once("error", (error) =>
      reject(
        new UsageError(
          `cannot listen on ${options.host}:${options.port}: ${systemErrorReason(error) ?? error.message}; pick another --webhook-host or --webhook-port.`,
        ),
      ),
    );
    server.listen(options.port, options.host, () => listening());
  });
  return { server, port: (server.address() as AddressInfo).port };
}

async function receive(req: IncomingMessage, res: ServerResponse, options: AuditReceiverOptions): Promise<void> {
  const answer = (status: number, text: string, outcome?: ReceiverOutcome): void => {
    if (outcome) options.onOutcome?.(outcome);
    res.writeHead(status, { "content-type": "text/plain", ...(status === 413 ? { connection: "close" } : {}) }).end(`${text}\n`);
  };
  if ((req.url ?? "/").split("?")[0] !== AUDIT_HOOK_PATH) return answer(404, "not found");
  if (req.method !== "POST") return void res.writeHead(405, { allow: "POST", "content-type": "text/plain" }).end("method not allowed\n");
  const body = await readBounded(req);
  if (body === undefined) return answer(413, `body over ${MAX_AUDIT_BODY_BYTES} bytes`, "rejected");
  const signature = req.headers["x-signature"];
  if (!verifySegmentSignature(body, Array.isArray(signature) ? signature[0] : signature, options.secret)) {
    options.logger.warn({ path: AUDIT_HOOK_PATH }, "audit receiver: refused a post without a valid X-Signature (401)");
    return answer(401, "invalid or missing X-Signature", "unauthorized");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return answer(400, "the body is not JSON", "rejected");
  }
  const facts = readForwardedAudit(parsed);
  const outcome = decide(facts, options);
  answer(202, "accepted", outcome);
  logOutcome(options.logger, outcome, facts);
}

function decide(facts: ForwardedAuditFacts | undefined, options: AuditReceiverOptions): ReceiverOutcome {
  if (facts === undefined || !isTransformationAudit(facts)) return "ignored";
  if (madeBySelf(facts, options.selfActors())) return "self";
  return options.trigger.request();
}

function logOutcome(logger: Logger, outcome: ReceiverOutcome, facts: ForwardedAuditFacts | undefined): void {
  const seen = facts
    ? {
        type: escapeControls(facts.type),
        ...(facts.actor !== undefined ? { actor: escapeControls(facts.actor) } : {}),
        ...(facts.resourceId !== undefined ? { resourceId: escapeControls(facts.resourceId) } : {}),
      }
    : {};
  const what = {
    queued: "queued a cycle",
    coalesced: "a cycle is already queued",
    self: "made by a self actor (selfActors): no cycle",
    ignored: "not a Transformation audit event: no cycle",
  }[outcome as "queued" | "coalesced" | "self" | "ignored"];
  logger.info(seen, `audit receiver: ${what}`);
}

/**
 * The body, or undefined once it is over the limit (declared or read): the rest is not kept, and the
 * answer closes the connection (an early end of the stream would cut the answer off too).
 */
function readBounded(req: IncomingMessage): Promise<Buffer | undefined> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_AUDIT_BODY_BYTES) return Promise.resolve(undefined);
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= MAX_AUDIT_BODY_BYTES) return void chunks.push(chunk);
      req.off("data", onData);
      req.resume(); // drained unread until the connection closes
      done(undefined);
    };
    req.on("data", onData);
    req.once("end", () => done(size <= MAX_AUDIT_BODY_BYTES ? Buffer.concat(chunks) : undefined));
    req.once("error", fail);
  });
}
