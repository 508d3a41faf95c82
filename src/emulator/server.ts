import Fastify, { type FastifyInstance } from "fastify";
import { installJsonParser } from "./body.js";
import { frameworkErrorHandler, installEnvelope } from "./envelope.js";
import { clientErrorHandler, installServerReplies } from "./raw-replies.js";
import { installHooks } from "./hooks.js";
import { collectKnownPaths, type KnownPaths } from "./known-paths.js";
import type { EmulatorRuntime } from "./runtime.js";
import { auditEventRoutes } from "./routes/audit-events.js";
import { workspaceRoutes } from "./routes/workspace.js";
import { catalogRoutes, sourceRoutes } from "./routes/sources.js";
import { eventVolumeRoutes } from "./routes/events-volume.js";
import { filterPreviewRoutes } from "./routes/filter-preview.js";
import { kindRoutes } from "./routes/kinds.js";
import { knownKinds } from "../kinds/index.js";

/** Node's header limit (16 KB) bounds the URL anyway. */
const MAX_URL_PARAM = 16 * 1024;

/** The fastify app: envelope, JSON-only parser with a body limit, hooks, routes. */
export function buildServer(rt: EmulatorRuntime, maxBodyBytes: number): { app: FastifyInstance; knownPaths: KnownPaths } {
  const app = Fastify({
    logger: false,
    bodyLimit: maxBodyBytes,
    // The SDK URL-encodes ids; fastify decodes path params. Ids are up to 255 characters; longer
    // ones reach the routes too (a 404 there) instead of the router's bare 414.
    routerOptions: { maxParamLength: MAX_URL_PARAM, ignoreTrailingSlash: true },
    // Served as usual while closing (in-flight and kept-alive connections); fastify's 503 has no envelope.
    return503OnClosing: false,
    // A path answers only the methods docs/emulator.md lists: HEAD is a 405 like any other, not a GET without a body.
    exposeHeadRoutes: false,
    forceCloseConnections: "idle",
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler: clientErrorHandler(rt),
  });
  installServerReplies(app.server, rt);
  const knownPaths = collectKnownPaths(app);
  installEnvelope(app, rt.logger, knownPaths);
  installJsonParser(app, maxBodyBytes);
  installHooks(app, rt);
  // Every kind (Transformation, DestinationFilter, any registered) is served from its descriptor.
  for (const kind of knownKinds()) kindRoutes(app, rt, kind);
  auditEventRoutes(app, rt);
  workspaceRoutes(app);
  sourceRoutes(app, rt);
  catalogRoutes(app, rt);
  eventVolumeRoutes(app, rt);
  filterPreviewRoutes(app);
  return { app, knownPaths };
}
