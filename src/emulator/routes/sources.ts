import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError, notFound } from "../http-error.js";
import { shorten } from "../envelope.js";
import { pageOf, readPageRequest } from "../pagination.js";
import { connectedDestinationJson, destinationMetadataJson, sourceJson } from "../public-api-shape.js";
import type { EmulatorRuntime } from "../runtime.js";
import type { SourceConfig, WorkspaceConfig } from "../types.js";

type SourceRequest = FastifyRequest<{ Params: { sourceId: string } }>;
type MetadataRequest = FastifyRequest<{ Params: { destinationMetadataId: string } }>;

/** Static lists page like the others: a cursor names a position (the list never changes while served). */
function page<T>(items: readonly T[], request: FastifyRequest, rt: EmulatorRuntime): { items: T[]; pagination: unknown } {
  const result = pageOf(
    items.map((item, seq) => ({ seq, item })),
    readPageRequest(request.query as Record<string, unknown>),
    rt.compat.cursors,
  );
  return { items: result.items.map((i) => i.item), pagination: result.pagination };
}

/**
 * A workspace whose config declares no `sources` accepts any sourceId, so it cannot list its sources:
 * it answers as Segment answers a token without Source read permission (403), which clients must
 * handle anyway (docs/environments.md, "Slugs").
 */
function declaredSources(ws: WorkspaceConfig): SourceConfig[] {
  if (ws.sources === undefined) {
    throw new HttpError(403, [
      {
        type: "Forbidden",
        message: `workspace ${ws.id} of the emulator declares no sources (any sourceId is accepted), so it cannot list them; add sources: to its config`,
      },
    ]);
  }
  return ws.sources;
}

function sourceOf(ws: WorkspaceConfig, sourceId: string): SourceConfig {
  const source = declaredSources(ws).find((s) => s.id === sourceId);
  if (!source) throw notFound(`no Source with id "${shorten(sourceId)}" in workspace ${ws.id}`);
  return source;
}

/** listSources, getSource, listConnectedDestinationsFromSource (Segment's Public API). */
export function sourceRoutes(app: FastifyInstance, rt: EmulatorRuntime): void {
  app.get("/sources", async (request) => {
    const ws = request.workspace!;
    const { items, pagination } = page(declaredSources(ws), request, rt);
    return { data: { sources: items.map((s) => sourceJson(ws, s)), pagination } };
  });

  app.get("/sources/:sourceId", async (request: SourceRequest) => {
    const ws = request.workspace!;
    return { data: { source: sourceJson(ws, sourceOf(ws, request.params.sourceId)), trackingPlanId: null } };
  });

  app.get("/sources/:sourceId/connected-destinations", async (request: SourceRequest) => {
    const source = sourceOf(request.workspace!, request.params.sourceId);
    const { items, pagination } = page(source.destinations ?? [], request, rt);
    return { data: { destinations: items.map((d) => connectedDestinationJson(source, d, rt.catalog)), pagination } };
  });
}

/** getDestinationsCatalog, getDestinationMetadata: the catalog is the same for every workspace. */
export function catalogRoutes(app: FastifyInstance, rt: EmulatorRuntime): void {
  app.get("/catalog/destinations", async (request) => {
    const { items, pagination } = page(rt.catalog, request, rt);
    return { data: { destinationsCatalog: items.map(destinationMetadataJson), pagination } };
  });

  app.get("/catalog/destinations/:destinationMetadataId", async (request: MetadataRequest) => {
    const entry = rt.catalog.find((c) => c.id === request.params.destinationMetadataId);
    if (!entry) throw notFound(`no destination with metadata id "${shorten(request.params.destinationMetadataId)}" in the catalog`);
    return { data: { destinationMetadata: destinationMetadataJson(entry) } };
  });
}
