import type { Plan, PlanAction } from "../../src/plan/types.js";
import type { Transformation, TransformationInput, TransformationUpdate } from "../../src/model/transformation.js";
import { PLAN_FORMAT_VERSION } from "../../src/plan/types.js";
import { createChanges } from "../../src/plan/actions.js";

/** Test fingerprint: the object's fields in sorted-key JSON (the real one hashes the normalised object). */
export function testFingerprint(t: Transformation): string {
  const sorted = Object.fromEntries(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify(sorted);
}

export function tf(id: string, name: string, extra: Partial<Transformation> = {}): Transformation {
  return { id, name, sourceId: "src_web", enabled: true, if: `event = '${name}'`, ...extra };
}

export function input(name: string, extra: Partial<TransformationInput> = {}): TransformationInput {
  return { name, sourceId: "src_web", enabled: true, if: `event = '${name}'`, ...extra };
}

const LOCATION = { file: "transformations/t.yaml", line: 1, col: 1 };

export function createAction(name: string, extra: Partial<TransformationInput> = {}): PlanAction {
  const body = input(name, extra);
  return { kind: "create", name, sourceId: "src_web", location: LOCATION, body, patch: [], changes: createChanges(body) };
}

export function updateAction(live: Transformation, body: TransformationUpdate): PlanAction {
  const changes = Object.entries(body).map(([field, after]) => ({
    field,
    before: (live as unknown as Record<string, unknown>)[field],
    after,
  }));
  return {
    kind: "update",
    name: body.name ?? live.name,
    id: live.id,
    sourceId: live.sourceId,
    location: LOCATION,
    body,
    patch: [],
    changes,
    reasons: ["drift"],
    fingerprint: testFingerprint(live),
  };
}

export function deleteAction(live: Transformation): PlanAction {
  return {
    kind: "delete",
    name: live.name,
    id: live.id,
    sourceId: live.sourceId,
    patch: [],
    changes: [],
    fingerprint: testFingerprint(live),
    pruneReason: "all",
  };
}

/** A plan over `live` (all in scope) with `actions` (the builder does not reorder them). */
export function makePlan(actions: PlanAction[], live: Transformation[] = [], overrides: Partial<Plan> = {}): Plan {
  const count = (kind: string): number => actions.filter((a) => a.kind === kind).length;
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    transyncVersion: "0.1.0",
    workspaceId: "ws_1",
    origin: { dir: "transformations" },
    options: { prune: "all", resendWriteOnly: false, refresh: "list" },
    actions,
    unchanged: [],
    unmanaged: [],
    warnings: [],
    fingerprints: Object.fromEntries(live.map((t) => [t.id, testFingerprint(t)])),
    summary: { create: count("create"), update: count("update"), delete: count("delete"), unchanged: 0, unmanaged: 0 },
    apiCalls: 0,
    detailedIds: [],
    digest: "sha256:0000000000000000000000000000000000000000000000000000000000000000",
    ...overrides,
  };
}
