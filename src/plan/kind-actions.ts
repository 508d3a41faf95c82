import type { ResourceKind } from "../kinds/kind.js";
import type { DocumentInput, DocumentUpdate } from "../model/transformation.js";
import { planDigest } from "./digest.js";
import type { KindPlan, KindPlanAction } from "./kind-plan.js";
import type { FieldChange, JsonPatchOperation, Plan, PlanAction } from "./types.js";

/**
 * Pure: the plan with one more kind's plan (src/plan/kind-plan.ts) appended after what it holds, so
 * a plan of Transformations alone is written as before: the kind's actions (each naming its kind in
 * `resource`), its unchanged and unmanaged objects, its fingerprints, the summary's counts, and the
 * digest made again over all of it. `sourceId` carries the value of the kind's scope field (its
 * identity's `scope`; "" for a kind whose names are unique in the whole workspace).
 */
export function withKindPlan(plan: Plan, kind: ResourceKind, added: KindPlan): Plan {
  const actions = added.actions.map((action) => planAction(kind, action));
  const count = (k: PlanAction["kind"]): number => actions.filter((a) => a.kind === k).length;
  const { digest: _stale, ...rest } = {
    ...plan,
    actions: [...plan.actions, ...actions],
    unchanged: [...plan.unchanged, ...added.unchanged],
    unmanaged: [
      ...plan.unmanaged,
      ...added.unmanaged.map(({ id, name, scope }) => ({ id, name, sourceId: scope ?? "", fingerprint: added.fingerprints[id]! })),
    ],
    fingerprints: { ...plan.fingerprints, ...added.fingerprints },
    summary: {
      create: plan.summary.create + count("create"),
      update: plan.summary.update + count("update"),
      delete: plan.summary.delete + count("delete"),
      unchanged: plan.summary.unchanged + added.unchanged.length,
      unmanaged: plan.summary.unmanaged + added.unmanaged.length,
    },
  };
  return { ...rest, digest: planDigest(rest) };
}

function planAction(kind: ResourceKind, action: KindPlanAction): PlanAction {
  const common = {
    resource: kind.name,
    name: action.name,
    sourceId: action.scope ?? "",
    patch: patchOf(action.changes),
    changes: action.changes,
  };
  if (action.kind === "create")
    return { ...common, kind: "create", location: action.location!, body: action.body as unknown as DocumentInput };
  if (action.kind === "update")
    return {
      ...common,
      kind: "update",
      id: action.id!,
      fingerprint: action.fingerprint!,
      location: action.location!,
      body: action.body as unknown as DocumentUpdate,
      reasons: ["drift"],
    };
  return { ...common, kind: "delete", id: action.id!, fingerprint: action.fingerprint!, pruneReason: "all" };
}

/** The RFC 6902 operations of a kind's field changes (each field a top-level member). */
function patchOf(changes: readonly FieldChange[]): JsonPatchOperation[] {
  return changes.map(({ field, before, after }) => {
    const path = `/${field.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    if (after === undefined) return { op: "remove", path };
    return { op: before === undefined ? "add" : "replace", path, value: after };
  });
}
