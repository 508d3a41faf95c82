import type {
  DocumentInput,
  HashKey,
  HashPropertiesConfiguration,
  PropertyValueTransformation,
  Transformation,
} from "../model/transformation.js";
import { INPUT_FIELDS, WRITE_ONLY_FIELDS } from "../model/transformation.js";
import { canonicalSet, canonicalize, compareStrings } from "./canonical.js";

export type FieldName = (typeof INPUT_FIELDS)[number];
export type WriteOnlyField = (typeof WRITE_ONLY_FIELDS)[number];

/**
 * The normal form both sides are compared in: arrays always present, sorted and without duplicates
 * (their order means nothing to the API), empty optional strings and nulls absent, keys canonical.
 * `drop` is a boolean and `hashPropertiesConfiguration` an object or null whenever they are known.
 */
export type NormalView = Partial<Record<FieldName, unknown>>;

/** Fields a reply may lack even though the object has them: the list omits FQL properties; write-only fields are never returned. */
const SOMETIMES_UNKNOWN: readonly FieldName[] = ["fqlDefinedProperties", ...WRITE_ONLY_FIELDS];

type LooseInput = { [K in keyof DocumentInput]?: DocumentInput[K] | null };

function normString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function normValueTransformation(item: PropertyValueTransformation): PropertyValueTransformation {
  return { propertyPaths: canonicalSet(item.propertyPaths ?? []), propertyValue: item.propertyValue };
}

export function normHash(hash: HashPropertiesConfiguration<HashKey> | null | undefined): HashPropertiesConfiguration<HashKey> | null {
  if (hash === null || hash === undefined) return null;
  const { algorithm, paths, key, encoding } = hash;
  return canonicalize({ algorithm, paths: canonicalSet(paths ?? []), key: key ?? undefined, encoding: encoding ?? undefined }) as HashPropertiesConfiguration<HashKey>;
}

/** The fields every reply carries. */
function normCore(t: LooseInput): NormalView {
  return {
    name: t.name,
    sourceId: t.sourceId,
    destinationMetadataId: normString(t.destinationMetadataId),
    enabled: t.enabled,
    if: t.if,
    newEventName: normString(t.newEventName),
    propertyRenames: canonicalSet(t.propertyRenames ?? []),
    propertyValueTransformations: canonicalSet((t.propertyValueTransformations ?? []).map(normValueTransformation)),
    allowProperties: canonicalSet(t.allowProperties ?? []),
  };
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
  const view = normCore(live);
  if (isKnown(live, "fqlDefinedProperties")) view.fqlDefinedProperties = canonicalSet(live.fqlDefinedProperties ?? []);
  if (isKnown(live, "drop")) view.drop = live.drop === true;
  if (isKnown(live, "hashPropertiesConfiguration")) view.hashPropertiesConfiguration = normHash(live.hashPropertiesConfiguration);
  return clean(view);
}

/** A desired input in normal form, every field present (absent write-only fields take their cleared value). */
export function normaliseDesired(spec: DocumentInput): NormalView {
  const view = normCore(spec);
  view.fqlDefinedProperties = canonicalSet(spec.fqlDefinedProperties ?? []);
  view.drop = spec.drop === true;
  view.hashPropertiesConfiguration = normHash(spec.hashPropertiesConfiguration);
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
