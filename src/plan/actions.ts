import jsonpatch from "fast-json-patch";
import type { DesiredResource } from "../model/desired-resource.js";
import type { DocumentInput, Transformation } from "../model/transformation.js";
import { INPUT_FIELDS, WRITE_ONLY_FIELDS } from "../model/transformation.js";
import type {
  CreateAction,
  DeleteAction,
  FieldChange,
  JsonPatchOperation,
  PlanAction,
  UnchangedObject,
  UpdateAction,
  UpdateReason,
  WriteOnlyFieldName,
} from "./types.js";
import { canonicalForm, sameJson } from "./canonical.js";
import { createBody, updateBody } from "./bodies.js";
import {
  comparableFields,
  createView,
  documentSets,
  normaliseDesired,
  normaliseLive,
  pick,
  type FieldName,
  type NormalView,
} from "./normalise.js";
import { fingerprint } from "./fingerprint.js";
import type { RecordedWriteOnly } from "./write-only.js";
import { resendsDocument } from "./select.js";

export interface UpdateOptions {
  /** Every document (true), or those the names, globs or pinned ids of the list name (select.ts `resendsDocument`). */
  resendWriteOnly: boolean | readonly string[];
  /** The write-only values at the recorded commit, per document. */
  recorded: RecordedWriteOnly;
}

function patchOf(from: NormalView, to: NormalView): JsonPatchOperation[] {
  return jsonpatch.compare(from, to) as JsonPatchOperation[];
}

function fieldChanges(before: NormalView, after: NormalView, fields: readonly FieldName[]): FieldChange[] {
  return fields
    .filter((field) => !sameJson(before[field], after[field]))
    .map((field) => ({
      field,
      ...(before[field] !== undefined ? { before: before[field] } : {}),
      ...(after[field] !== undefined ? { after: after[field] } : {}),
    }));
}

const isWriteOnly = (field: FieldName): field is WriteOnlyFieldName => (WRITE_ONLY_FIELDS as readonly string[]).includes(field);
const fieldOrder = (change: FieldChange): number => INPUT_FIELDS.indexOf(change.field as FieldName);

/** What one matched pair compares: live fields read, write-only fields against the record, and what stays unknown. */
interface Comparison {
  changes: FieldChange[];
  before: NormalView;
  after: NormalView;
  /** Write-only fields whose live value nothing tells (the reply lacks them, no record knows the document). */
  unknownWriteOnly: WriteOnlyFieldName[];
  /** Write-only fields the reply lacks and the document sets, recorded or not: what a forced resend sends. */
  resendable: WriteOnlyFieldName[];
  /** Other fields the reply lacks (the list omits fqlDefinedProperties). */
  notRead: FieldName[];
}

function compare(doc: DesiredResource, live: Transformation, recorded: RecordedWriteOnly): Comparison {
  // A document's `ignore:` fields are neither compared, nor unknown, nor sent: live keeps its value.
  const ignored = new Set(doc.ignore ?? []);
  const read = comparableFields(live);
  const fields = read.filter((field) => !ignored.has(field));
  const desired = normaliseDesired(doc.spec);
  const before = pick(normaliseLive(live), fields);
  const after = pick(desired, fields);
  const unknown = INPUT_FIELDS.filter((field) => !read.includes(field) && !ignored.has(field));
  const writeOnly = unknown.filter(isWriteOnly);
  const record = writeOnly.length > 0 ? recorded(doc) : undefined;
  const fromRecord = record ? fieldChanges(record, desired, writeOnly).map((change) => ({ ...change, from: "record" as const })) : [];
  const changes = [...fieldChanges(before, after, fields), ...fromRecord].sort((a, b) => fieldOrder(a) - fieldOrder(b));
  // The patch covers the recorded write-only values too, so it says what the update changes.
  const patchBefore = record ? { ...before, ...record } : before;
  const patchAfter = record ? { ...after, ...pick(desired, writeOnly) } : after;
  const resendable = writeOnly.filter((field) => documentSets(doc.spec, field));
  return {
    changes,
    before: patchBefore,
    after: patchAfter,
    unknownWriteOnly: record ? [] : writeOnly,
    resendable,
    notRead: unknown.filter((field) => !isWriteOnly(field)),
  };
}

function updateReasons(comparison: Comparison, resend: boolean): UpdateReason[] {
  const { changes } = comparison;
  const reasons: UpdateReason[] = [];
  if (changes.some((change) => change.field === "name")) reasons.push("rename");
  if (changes.some((change) => change.field !== "name" && change.from === undefined)) reasons.push("drift");
  if (changes.some((change) => change.from === "record")) reasons.push("write-only-changed");
  // A key rotated behind an unchanged `fromEnv` is no visible change: a forced resend sends what the document sets.
  if (comparison.resendable.length > 0 && resend) reasons.push("resend-write-only");
  return reasons;
}

/**
 * A matched pair becomes an update or stays unchanged. The body holds exactly the changed fields,
 * plus the write-only fields whose live value is unknown and that the document sets (re-sent, since
 * they cannot be compared); with a forced resend, every write-only field the document sets, recorded
 * or not (a key rotated behind an unchanged reference), and nothing for a document that sets none. A field the
 * reply lacks and that is not write-only (FQL properties read from the list) is never sent: the
 * caller reads such objects with `get` before planning an update of them.
 */
export function planMatched(doc: DesiredResource, live: Transformation, options: UpdateOptions): PlannedPair {
  const known = planned.get(live);
  if (known && known.doc === doc && known.resendWriteOnly === options.resendWriteOnly && known.recorded === options.recorded)
    return known.result;
  const result = planPair(doc, live, options);
  planned.set(live, { doc, resendWriteOnly: options.resendWriteOnly, recorded: options.recorded, result });
  return result;
}

export type PlannedPair = { action?: UpdateAction; unchanged?: UnchangedObject };

/**
 * Live objects and documents are never mutated once read, so a pair's outcome is kept per live
 * object: plan compares each pair once while its list page arrives (to start the gets it needs)
 * and computePlan finds the answer ready after the list ends.
 */
const planned = new WeakMap<
  Transformation,
  { doc: DesiredResource; resendWriteOnly: UpdateOptions["resendWriteOnly"]; recorded: RecordedWriteOnly; result: PlannedPair }
>();

function planPair(doc: DesiredResource, live: Transformation, options: UpdateOptions): PlannedPair {
  const comparison = compare(doc, live, options.recorded);
  const unverifiable = comparison.unknownWriteOnly.filter((field) => documentSets(doc.spec, field));
  const notes = {
    ...(unverifiable.length > 0 ? { writeOnlyUnverifiable: unverifiable } : {}),
    ...(comparison.notRead.length > 0 ? { notRead: comparison.notRead } : {}),
  };
  const reasons = updateReasons(comparison, resendsDocument(options.resendWriteOnly, doc));
  if (reasons.length === 0) return { unchanged: { id: live.id, name: live.name, ...notes } };
  const forced = reasons.includes("resend-write-only");
  const changed = new Set(comparison.changes.map((change) => change.field as FieldName));
  const resent = (forced ? comparison.resendable : unverifiable).filter((field) => !changed.has(field));
  const action: UpdateAction = inCanonicalForm({
    kind: "update",
    name: doc.name,
    id: live.id,
    sourceId: doc.spec.sourceId,
    location: doc.location,
    body: updateBody(doc.spec, new Set<FieldName>([...changed, ...resent])),
    patch: patchOf(comparison.before, comparison.after),
    changes: labelOverrides(comparison.changes, doc),
    reasons,
    fingerprint: fingerprint(live),
    ...notes,
    ...(resent.length > 0 ? { writeOnlyResent: resent } : {}),
  });
  return { action };
}

export function planCreate(doc: DesiredResource): CreateAction {
  const view = createView(doc.spec);
  return inCanonicalForm({
    kind: "create",
    name: doc.name,
    sourceId: doc.spec.sourceId,
    location: doc.location,
    body: createBody(doc.spec),
    patch: patchOf({}, view),
    changes: labelOverrides(fieldChanges({}, view, INPUT_FIELDS), doc),
  });
}

/** Each change whose desired value an environment's override gives says so; a document without overrides keeps its changes as they are. */
function labelOverrides(changes: FieldChange[], doc: DesiredResource): FieldChange[] {
  const overrides = doc.overrides;
  if (overrides === undefined) return changes;
  return changes.map((change) => (overrides.fields.includes(change.field) ? { ...change, override: overrides.env } : change));
}

/** The changes a create of `body` shows (apply checks a plan file's create against them). */
export function createChanges(body: DocumentInput): FieldChange[] {
  return fieldChanges({}, createView(body), INPUT_FIELDS);
}

export function planDelete(live: Transformation, pruneReason: "all" | "removed"): DeleteAction {
  const view = normaliseLive(live);
  return inCanonicalForm({
    kind: "delete",
    name: live.name,
    id: live.id,
    sourceId: live.sourceId,
    patch: patchOf(view, {}),
    changes: fieldChanges(view, {}, INPUT_FIELDS),
    fingerprint: fingerprint(live),
    pruneReason,
  });
}

/**
 * An action as the plan keeps it: in canonical form (keys sorted, canonicalForm), made once here.
 * The plan's digest and its JSON text then serialise it as it is, where each sorted a copy of
 * every action of a mass change (3,334 updates: their changes, their locations) again.
 */
function inCanonicalForm<A extends PlanAction>(action: A): A {
  return canonicalForm(action) as A;
}
