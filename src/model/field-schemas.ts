/**
 * The JSON Schema parts of the field registry (src/model/fields.ts) too long to sit in its entries:
 * the definitions the fields' values refer to (`#/$defs/…` of schemas/defs.schema.json) and a
 * document's own form of some fields. `npm run schemas` (scripts/compile-schemas.ts) writes them into
 * schemas/; replies are checked against the values' schemas (src/kinds/transformation/decode-fields.ts).
 */

/** A JSON value, as a schema holds it. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };
/** A JSON Schema (draft 2020-12), as plain data. */
export type JsonSchema = { readonly [key: string]: Json };

/** Definitions shared by the fields' values, written to schemas/defs.schema.json beside the fields' own. */
export const SHARED_DEFS = {
  propertyRename: {
    type: "object",
    description: "Renames one field inside `properties` (or `traits`).",
    required: ["oldName", "newName"],
    additionalProperties: false,
    properties: {
      oldName: { type: "string", minLength: 1, description: "Current name of the property.", examples: ["total"] },
      newName: { type: "string", minLength: 1, description: "New name of the property.", examples: ["revenue"] },
    },
    examples: [{ oldName: "total", newName: "revenue" }],
  },
  propertyPath: {
    type: "string",
    minLength: 1,
    description: "Dotted path rooted at `properties.` or `context.`.",
    examples: ["properties.currency", "context.locale"],
  },
  propertyValueTransformation: {
    type: "object",
    description: "Sets every listed path to one static value.",
    required: ["propertyPaths", "propertyValue"],
    additionalProperties: false,
    properties: {
      propertyPaths: {
        type: "array",
        minItems: 1,
        maxItems: 10,
        description: "Paths to set (at most 10), rooted at `properties.` or `context.`.",
        items: { $ref: "#/$defs/propertyPath" },
        examples: [["properties.currency"]],
      },
      propertyValue: { type: "string", description: "The new value of the paths.", examples: ["USD"] },
    },
    examples: [{ propertyPaths: ["properties.currency"], propertyValue: "USD" }],
  },
  fqlDefinedProperty: {
    type: "object",
    description: "A property computed with an FQL expression.",
    required: ["fql", "propertyName"],
    additionalProperties: false,
    properties: {
      fql: { type: "string", minLength: 1, description: "FQL expression computing the value.", examples: ["lowercase(properties.email)"] },
      propertyName: { type: "string", minLength: 1, description: "Full path of the new property.", examples: ["properties.email_lower"] },
    },
    examples: [{ fql: "lowercase(properties.email)", propertyName: "properties.email_lower" }],
  },
  hashEncoding: {
    type: "string",
    enum: ["BASE16", "BASE64", "BASE64URL", "HEX"],
    description: "Encoding of the hash output.",
    examples: ["HEX"],
  },
} as const satisfies Record<string, JsonSchema>;

/** The value of `hashPropertiesConfiguration` on the wire (the key a literal string). */
export const HASH_CONFIGURATION = {
  type: "object",
  description: "Hashes properties within an event.",
  required: ["algorithm", "paths"],
  additionalProperties: false,
  properties: {
    algorithm: { type: "string", minLength: 1, description: "Hash algorithm (the API documents no fixed list).", examples: ["SHA256"] },
    paths: {
      type: "array",
      minItems: 1,
      description: "Paths of the properties to hash.",
      items: { type: "string", minLength: 1 },
      examples: [["properties.email"]],
    },
    key: { type: "string", description: "Optional key (salt) to hash with.", examples: ["pepper-2026"] },
    encoding: { $ref: "#/$defs/hashEncoding" },
  },
  examples: [{ algorithm: "SHA256", paths: ["properties.email"], encoding: "HEX" }],
} as const;

/** How a document writes its name: the key that matches it. */
export const DOCUMENT_NAME = {
  $ref: "defs.schema.json#/$defs/name",
  description: "Name of the Transformation: the key that matches it to a live object (unless `id` pins it). Unique across all documents.",
  examples: ["Rename Order Completed"],
} as const;

/** How a document writes its source: an id, an alias of transync.yaml or a slug. */
export const DOCUMENT_SOURCE = {
  oneOf: [{ $ref: "defs.schema.json#/$defs/sourceId" }, { $ref: "defs.schema.json#/$defs/slugRef" }],
  description:
    "Source whose events this Transformation changes: a Source id, a source alias defined in transync.yaml under `environments.<env>.sources` (resolved for the environment chosen with `--env`), or `{ slug: SLUG }`, the source's slug in the workspace (resolved by plan with `GET /sources`).",
  examples: ["web", "qQEHquLrjRDN9j1ByrChyn", { slug: "web" }],
} as const;

/** How a document writes its destination type: an id, an alias of transync.yaml or a catalog slug. */
export const DOCUMENT_DESTINATION = {
  oneOf: [{ $ref: "defs.schema.json#/$defs/destinationMetadataId" }, { $ref: "defs.schema.json#/$defs/slugRef" }],
  description:
    "Catalog metadata id of a Destination type, an alias of transync.yaml's `destinations:`, or `{ slug: SLUG }`, the type's slug in Segment's catalog (e.g. `amplitude`, resolved by plan with `GET /catalog/destinations`). When set, the Transformation applies only to destinations of that type; absent means it applies to the whole Source.",
  examples: ["547610a5db31d978f14a5c4e", { slug: "amplitude" }],
} as const;

/** A hash configuration whose key may name an environment variable (documents and plans; a hand-written def of schemas/defs.schema.json). */
export const DOCUMENT_HASH_CONFIGURATION = { $ref: "defs.schema.json#/$defs/documentHashPropertiesConfiguration" } as const;
