import { FILTER_LIMITS } from "../../model/destination-filter-api.js";
import type { JsonSchema } from "../../model/field-schemas.js";
import type { KindEditorSchema } from "../kind.js";

/*
 * A `kind: DestinationFilter` document as editors see it: each key's value schema (the API's limits
 * that validate checks too, src/kinds/destination-filter/limits.ts), the keys a document must give,
 * and each key's description and examples. `npm run schemas` writes schemas/destination-filter.schema.json
 * from them (src/kinds/editor-schema.ts).
 */

const text = { type: "string", minLength: 1, maxLength: 255 } as const;
const nonEmpty = { type: "string", minLength: 1 } as const;

const ACTION: JsonSchema = {
  type: "object",
  required: ["type"],
  additionalProperties: false,
  description:
    'One action: DROP (the event), SAMPLE (keep `percent` of the events, by `path`\'s value when given), ALLOW_PROPERTIES or DROP_PROPERTIES (`fields`: object path, `""` the top level, to field names).',
  properties: {
    type: {
      enum: ["DROP", "SAMPLE", "ALLOW_PROPERTIES", "DROP_PROPERTIES"],
      description: "What the action does.",
      examples: ["DROP_PROPERTIES"],
    },
    fields: {
      type: "object",
      maxProperties: FILTER_LIMITS.objectsPerAction,
      additionalProperties: {
        type: "array",
        maxItems: FILTER_LIMITS.fieldsPerObject,
        items: { type: "string", minLength: 1, pattern: "^[^\\s.]+$" },
      },
      description: `ALLOW_PROPERTIES / DROP_PROPERTIES: at most ${FILTER_LIMITS.objectsPerAction} objects (paths, \`""\` the top level) of at most ${FILTER_LIMITS.fieldsPerObject} field names, none with a space or a dot.`,
      examples: [{ properties: ["email"] }],
    },
    percent: { type: "number", minimum: 0, maximum: 1, description: "SAMPLE: the share of events kept, from 0 to 1.", examples: [0.1] },
    path: {
      type: "string",
      minLength: 1,
      description: "SAMPLE: the path whose value decides, so one value is always kept or always dropped.",
      examples: ["userId"],
    },
  },
  examples: [{ type: "DROP_PROPERTIES", fields: { properties: ["email"] } }],
};

/** Each document key's value (`document.values`). */
export const FILTER_DOCUMENT_VALUES: Readonly<Record<string, JsonSchema>> = {
  name: text,
  title: text,
  source: text,
  destination: {
    oneOf: [
      text,
      { type: "object", additionalProperties: false, required: ["slug", "name"], properties: { slug: nonEmpty, name: nonEmpty } },
      { type: "object", additionalProperties: false, required: ["id"], properties: { id: nonEmpty, slug: nonEmpty } },
    ],
  },
  if: { type: "string", minLength: 1, maxLength: FILTER_LIMITS.ifBytes },
  actions: { type: "array", maxItems: FILTER_LIMITS.actionsPerFilter, items: ACTION },
  enabled: { type: "boolean" },
  description: { type: ["string", "null"] },
  // transync's own, as a Transformation document's (schemas/transformation.schema.json `lint`; src/desired/lint.ts lintShapeIssues).
  lint: {
    type: "object",
    additionalProperties: false,
    required: ["ignore"],
    properties: {
      ignore: {
        type: "array",
        description: "One entry per warning id this document silences, each with the reason.",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["rule", "reason"],
          properties: {
            rule: {
              type: "string",
              minLength: 1,
              maxLength: 100,
              description: "The warning's id, as `validate` prints it (`warning[filter-interaction]`).",
            },
            reason: {
              type: "string",
              minLength: 1,
              maxLength: 1000,
              description: "Why the warning does not apply here (required, not blank).",
            },
          },
        },
      },
    },
  },
};

/** The keys a document must give (`document.required`): validate reports each missing one (filterDocumentIssues). */
export const FILTER_REQUIRED_KEYS = ["name", "destination", "if", "actions"] as const;

export const FILTER_EDITOR_SCHEMA: KindEditorSchema = {
  file: "destination-filter.schema.json",
  description:
    "One desired Segment Destination Filter, a document of `kind: DestinationFilter` beside the Transformations (docs/desired-state.md), held to the API's limits.",
  fields: {
    name: "transync's key for the filter (plans, reports, `--target`); the filter's title defaults to it.",
    title:
      "The filter's title in Segment (default: `name`). A filter is known by its title on its instance: two documents with one instance and title are an error.",
    source: "The source (an alias of the environment or a Source id). Optional with a `connections:` alias (and must agree with it).",
    destination:
      "The destination instance: an alias of transync.yaml's `connections:`, `{ slug, name }` (the type's catalog slug and the instance's name, found by plan among the source's connected destinations) or `{ id }`; the last two need `source`.",
    if: `FQL statement selecting the events the actions apply to; at most 3 KB (${FILTER_LIMITS.ifBytes} UTF-8 bytes).`,
    actions: `At most ${FILTER_LIMITS.actionsPerFilter} actions, in order.`,
    enabled: "Whether the filter is on (default true).",
    description: "The filter's description; absent or null: none (an update then clears it).",
    lint: 'transync\'s own, never sent to the API: the warnings of `validate` this document silences (`filter-interaction`, ...), each with its reason; not per environment. The ids: docs/desired-state.md, "Warnings and lint".',
  },
  examples: {
    // Segment's filter ids: 27 base62 characters, no prefix.
    id: ["2bTBgyMWmXoaJBQCqhNlQjPyMGx"],
    name: ["Strip email for ads"],
    title: ["Strip email"],
    source: ["web"],
    destination: ["amplitude-prod", { slug: "amplitude", name: "Amplitude prod" }, { id: "dst_2x8Hk" }],
    if: ["type = 'track'"],
    actions: [[{ type: "DROP" }]],
    enabled: [true],
    description: ["PII never reaches ads"],
    lint: [{ ignore: [{ rule: "filter-interaction", reason: "the sample runs after the drop on purpose" }] }],
    overrides: [{ staging: { enabled: false } }],
  },
  example: {
    apiVersion: "transync/v1",
    kind: "DestinationFilter",
    name: "Strip email for ads",
    destination: "ads",
    if: "type = 'track'",
    actions: [{ type: "DROP_PROPERTIES", fields: { properties: ["email"] } }],
  },
};
