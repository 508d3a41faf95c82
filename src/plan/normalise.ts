import type { DocumentInput, Transformation } from "../model/transformation.js";
import { FIELDS, type AnyFieldFacts, type FieldName, type Members } from "../model/fields.js";
import { INPUT_FIELDS, WRITE_ONLY_FIELDS, type WriteOnlyField } from "../model/transformation.js";
import { canonicalSet, canonicalize, compareStrings } from "./canonical.js";

export type { FieldName, WriteOnlyField };

/**
 * The normal form both sides are compared in, derived from the registry (src/model/fields.ts):
 * `set` fields sorted and without duplicates, `list` fields in order, members kept as `members`
 * says, keys canonical. An unset field is `[]` when it is a list, its clearing value when it is
 * write-only (`clearedWith` of the registry: `false`, `null`), else absent; an empty optional
 * string is unset.
 */
export type NormalView = Partial<Record<FieldName, unknown>>;

/** Fields a reply may lack even though the object has them: the list omits some; write-only fields are never returned. */
const SOMETIMES_UNKNOWN: readonly FieldName[] = INPUT_FIELDS.filter((field) => FIELDS[field].returned !== "always");

function isUnset(facts: AnyFieldFacts, value: unknown): boolean {
  return value === undefined || value === null || (value === "" && !facts.required);
}

/** What an unset field is in normal form. */
function unsetForm(facts: AnyFieldFacts): unknown {
  if (facts.compare !== "scalar") return [];
  return facts.returned === "never" ? facts.clearedWith : undefined;
}

/** An object value (or element) reduced to the members that compare, its inner sets sorted. */
function normMembers(members: Members<object> | "not an object", value: unknown): unknown {
  if (typeof members !== "object" || value === null || typeof value !== "object") return canonicalize(value);
  const record = value as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const member of members.compared) {
    const inner = record[member];
    kept[member] = members.sets.includes(member) ? canonicalSet((inner as unknown[] | null | undefined) ?? []) : (inner ?? undefined);
  }
  return canonicalize(kept);
}

/** One field's value in normal form (undefined: absent). */
export function normField(field: FieldName, value: unknown): unknown {
  const facts = FIELDS[field];
  if (isUnset(facts, value)) return unsetForm(facts);
  const members = facts.members as Members<object> | "not an object";
  if (facts.compare === "scalar") return normMembers(members, value);
  const list = value as unknown[];
  // canonicalSet canonicalises each element itself: only picked members need a pass of their own.
  const items = typeof members === "object" ? list.map((item) => normMembers(members, item)) : list;
  return facts.compare === "set" ? canonicalSet(items) : items.map(canonicalize);
}

function isKnown(t: Transformation, field: FieldName): boolean {
  const value = (t as unknown as Record<string, unknown>)[field];
  return value !== undefined && value !== null;
}

/** Input fields the live reply lets us compare (all but those it lacks). */
export function comparableFields(live: Transformation): FieldName[] {
  return INPUT_FIELDS.filter((field) => !SOMETIMES_UNKNOWN.includes(field) || isKnown(live, field));
}

/** Live objects are read once and never mutated, so each is normalised once (plan and fingerprint share it). */
const liveViews = new WeakMap<Transformation, NormalView>();

/** A live object in normal form: only the fields its reply carries; read-only fields left out. Do not mutate the result. */
export function normaliseLive(live: Transformation): NormalView {
  let view = liveViews.get(live);
  if (!view) {
    view = buildLiveView(live);
    liveViews.set(live, view);
  }
  return view;
}

function buildLiveView(live: Transformation): NormalView {
  const view: NormalView = {};
  for (const field of comparableFields(live)) view[field] = normField(field, live[field]);
  return clean(view);
}

/** A desired input in normal form, every field present (absent write-only fields take their cleared value). */
export function normaliseDesired(spec: DocumentInput): NormalView {
  const view: NormalView = {};
  for (const field of INPUT_FIELDS) view[field] = normField(field, spec[field]);
  return clean(view);
}

/** What a create shows: the desired view without the write-only fields the document leaves unset. */
export function createView(spec: DocumentInput): NormalView {
  const view = normaliseDesired(spec);
  for (const field of WRITE_ONLY_FIELDS) if (!documentSets(spec, field)) delete view[field];
  return view;
}

export function pick(view: NormalView, fields: readonly FieldName[]): NormalView {
  const picked: NormalView = {};
  for (const field of fields) if (view[field] !== undefined) picked[field] = view[field];
  return picked;
}

export function documentSets(spec: DocumentInput, field: FieldName): boolean {
  const value = (spec as unknown as Record<string, unknown>)[field];
  return value !== undefined && value !== null;
}

const FIELDS_IN_KEY_ORDER: readonly FieldName[] = [...INPUT_FIELDS].sort(compareStrings);

/** Key order canonical, absent fields dropped; the values are canonical already (built above). */
function clean(view: NormalView): NormalView {
  const cleaned: NormalView = {};
  for (const field of FIELDS_IN_KEY_ORDER) if (view[field] !== undefined) cleaned[field] = view[field];
  return cleaned;
}
