/**
 * Room src/emulator/routes/: the emulator's HTTP routes, one file per resource.
 * May import: src/emulator/, src/kinds/, src/model/, src/fql/ and src/simulate/ (the filter preview evaluates FQL as transync does).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TransformationUpdate } from "../../model/transformation.js";
import { notFound, validationFailure } from "../http-error.js";
import { shorten } from "../envelope.js";
import { pageOf, readPageRequest } from "../pagination.js";
import { semanticErrors } from "../rules.js";
import { applyPatch, listItemJson, toApiTransformation } from "../../kinds/transformation/emulator-shape.js";
import type { EmulatorRuntime } from "../runtime.js";
import { nullsPerCompat, written } from "../write-reply.js";
import { requestValidators } from "../validate.js";
import type { StoreRecord } from "../store.js";
import type { WorkspaceConfig } from "../types.js";
import { TRANSFORMATION } from "../../kinds/transformation/index.js";

type IdRequest = FastifyRequest<{ Params: { transformationId: string } }>;

/** The paths and list key of the Transformation's descriptor (src/kinds/transformation/index.ts). */
const { collection: COLLECTION, listKey: LIST_KEY } = TRANSFORMATION.api;

/** createTransformation, listTransformations, getTransformation, updateTransformation, deleteTransformation. */
export function transformationRoutes(app: FastifyInstance, rt: EmulatorRuntime): void {
  const config = { transformations: true };
  const validators = requestValidators();

  app.post(COLLECTION, { config }, async (request, reply) => {
    const ws = request.workspace!;
    const body = request.body ?? {};
    const errors = [...validators.check("create-transformation", body), ...semanticErrors(asRecord(body))];
    if (errors.length > 0) throw validationFailure(errors);
    checkSource(ws, asRecord(body).sourceId);
    const record = rt.store.create(ws.id, asRecord(body), request.actor!);
    return written(rt, request, reply, record, () => ({ transformation: toApiTransformation(putOf(record), "single") }));
  });

  app.get(COLLECTION, { config }, async (request, reply) => {
    const page = pageOf(rt.store.list(request.workspace!.id), readPageRequest(request.query as Record<string, unknown>), rt.compat.cursors);
    // The body as JSON.stringify would write it, from per-object cached JSON: list is the hot path.
    const items = page.items.map((i) => listItemJson(i.t)).join(",");
    void reply.type("application/json");
    return `{"data":{"${LIST_KEY}":[${items}],"pagination":${JSON.stringify(page.pagination)}}}`;
  });

  app.get(`${COLLECTION}/:transformationId`, { config }, async (request: IdRequest) => {
    const t = rt.store.get(request.workspace!.id, request.params.transformationId);
    if (!t) throw notFound(`no Transformation with id "${shorten(request.params.transformationId)}"`);
    return { data: { transformation: toApiTransformation(t, "single") } };
  });

  app.patch(`${COLLECTION}/:transformationId`, { config }, async (request: IdRequest, reply) => {
    const ws = request.workspace!;
    const current = rt.store.stored(ws.id, request.params.transformationId);
    const body = nullsPerCompat(request.body ?? {}, rt.compat.patchNull);
    const schemaErrors = validators.check("update-transformation", body);
    if (!current && schemaErrors.length === 0) throw notFound(`no Transformation with id "${shorten(request.params.transformationId)}"`);
    const merged = current && schemaErrors.length === 0 ? applyPatch(current.t, body as TransformationUpdate) : asRecord(body);
    const errors = [...schemaErrors, ...semanticErrors(merged as unknown as Record<string, unknown>)];
    if (errors.length > 0) throw validationFailure(errors);
    if ("sourceId" in asRecord(body)) checkSource(ws, asRecord(body).sourceId);
    const record = rt.store.update(ws.id, current!, body as TransformationUpdate, request.actor!);
    return written(rt, request, reply, record, () => ({ transformation: toApiTransformation(putOf(record), "single") }));
  });

  app.delete(`${COLLECTION}/:transformationId`, { config }, async (request: IdRequest, reply) => {
    const ws = request.workspace!;
    const t = rt.store.get(ws.id, request.params.transformationId);
    if (!t) throw notFound(`no Transformation with id "${shorten(request.params.transformationId)}"`);
    const record = rt.store.remove(ws.id, t, request.actor!);
    return written(rt, request, reply, record, () => ({ status: "SUCCESS" }));
  });
}

function putOf(record: StoreRecord) {
  if (record.op !== "put") throw new Error("expected a put record");
  return record.t;
}

/** When the workspace lists its sources, another sourceId is 404 naming the field. */
function checkSource(ws: WorkspaceConfig, sourceId: unknown): void {
  if (!ws.sources || typeof sourceId !== "string") return;
  if (!ws.sources.some((s) => s.id === sourceId))
    throw notFound(`no Source with id "${shorten(sourceId)}" in workspace ${ws.id}`, "sourceId");
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
