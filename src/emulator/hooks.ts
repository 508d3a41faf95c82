import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./http-error.js";
import { checkAccept } from "./envelope.js";
import type { EmulatorRuntime } from "./runtime.js";
import type { RateLimiter } from "./rate-limit.js";
import type { AuditActor } from "./store.js";
import { EVENT_GOVERNANCE, type WorkspaceConfig } from "./types.js";

declare module "fastify" {
  interface FastifyRequest {
    workspace?: WorkspaceConfig;
    actor?: AuditActor;
    /** The token's own rate-limit key (never the token). */
    tokenKey?: string;
  }
  interface FastifyContextConfig {
    /** The workspace feature the route needs (a kind's `emulator.routes.feature`: the Transformation's EVENT_GOVERNANCE). */
    feature?: string;
    /** A limit of the route's own (per token) instead of the workspace's general one: GET /events/volume's 60 a minute. */
    ownRateLimit?: RateLimiter;
    /** A body that is not JSON is a 422 (the operation declares no 400): POST /destination/filters/preview. */
    unreadableBodyIs422?: boolean;
    /** A POST that writes nothing (the filter preview): a read-only token may send it. */
    writesNothing?: boolean;
  }
}

/** The per-request pipeline: stats, latency, injected faults, auth, rate limit, feature flag. */
export function installHooks(app: FastifyInstance, rt: EmulatorRuntime): void {
  app.addHook("onRequest", async (request, reply) => {
    const route = `${request.method} ${request.routeOptions.url ?? "(no route)"}`;
    rt.stats.byRoute[route] = (rt.stats.byRoute[route] ?? 0) + 1;
    if (request.routeOptions.url === undefined) return; // 404/405: the not-found handler answers
    const latencyMs = rt.faults.current.latencyMs;
    if (latencyMs > 0) await sleep(latencyMs);
    injectFault(rt);
    checkAccept(request.headers.accept);
    authenticate(request, rt);
    limitRate(request, reply, rt);
    const feature = request.routeOptions.config.feature;
    if (feature !== undefined) requireFeature(request.workspace!, feature);
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("content-type", "application/json; charset=utf-8");
    return payload;
  });
}

function injectFault(rt: EmulatorRuntime): void {
  const decision = rt.faults.beforeProcessing();
  if (decision.kind === "none") return;
  if (decision.status === 429) throw tooManyRequests(1000, 1);
  if (decision.status === 503)
    throw new HttpError(503, [{ type: "ServiceUnavailable", message: "Service temporarily unavailable (injected fault)" }], {
      "retry-after": "1",
    });
  throw new HttpError(500, [{ type: "InternalServerError", message: "Internal server error (injected fault)" }]);
}

const BEARER = /^Bearer ([^\s]+)$/;

function authenticate(request: FastifyRequest, rt: EmulatorRuntime): void {
  const header = request.headers.authorization;
  if (header === undefined) throw unauthorized("the Authorization header is missing; send `Authorization: Bearer <token>`");
  const match = BEARER.exec(header.trim());
  if (!match) throw unauthorized("the Authorization header is malformed; send `Authorization: Bearer <token>`");
  const found = rt.tokens.get(match[1]!);
  if (!found) throw unauthorized("the API token is invalid");
  request.workspace = found.workspace;
  request.actor = found.actor;
  request.tokenKey = found.key;
  if (found.readOnly && WRITE_METHODS.has(request.method) && request.routeOptions.config.writesNothing !== true)
    throw new HttpError(403, [{ type: "Forbidden", message: "the API token may only read; this request would write" }]);
}

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

function unauthorized(message: string): HttpError {
  return new HttpError(401, [{ type: "Unauthorized", message }]);
}

function limitRate(request: FastifyRequest, reply: FastifyReply, rt: EmulatorRuntime): void {
  const own = request.routeOptions.config.ownRateLimit;
  const decision = own ? own.take(request.tokenKey!) : rt.limiter.take(request.workspace!.id);
  void reply.headers(decision.headers);
  if (decision.allowed) return;
  throw tooManyRequests(decision.msBeforeNext, decision.consumed);
}

/** The real service's 429: its rate-limiter data, and `Retry-After` in whole seconds (at least 1). */
function tooManyRequests(msBeforeNext: number, consumedPoints: number): HttpError {
  const retryAfter = String(Math.max(1, Math.ceil(msBeforeNext / 1000)));
  return new HttpError(
    429,
    [{ type: "RequestError", message: "Too many requests", data: { remainingPoints: 0, msBeforeNext, consumedPoints } }],
    { "retry-after": retryAfter },
  );
}

/**
 * A kind's routes may need a feature of the workspace (every Transformation operation needs event
 * governance, Protocols; a workspace without `features:` has it). The real status is undocumented;
 * the spec's table gives 401 to "token without permission for the resource".
 */
function requireFeature(workspace: WorkspaceConfig, feature: string): void {
  const features = workspace.features ?? [EVENT_GOVERNANCE];
  if (features.includes(feature)) return;
  const named = feature === EVENT_GOVERNANCE ? `${feature} (Protocols)` : feature;
  throw new HttpError(401, [
    {
      type: "FeatureNotEnabled",
      message: `workspace ${workspace.id} does not have the ${named} feature enabled; ask the operator to enable it`,
    },
  ]);
}
