import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Logger } from "../log.js";
import { HttpError, notFound } from "./http-error.js";
import { unroutedReply, type KnownPaths } from "./known-paths.js";
import { beforeCut } from "../secrets/redact-cuts.js";

/**
 * Replaces every default fastify reply so the spec's envelope always holds: errors are
 * `{errors:[...]}` and never carry `data`, on every route, including unknown ones.
 */
export function installEnvelope(app: FastifyInstance, logger: Logger, known: KnownPaths): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const http = error instanceof HttpError ? error : fromFastifyError(error, logger);
    // A request no route took whose body did not parse: the route decides first (404/405), as the checks are ordered.
    // A body too large or too slow (413, 408) keeps its status: its Connection: close must go out.
    if (request.routeOptions.url === undefined && http.statusCode === 400) return unroutedReply(known, request, reply);
    if (http.statusCode === 400 && request.routeOptions.config.unreadableBodyIs422) {
      void reply.status(422).send({ errors: http.errors.map((e) => ({ ...e, type: "input-validation" })) });
      return;
    }
    void reply.status(http.statusCode).headers(http.headers).send({ errors: http.errors });
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => unroutedReply(known, request, reply));
}

/**
 * fastify's `frameworkErrors`: a path that is not valid percent-encoding (or a route parameter
 * over the router's limit) is answered here, before any route or hook runs.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = shorten(request.raw.url ?? "");
  const http =
    error.code === "FST_ERR_BAD_URL"
      ? new HttpError(400, [{ type: "BadRequest", message: `the path ${path} is not valid percent-encoding` }])
      : error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? notFound(`no route ${request.raw.method ?? "?"} ${path}`)
        : new HttpError(400, [{ type: "BadRequest", message: error.message }]);
  void reply.status(http.statusCode).headers(http.headers).send({ errors: http.errors });
}

/** A user-supplied value in a message, cut to a readable length. */
export function shorten(value: string, max = 80): string {
  const safe = beforeCut(value);
  return safe.length <= max ? safe : `${safe.slice(0, max)}…(${safe.length} characters)`;
}

function fromFastifyError(error: FastifyError, logger: Logger): HttpError {
  const status = error.statusCode ?? 500;
  if (status === 413)
    return new HttpError(413, [{ type: "PayloadLimitError", message: "The payload limit size has been reached" }], { connection: "close" });
  // Any other client error of the framework is a 400: docs/emulator.md lists every status sent.
  if (status >= 400 && status < 500) return new HttpError(400, [{ type: "BadRequest", message: error.message }]);
  logger.error({ err: { message: error.message, stack: error.stack } }, "internal error");
  return new HttpError(500, [{ type: "InternalServerError", message: "Internal server error" }]);
}

const ACCEPTABLE = /(^|,)\s*(\*\/\*|application\/\*|application\/json|application\/vnd\.segment\.[a-z0-9]+\+json)\s*(;|,|$)/i;

/** `Accept`: JSON, the segment vendor types, a wildcard, or none; anything else is 406. */
export function checkAccept(accept: string | undefined): void {
  if (accept === undefined || accept.trim() === "" || ACCEPTABLE.test(accept)) return;
  throw new HttpError(406, [{ type: "NotAcceptable", message: `this API answers only application/json (Accept was "${accept}")` }]);
}
