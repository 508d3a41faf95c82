import type { FastifyInstance } from "fastify";

/** getWorkspace: the workspace the token resolves to. */
export function workspaceRoutes(app: FastifyInstance): void {
  app.get("/", async (request) => {
    const { id, slug, name } = request.workspace!;
    return { data: { workspace: { id, slug, name } } };
  });
}
