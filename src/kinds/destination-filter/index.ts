/**
 * Room src/kinds/destination-filter/: the Destination Filter's descriptor (issue 37): a filter lives
 * on one destination instance (`/destination/{destinationId}/filters`, singular `destination`), is
 * named by its title on that instance, and is written as a document naming its instance and source
 * (`destination`, `source`: src/desired/instance-refs.ts resolves them). Its field registry, the
 * document's rules and the API's limits (document.ts, limits.ts), the reply's decode, the emulator's
 * stored and replied shape and the facts of its routes (emulator-shape.ts, body-rules.ts: served by
 * src/emulator/routes/kinds.ts as every kind), import, the editors' schema of its documents
 * (editor.ts); which filters of one instance interact (interactions.ts: the simulator and validation both read it).
 * test/kinds/registry-vs-sdk.test.ts checks `fields` against Segment's own SDK models of a filter.
 * May import: src/kinds/kind.ts, src/model/, src/fql/ (a filter's if is checked as the API parses it), the ground floor.
 */
import type { KindField, KindObject, ResourceKind } from "../kind.js";
import { decodeFilter, filterDocumentIssues, filterSpec } from "./document.js";
import { FILTERS_PER_INSTANCE } from "./limits.js";
import { FILTER_DOCUMENT_VALUES, FILTER_EDITOR_SCHEMA, FILTER_REQUIRED_KEYS } from "./editor.js";
import { filterBodyErrors } from "./body-rules.js";
import { FILTER_AUDIT, storedFilter, updatedFilter } from "./emulator-shape.js";

const text = { type: "string", minLength: 1 } as const;
const required = (value: KindField["schema"]["value"]): KindField => ({
  required: true,
  returned: "always",
  compare: "scalar",
  clearedWith: "not clearable",
  schema: { value },
});

const ACTION_SCHEMA = {
  type: "object",
  required: ["type"],
  properties: {
    type: { enum: ["DROP", "SAMPLE", "ALLOW_PROPERTIES", "DROP_PROPERTIES"] },
    fields: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    percent: { type: "number", minimum: 0, maximum: 1 },
    path: { type: "string" },
  },
} as const;

export const DESTINATION_FILTER: ResourceKind = {
  name: "DestinationFilter",
  fields: {
    // Set by the create only (the API's update input has neither): a pin to a filter elsewhere is refused at plan.
    sourceId: { ...required(text), fixed: true },
    destinationId: { ...required(text), fixed: true },
    title: required(text),
    if: required(text),
    // A list in order: the actions' order is what the API keeps (and the simulator reads).
    actions: { ...required({ type: "array", maxItems: 4, items: ACTION_SCHEMA }), compare: "list" },
    enabled: required({ type: "boolean" }),
    description: { required: false, returned: "always", compare: "scalar", clearedWith: null, schema: { value: { type: "string" } } },
  },
  identity: { name: "title", scope: "destinationId" },
  api: {
    collection: "/destination/{destinationId}/filters",
    listKey: "filters",
    itemKey: "filter",
    parent: "destinationId",
    perScope: FILTERS_PER_INSTANCE,
  },
  decode: decodeFilter,
  validation: { check: filterDocumentIssues },
  document: {
    name: "name",
    // `lint` is transync's own, never sent: the warnings of `validate` the document silences (src/desired/lint.ts).
    keys: ["name", "title", "source", "destination", "if", "actions", "enabled", "description", "lint"],
    perEnvironment: true,
    onInstance: true,
    spec: filterSpec,
    values: FILTER_DOCUMENT_VALUES,
    required: FILTER_REQUIRED_KEYS,
  },
  emulator: {
    // Ids are 27 random base62 characters, no prefix (as Segment's).
    idPrefix: "",
    stored: storedFilter,
    updated: updatedFilter,
    // Stored in the API's key order, with its timestamps: the stored form is the reply.
    reply: (stored) => stored,
    routes: {
      idParam: "filterId",
      noun: "Destination Filter",
      references: { destinationId: "destination instance", sourceId: "the instance's source" },
      audit: FILTER_AUDIT,
      patchNullsPerCompat: true,
      body: { check: (body, mode) => filterBodyErrors(body, mode) },
    },
  },
  importer: {
    file: (live: KindObject) => `destination-filters/${String(live.destinationId).replace(/[^A-Za-z0-9_.-]/g, "_")}.yaml`,
    document: (live: KindObject) => ({
      name: live.title,
      source: live.sourceId,
      destination: { id: live.destinationId },
      if: live.if,
      actions: live.actions,
      enabled: live.enabled,
      ...(typeof live.description === "string" && live.description !== "" ? { description: live.description } : {}),
    }),
  },
  labels: { singular: "destination filter", plural: "destination filters" },
  editorSchema: FILTER_EDITOR_SCHEMA,
};
