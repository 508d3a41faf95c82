import type { DesiredResource } from "../../src/model/desired-resource.js";
import type { LiveState } from "../../src/model/live-state.js";
import type { DocumentInput, Transformation } from "../../src/model/transformation.js";
import type { ComputePlanOptions } from "../../src/plan/index.js";
import { PlanError } from "../../src/plan/index.js";

export const WORKSPACE = "ws_test";

/** A desired document; `line` tells documents apart in error messages. */
export function doc(name: string, spec: Partial<DocumentInput> = {}, extra: { id?: string; line?: number } = {}): DesiredResource {
  return {
    name,
    ...(extra.id !== undefined ? { id: extra.id } : {}),
    spec: { name, sourceId: "src_a", enabled: true, if: `event = '${name}'`, ...spec },
    location: { file: "transformations/main.yaml", line: extra.line ?? 1, col: 1 },
  };
}

/** A live object as the list returns it (no fqlDefinedProperties, no write-only fields). */
export function live(id: string, name: string, fields: Partial<Transformation> = {}): Transformation {
  return { id, workspaceId: WORKSPACE, name, sourceId: "src_a", enabled: true, if: `event = '${name}'`, propertyDrops: [], ...fields };
}

export function liveState(transformations: Transformation[]): LiveState {
  return { workspaceId: WORKSPACE, transformations: [...transformations].sort((a, b) => (a.id < b.id ? -1 : 1)), apiCalls: 0 };
}

export function options(extra: Partial<ComputePlanOptions> = {}): ComputePlanOptions {
  return { prune: false, transyncVersion: "0.0.0-test", origin: { dir: "transformations" }, ...extra };
}

/** The PlanError that `run` throws; any other outcome fails the test. */
export function planError(run: () => unknown): PlanError {
  try {
    run();
  } catch (error) {
    if (error instanceof PlanError) return error;
    throw error;
  }
  throw new Error("expected a PlanError");
}
