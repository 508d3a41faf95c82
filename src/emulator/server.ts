import Fastify, { type FastifyInstance } from "fastify";
import { installEnvelope, installJsonParser } from "./envelope.js";
import { installHooks } from "./hooks.js";
import type { EmulatorRuntime } from "./runtime.js";
import { transformationRoutes } from "./routes/transformations.js";
import { auditEventRoutes } from "./routes/audit-events.js";
import { workspaceRoutes } from "./routes/workspace.js";

/** The fastify app: envelope, JSON-only parser with a body limit, hooks, routes. */
export function buildServer(rt: EmulatorRuntime, maxBodyBytes: number): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: maxBodyBytes,
    // The SDK URL-encodes ids; fastify decodes path params. Ids are up to 255 characters.
    routerOptions: { maxParamLength: 255, ignoreTrailingSlash: true },
    return503OnClosing: true,
    forceCloseConnections: "idle",
  });
  installEnvelope(app, rt.logger);
  installJsonParser(app);
  installHooks(app, rt);
  transformationRoutes(app, rt);
  auditEventRoutes(app, rt);
  workspaceRoutes(app);
  return app;
}
