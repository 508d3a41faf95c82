import jsonpatch from "fast-json-patch";
import type { DesiredResource } from "../desired/types.js";
import type { Transformation } from "../model/transformation.js";
import { INPUT_FIELDS, WRITE_ONLY_FIELDS } from "../model/transformation.js";
import type { FieldChange, JsonPatchOperation, PlanAction, UnchangedObject, UpdateReason } from "./types.js";
import { sameJson } from "./canonical.js";
import { createBody, updateBody } from "./bodies.js";
import { comparableFields, createView, documentSets, normaliseDesired, normaliseLive, pick, type FieldName, type NormalView } from "./normalise.js";
import { fingerprint } from "./fingerprint.js";

export interface UpdateOptions {
  resendWriteOnly: boolean;
  /** Document names whose write-only fields changed between base and head. */
  writeOnlyChanged: ReadonlySet<string>;
}

function patchOf(from: NormalView, to: NormalView): JsonPatchOperation[] {
  return jsonpatch.compare(from, to) as JsonPatchOperation[];
}

function fieldChanges(before: NormalView, after: NormalView, fields: readonly FieldName[]): FieldChange[] {
  return fields
    .filter((field) => !sameJson(before[field], after[field]))
    .map((field) => ({ field, ...(before[field] !== undefined ? { before: before[field] } : {}), ...(after[field] !== undefined ? { after: after[field] } : {}) }));
}

function updateReasons(changed: readonly FieldChange[], unknownWriteOnly: readonly FieldName[], doc: DesiredResource, options: UpdateOptions): UpdateReason[] {
  const reasons: UpdateReason[] = [];
  if (changed.some((change) => change.field === "name")) reasons.push("rename");
  if (changed.some((change) => change.field !== "name")) reasons.push("drift");
  if (unknownWriteOnly.length > 0 && options.resendWriteOnly) reasons.push("resend-write-only");
  if (unknownWriteOnly.length > 0 && options.writeOnlyChanged.has(doc.name)) reasons.push("write-only-changed");
  return reasons;
}

/**
 * A matched pair becomes an update or stays unchanged. Fields the live reply lacks (write-only
 * fields, FQL properties read from the list) are not compared; an update planned anyway re-sends
 * them, and a forced resend also sends the cleared value of those the document leaves unset.
 */
export function planMatched(doc: DesiredResource, live: Transformation, options: UpdateOptions): { action?: PlanAction; unchanged?: UnchangedObject } {
  const fields = comparableFields(live);
  const before = pick(normaliseLive(live), fields);
  const after = pick(normaliseDesired(doc.spec), fields);
  const changes = fieldChanges(before, after, fields);
  const unknown = INPUT_FIELDS.filter((field) => !fields.includes(field));
  const unknownWriteOnly = unknown.filter((field) => (WRITE_ONLY_FIELDS as readonly string[]).includes(field));
  const unverifiable = unknownWriteOnly.filter((field) => documentSets(doc.spec, field));
  const note = unverifiable.length > 0 ? { writeOnlyUnverifiable: unverifiable } : {};
  const reasons = updateReasons(changes, unknownWriteOnly, doc, options);
  if (reasons.length === 0) return { unchanged: { id: live.id, name: live.name, ...note } };
  const forced = reasons.includes("resend-write-only") || reasons.includes("write-only-changed");
  const sent = new Set<FieldName>(changes.map((change) => change.field as FieldName));
  for (const field of unknown) if (forced || documentSets(doc.spec, field) || field === "fqlDefinedProperties") sent.add(field);
  const action: PlanAction = {
    kind: "update",
    name: doc.name,
    id: live.id,
    sourceId: doc.spec.sourceId,
    location: doc.location,
    body: updateBody(doc.spec, sent),
    patch: patchOf(before, after),
    changes,
    reasons,
    fingerprint: fingerprint(live),
    ...note,
  };
  return { action };
}

export function planCreate(doc: DesiredResource): PlanAction {
  const view = createView(doc.spec);
  return {
    kind: "create",
    name: doc.name,
    sourceId: doc.spec.sourceId,
    location: doc.location,
    body: createBody(doc.spec),
    patch: patchOf({}, view),
    changes: fieldChanges({}, view, INPUT_FIELDS),
  };
}

export function planDelete(live: Transformation, pruneReason: "all" | "removed"): PlanAction {
  const view = normaliseLive(live);
  return {
    kind: "delete",
    name: live.name,
    id: live.id,
    sourceId: live.sourceId,
    patch: patchOf(view, {}),
    changes: fieldChanges(view, {}, INPUT_FIELDS),
    fingerprint: fingerprint(live),
    pruneReason,
  };
}
