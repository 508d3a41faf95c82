/**
 * The field registry: one entry per input field of a Transformation, holding every fact the other
 * stages need about it. The normaliser (src/plan/normalise.ts), the clearing convention and the
 * write-only rules (src/model/transformation.ts), the emulator's stored and returned shape
 * (src/emulator/transformation-shape.ts) and import's renderer (src/import/render-import.ts) are
 * derived from it; the schemas and the field table of docs/desired-state.md are checked against it
 * (test/model/fields.test.ts), and test/model/field-roundtrip.test.ts runs one end-to-end test per
 * entry. Every fact is a required member, typed from the field's value (`TransformationInput`), so
 * an entry missing a fact, or a field without an entry, does not compile.
 */
import type { TransformationInput } from "./transformation.js";

type Input = TransformationInput;
export type FieldName = keyof Input;
type Value<K extends FieldName> = NonNullable<Input[K]>;
type IsRequired<K extends FieldName> = object extends Pick<Input, K> ? false : true;
type IsList<K extends FieldName> = Value<K> extends readonly unknown[] ? true : false;
type Element<K extends FieldName> = Value<K> extends ReadonlyArray<infer E> ? E : Value<K>;

/**
 * How the members of an object value (or of each element of a list) compare: `all` of them as
 * written, or only those `compared`, of which `sets` are lists whose order means nothing.
 */
export type Members<E> = E extends object
  ? "all" | { compared: ReadonlyArray<keyof E & string>; sets: ReadonlyArray<keyof E & string> }
  : "not an object";

/** `scalar` compares the value; `set` a list whose order and duplicates mean nothing; `list` a list in order. */
export type Compare = "scalar" | "set" | "list";

/** Which replies of the API carry the field: every one, all but the list's elements, or none (write-only). */
export type Returned = "always" | "not in lists" | "never";

/**
 * What import writes: the `value` read, or, for a field no reply carries (write-only), a `note` in
 * the document asking the reader to add it (and the value, should a reply ever carry it).
 */
type ReturnedAndImported = { returned: "always" | "not in lists"; imported: "value" } | { returned: "never"; imported: "note" };

export type FieldFacts<K extends FieldName> = ReturnedAndImported & {
  /** What the value is, as the docs' field table says it. */
  type: string;
  /** Required by create (and by a document); a required field cannot be cleared. */
  required: IsRequired<K>;
  /**
   * transync's clearing convention: what an update sends to unset the field (a document that leaves
   * it out). Lists are cleared with `[]`, booleans with `false`, other values with `null`.
   */
  clearedWith: IsRequired<K> extends true
    ? "not clearable"
    : IsList<K> extends true
      ? readonly []
      : Value<K> extends boolean
        ? false
        : null;
  compare: IsList<K> extends true ? Exclude<Compare, "scalar"> : "scalar";
  members: Members<Element<K>>;
  /** The alias a document may write for the id (transync.yaml), which import writes back. */
  aliased: "source" | "destination" | "no";
  /** What the simulator does with it (docs/simulator.md), or why it does nothing. */
  simulated: string;
  /** Two different valid values: docs and the end-to-end test use them (a document starts with the first of each required field). */
  examples: readonly [Value<K>, Value<K>];
};

/** The registry, in the order import writes the fields and reports list them. */
export const FIELDS = {
  name: {
    type: "string",
    required: true,
    clearedWith: "not clearable",
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: "orders the transformations of a scope (by name)",
    examples: ["Field round trip", "Field round trip renamed"],
  },
  sourceId: {
    type: "string (id or source alias)",
    required: true,
    clearedWith: "not clearable",
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "source",
    imported: "value",
    simulated: "selects the events it applies to",
    examples: ["src_web", "src_app"],
  },
  destinationMetadataId: {
    type: "string (id or destination alias)",
    required: false,
    clearedWith: null,
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "destination",
    imported: "value",
    simulated: "scopes it to one destination type",
    examples: ["547610a5db31d978f14a5c4e", "54521fd525e721e32a72ee8f"],
  },
  enabled: {
    type: "boolean",
    required: true,
    clearedWith: "not clearable",
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: "a disabled transformation never applies",
    examples: [true, false],
  },
  if: {
    type: "FQL string",
    required: true,
    clearedWith: "not clearable",
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: "step 1: evaluated on the event",
    examples: ["event = 'Order Completed'", "event = 'Order Placed'"],
  },
  drop: {
    type: "boolean",
    required: false,
    clearedWith: false,
    returned: "never",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "note",
    simulated: "step 2: drops the event",
    examples: [true, false],
  },
  newEventName: {
    type: "string",
    required: false,
    clearedWith: null,
    returned: "always",
    compare: "scalar",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: "step 3: renames a track event",
    examples: ["Order Placed", "Order Done"],
  },
  propertyRenames: {
    type: "list of {oldName, newName}",
    required: false,
    clearedWith: [],
    returned: "always",
    compare: "set",
    members: "all",
    aliased: "no",
    imported: "value",
    simulated: "step 4: renames properties or traits",
    examples: [[{ oldName: "total", newName: "revenue" }], [{ oldName: "sku", newName: "product_sku" }]],
  },
  propertyValueTransformations: {
    type: "list of {propertyPaths, propertyValue}",
    required: false,
    clearedWith: [],
    returned: "always",
    compare: "set",
    members: { compared: ["propertyPaths", "propertyValue"], sets: ["propertyPaths"] },
    aliased: "no",
    imported: "value",
    simulated: "step 5: sets static values",
    examples: [
      [{ propertyPaths: ["properties.currency"], propertyValue: "USD" }],
      [{ propertyPaths: ["context.locale"], propertyValue: "en" }],
    ],
  },
  fqlDefinedProperties: {
    type: "list of {fql, propertyName}",
    required: false,
    clearedWith: [],
    returned: "not in lists",
    compare: "set",
    members: "all",
    aliased: "no",
    imported: "value",
    simulated: "step 6: sets computed properties",
    examples: [
      [{ fql: "lowercase(properties.email)", propertyName: "properties.email_lower" }],
      [{ fql: "uppercase(properties.sku)", propertyName: "properties.sku_upper" }],
    ],
  },
  allowProperties: {
    type: "list of strings",
    required: false,
    clearedWith: [],
    returned: "always",
    compare: "set",
    members: "not an object",
    aliased: "no",
    imported: "value",
    simulated: "step 7: keeps only these top-level properties or traits",
    examples: [["order_id", "revenue"], ["email"]],
  },
  hashPropertiesConfiguration: {
    type: "{algorithm, paths, key?, encoding?}",
    required: false,
    clearedWith: null,
    returned: "never",
    compare: "scalar",
    members: { compared: ["algorithm", "paths", "key", "encoding"], sets: ["paths"] },
    aliased: "no",
    imported: "note",
    simulated: "step 8: hashes the listed paths",
    examples: [
      { algorithm: "SHA256", paths: ["properties.email"] },
      { algorithm: "SHA256", paths: ["properties.phone"], encoding: "HEX" },
    ],
  },
} as const satisfies { readonly [K in FieldName]-?: FieldFacts<K> };

export type Fields = typeof FIELDS;
/** The facts of one field, as one type (for code that walks the registry). */
export type AnyFieldFacts = Fields[FieldName];

/** Every input field, in the registry's order (the stable order of output: import, reports). */
export const FIELD_NAMES = Object.keys(FIELDS) as FieldName[];

/** The fields whose facts match `test`, in the registry's order. */
export function fieldsWhere(test: (facts: AnyFieldFacts, field: FieldName) => boolean): FieldName[] {
  return FIELD_NAMES.filter((field) => test(FIELDS[field], field));
}

/** The names of the fields whose fact `F` has a value assignable to `V`. */
export type FieldsWith<F extends keyof AnyFieldFacts, V> = { [K in FieldName]: Fields[K][F] extends V ? K : never }[FieldName];
