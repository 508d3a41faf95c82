/**
 * The field registry: one entry per input field of a Transformation, holding every fact the other
 * stages need about it. The normaliser (src/plan/normalise.ts), the clearing convention and the
 * write-only rules (src/model/transformation.ts), the emulator's stored and returned shape
 * (src/kinds/transformation/emulator-shape.ts), import's renderer (src/kinds/transformation/import-document.ts) and the
 * type check of replies (src/kinds/transformation/decode-fields.ts) are derived from it; `npm run schemas`
 * (scripts/compile-schemas.ts) writes from it the fields' parts of schemas/, the prose that lists
 * fields by a fact and the field table of docs/desired-state.md (test/schemas-generated.test.ts fails
 * when one is stale), test/model/field-roundtrip.test.ts runs one end-to-end test per entry, and
 * test/model/registry-vs-sdk.test.ts checks the entries against Segment's own SDK models.
 * Every fact is a required member, typed from the field's value (src/model/field-facts.ts), so an
 * entry missing a fact, or a field without an entry, does not compile.
 */
import { DOCUMENT_DESTINATION, DOCUMENT_HASH_CONFIGURATION, DOCUMENT_NAME, DOCUMENT_SOURCE, HASH_CONFIGURATION } from "./field-schemas.js";
import type { FieldFacts, FieldName } from "./field-facts.js";

export type { Compare, FieldFacts, FieldName, FieldSchema, Members, Returned } from "./field-facts.js";
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
    simulated: { step: "orderTransformations", does: "orders the transformations of a scope (by name)" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        maxLength: 255,
        description: "Name of the Transformation. transync matches desired and live objects by name (unless pinned by id).",
        examples: ["Rename Order Completed"],
      },
      planned: "the value",
      document: DOCUMENT_NAME,
    },
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
    simulated: { step: "orderTransformations", does: "selects the events it applies to" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        maxLength: 255,
        description: "Id of the Source whose events this Transformation changes.",
        examples: ["qQEHquLrjRDN9j1ByrChyn"],
      },
      planned: "the value",
      document: DOCUMENT_SOURCE,
    },
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
    simulated: { step: "orderTransformations", does: "scopes it to one destination type" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        maxLength: 255,
        description:
          "Catalog metadata id of a Destination type (not a destination instance id). When set, the Transformation applies only to destinations of that type; absent means it applies to the whole Source.",
        examples: ["547610a5db31d978f14a5c4e"],
      },
      planned: "the value",
      document: DOCUMENT_DESTINATION,
    },
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
    simulated: { step: "orderTransformations", does: "a disabled transformation never applies" },
    schema: {
      value: { type: "boolean", description: "Whether the Transformation is active.", examples: [true] },
      planned: "the value",
      document: "as planned",
    },
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
    simulated: { step: "ifCondition", does: "step 1: evaluated on the event" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        description:
          "FQL statement selecting the events to transform. Standard matchers: track `event = 'Order Completed'`, identify `type = 'identify'`, group `type = 'group'`.",
        examples: ["event = 'Order Completed'", "type = 'identify'"],
      },
      planned: "the value",
      document: "as planned",
    },
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
    simulated: { step: "dropsEvent", does: "step 2: drops the event" },
    schema: {
      value: { type: "boolean", description: "Drop matching events entirely; all other transforms are then ignored.", examples: [true] },
      planned: "the value",
      document: "as planned",
    },
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
    simulated: { step: "renameEvent", does: "step 3: renames a track event" },
    schema: {
      value: {
        type: "string",
        minLength: 1,
        description: "New name for matching track events (track events only).",
        examples: ["Order Placed"],
      },
      planned: "the value",
      document: "as planned",
    },
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
    simulated: { step: "renameProperties", does: "step 4: renames properties or traits" },
    schema: {
      value: {
        type: "array",
        description: "Renames of fields inside `properties` or `traits`.",
        items: { $ref: "#/$defs/propertyRename" },
        examples: [[{ oldName: "total", newName: "revenue" }]],
      },
      planned: "the value",
      document: "as planned",
    },
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
    simulated: { step: "setPropertyValues", does: "step 5: sets static values" },
    schema: {
      value: {
        type: "array",
        maxItems: 10,
        description: "Static values to set (at most 10 properties).",
        items: { $ref: "#/$defs/propertyValueTransformation" },
        examples: [[{ propertyPaths: ["properties.currency"], propertyValue: "USD" }]],
      },
      planned: "the value",
      document: "as planned",
    },
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
    simulated: { step: "setFqlProperties", does: "step 6: sets computed properties" },
    schema: {
      value: {
        type: "array",
        maxItems: 1,
        description: "FQL-defined properties (at most 1). Cannot be combined with renames or value transformations.",
        items: { $ref: "#/$defs/fqlDefinedProperty" },
        examples: [[{ fql: "lowercase(properties.email)", propertyName: "properties.email_lower" }]],
      },
      planned: "the value",
      document: "as planned",
    },
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
    simulated: { step: "allowProperties", does: "step 7: keeps only these top-level properties or traits" },
    schema: {
      value: {
        type: "array",
        description: "Allow-list: only these properties are kept.",
        items: { type: "string", minLength: 1 },
        examples: [["order_id", "revenue"]],
      },
      planned: "the value",
      document: "as planned",
    },
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
    simulated: { step: "hashProperties", does: "step 8: hashes the listed paths" },
    schema: {
      value: HASH_CONFIGURATION,
      planned: DOCUMENT_HASH_CONFIGURATION,
      document: DOCUMENT_HASH_CONFIGURATION,
    },
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

/** The simulator's steps the registry names (`simulated.step`): src/simulate/simulator-steps.ts maps each to its function. */
export type SimulatedBy = NonNullable<AnyFieldFacts["simulated"]["step"]>;

/** The names of the fields whose fact `F` has a value assignable to `V`. */
export type FieldsWith<F extends keyof AnyFieldFacts, V> = { [K in FieldName]: Fields[K][F] extends V ? K : never }[FieldName];
