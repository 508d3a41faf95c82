/**
 * Room src/model/: the Transformation as the API defines it and the registry of its fields
 * (fields.ts); every stage builds on it.
 * May import: nothing outside this folder.
 */
/**
 * The Transformation resource as the Segment Public API (v1) defines it, shared by the emulator,
 * the API client, the desired-state loader and the planner
 * (https://docs.segmentapis.com/tag/Transformations).
 */
import { FIELD_NAMES, FIELDS, fieldsWhere, type FieldName, type Fields, type FieldsWith } from "./fields.js";

export interface PropertyRename {
  oldName: string;
  newName: string;
}

export interface PropertyValueTransformation {
  /** Dotted paths rooted at `properties.` or `context.`; at most 10. */
  propertyPaths: string[];
  propertyValue: string;
}

export interface FqlDefinedProperty {
  fql: string;
  /** A full path, e.g. `properties.total_usd`. */
  propertyName: string;
}

export const HASH_ENCODINGS = ["BASE16", "BASE64", "BASE64URL", "HEX"] as const;
export type HashEncoding = (typeof HASH_ENCODINGS)[number];

/**
 * A secret kept out of the repository: the value of an environment variable, read by apply when it
 * sends the body (YAML `key: { fromEnv: TRANSYNC_KEY_EMAIL }`; src/model/hash-key-variable.ts says which
 * names). Plans hold the reference, never the value.
 */
export interface SecretRef {
  fromEnv: string;
}
/** A hash key as a document writes it: a literal, or a reference to an environment variable. */
export type HashKey = string | SecretRef;

export interface HashPropertiesConfiguration<Key = string> {
  algorithm: string;
  paths: string[];
  key?: Key;
  encoding?: HashEncoding;
}

/**
 * Every input field of create (`CreateTransformationV1Input`). `Key` is `string` for what goes on
 * the wire; documents and plans use `HashKey` (see DocumentInput).
 */
export interface TransformationInput<Key = string> {
  name: string;
  sourceId: string;
  enabled: boolean;
  if: string;
  destinationMetadataId?: string;
  drop?: boolean;
  newEventName?: string;
  propertyRenames?: PropertyRenameList;
  propertyValueTransformations?: PropertyValueTransformation[];
  fqlDefinedProperties?: FqlDefinedProperty[];
  allowProperties?: string[];
  hashPropertiesConfiguration?: HashPropertiesConfiguration<Key>;
}
/** A desired document's input (and a plan's create body): its hash key may name an environment variable. */
export type DocumentInput = TransformationInput<HashKey>;
type PropertyRenameList = PropertyRename[];

/** The optional fields: those an update can clear. */
type Clearable = FieldsWith<"required", false>;

/**
 * transync's clearing convention, the one table the planner (plan/bodies.ts) and the emulator
 * (kinds/transformation/emulator-shape.ts) share: the value an update sends to unset each optional field
 * (`clearedWith` of the registry, src/model/fields.ts).
 */
export const CLEARING_VALUES = Object.fromEntries(
  fieldsWhere((facts) => !facts.required).map((field) => [field, FIELDS[field].clearedWith]),
) as {
  readonly [K in Clearable]: Fields[K]["clearedWith"];
};

/** The fields cleared with `null`. */
type NullCleared = FieldsWith<"clearedWith", null>;

/** Whether `null` clears this field (CLEARING_VALUES). */
export function isNullCleared(field: string): field is NullCleared {
  return Object.hasOwn(CLEARING_VALUES, field) && CLEARING_VALUES[field as Clearable] === null;
}

/**
 * Body of update (`UpdateTransformationV1Input`): every field optional; a field is cleared with
 * its value in CLEARING_VALUES (`clearedWith` of the registry).
 */
export type TransformationUpdate<Key = string> = {
  [K in keyof TransformationInput<Key>]?: K extends NullCleared ? TransformationInput<Key>[K] | null : TransformationInput<Key>[K];
};
/** A plan's update body: as TransformationUpdate, the hash key possibly an environment reference. */
export type DocumentUpdate = TransformationUpdate<HashKey>;

/** The resource as the API returns it (`TransformationV1`), with the output-only fields. */
export interface Transformation extends TransformationInput {
  id: string;
  workspaceId?: string;
  propertyDrops?: string[];
  destinationId?: string;
}

/** Input fields the API accepts but does not return: they cannot be read back to compare. */
export type WriteOnlyField = FieldsWith<"returned", "never">;
export const WRITE_ONLY_FIELDS = fieldsWhere((facts) => facts.returned === "never") as readonly WriteOnlyField[];

/**
 * The fields that change an event's content (its transforms), apart from the selector (`if`), the
 * scope and `drop`: what Segment's "at least one transform" rule counts and what a change newly alters.
 */
export const TRANSFORM_FIELDS = [
  "newEventName",
  "propertyRenames",
  "propertyValueTransformations",
  "fqlDefinedProperties",
  "allowProperties",
  "hashPropertiesConfiguration",
] as const satisfies ReadonlyArray<keyof Transformation>;
/** Input fields the list's elements omit (get, create and update return them): reading them takes a `get`. */
export const LIST_OMITTED_FIELDS = fieldsWhere((facts) => facts.returned === "not in lists");
/** Fields the server owns; they never cause a change. */
export const READ_ONLY_FIELDS = ["id", "workspaceId", "propertyDrops", "destinationId"] as const;
/** Every input field, in the stable order used for output (import, reports): the registry's. */
export const INPUT_FIELDS: readonly FieldName[] = FIELD_NAMES;

export interface Workspace {
  id: string;
  slug: string;
  name: string;
}

/** One element of the `errors` envelope. */
export interface ApiErrorObject {
  type: string;
  message?: string;
  field?: string;
  data?: unknown;
}

export interface PaginationOutput {
  current: string;
  next?: string | null;
  previous?: string | null;
  totalEntries?: number;
}

export interface AuditEvent {
  id: string;
  timestamp: string;
  /** `Transformation Created/Updated/Deleted` for transformations; other resources have types of their own. */
  type: string;
  /** `users/<id>` or `public-api-token/<id>` at Segment. */
  actor: string;
  actorEmail?: string;
  resourceId: string;
  /** Segment: lower case (`transformation`); the emulator's `compat.audit: legacy`: `Transformation`. */
  resourceType: string;
  resourceName: string;
}
