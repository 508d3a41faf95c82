import type { ResourceKind } from "../kinds/kind.js";
import type { DocumentInput, DocumentUpdate } from "../model/transformation.js";
import { planDigest } from "./digest.js";
import { selects } from "./select.js";
import type { KindPlan, KindPlanAction } from "./kind-plan.js";
import type { FieldChange, JsonPatchOperation, Plan, PlanAction } from "./types.js";

/**
 * Pure: the plan with one more kind's plan (src/plan/kind-plan.ts) appended after what it holds, so
 * a plan of Transformations alone is written as before: the kind's actions (each naming its kind in
 * `resource`), its unchanged and unmanaged objects, its fingerprints, the summary's counts, and the
 * digest made again over all of it. `sourceId` carries the value of the kind's scope field (its
 * identity's `scope`; "" for a kind whose names are unique in the whole workspace). A narrowed plan
 * keeps the kind's actions its patterns select and counts the others in `selection.leftOut`.
 */
export function withKindPlan(plan: Plan, kind: ResourceKind, added: KindPlan): Plan {
  const all = added.actions.map((action) => planAction(kind, action));
  // A narrowed plan (--target/--exclude) narrows every kind's actions by the same patterns.
  const narrowed = plan.selection;
  const actions = narrowed ? all.filter((action) => selects(narrowed, action)) : all;
  const selection = narrowed ? { selection: { ...narrowed, leftOut: narrowed.leftOut + all.length - actions.length } } : {};
  const count = (k: PlanAction["kind"]): number => actions.filter((a) => a.kind === k).length;
  const { digest: _stale, ...rest } = {
    ...plan,
    actions: [...plan.actions, ...actions],
    unchanged: [...plan.unchanged, ...added.unchanged.map((o) => ({ resource: kind.name, ...o }))],
    unmanaged: [
      ...plan.unmanaged,
      ...added.unmanaged.map(({ id, name, scope, place }) => ({
        resource: kind.name,
        ...(place !== undefined ? { place } : {}),
        id,
        name,
        sourceId: scope ?? "",
        fingerprint: added.fingerprints[id]!,
      })),
    ],
    fingerprints: { ...plan.fingerprints, ...added.fingerprints },
    ...selection,
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
    ...(action.place !== undefined ? { place: action.place } : {}),
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

/** Whether an action is a Transformation's (no `resource`): the stages of Transformations read only those. */
export function isTransformationAction(action: Pick<PlanAction, "resource">): boolean {
  return action.resource === undefined;
}

/** The plan with its Transformations' actions only: what the Transformations' stale check reads. */
export function transformationPlan(plan: Plan): Plan {
  return plan.actions.every(isTransformationAction) ? plan : { ...plan, actions: plan.actions.filter(isTransformationAction) };
}

/** One other kind's part of a plan: its name, its actions' indexes in `plan.actions`, and its plan as planKind made it. */
export interface KindPart {
  resource: string;
  indexes: number[];
  plan: KindPlan;
}

/** The actions of every kind but Transformation, each kind's as the plan planKind made (apply carries them out with applyKindPlan), in the plan's order. */
export function kindParts(plan: Plan): KindPart[] {
  const parts = new Map<string, KindPart>();
  plan.actions.forEach((action, index) => {
    if (action.resource === undefined) return;
    const part = parts.get(action.resource) ?? { resource: action.resource, indexes: [], plan: emptyKindPlan(plan) };
    part.indexes.push(index);
    part.plan.actions.push(kindAction(action));
    parts.set(action.resource, part);
  });
  return [...parts.values()];
}

function emptyKindPlan(plan: Plan): KindPlan {
  return { actions: [], unchanged: [], unmanaged: [], fingerprints: plan.fingerprints };
}

function kindAction(action: PlanAction): KindPlanAction {
  const back: KindPlanAction = { resource: action.resource!, kind: action.kind, name: action.name, changes: action.changes };
  if (action.id !== undefined) back.id = action.id;
  if (action.sourceId !== "") back.scope = action.sourceId;
  if (action.place !== undefined) back.place = action.place;
  if (action.kind !== "delete") back.body = { ...(action.body as unknown as Record<string, unknown>) };
  if (action.kind !== "create") back.fingerprint = action.fingerprint;
  if (action.location !== undefined) back.location = action.location;
  return back;
}
