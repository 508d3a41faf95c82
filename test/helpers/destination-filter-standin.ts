import { kindNamed, registerKind } from "../../src/kinds/index.js";
import type { KindField, ResourceKind } from "../../src/kinds/kind.js";

/*
 * The DestinationFilter documents as the shared contract of issue 37 writes them (name, title,
 * destination, source, if, actions, enabled, description), for the simulator's tests while the kind
 * itself (src/kinds/destination-filter/index.ts) is built on another branch. When that kind is
 * registered, it is used instead and nothing here is registered.
 */
const field = (required: boolean): KindField => ({
  required,
  returned: "always",
  compare: "scalar",
  clearedWith: required ? "not clearable" : null,
  schema: { value: {} },
});

const STAND_IN: ResourceKind = {
  name: "DestinationFilter",
  fields: {
    name: field(true),
    title: field(false),
    destination: field(true),
    source: field(false),
    if: field(true),
    actions: field(true),
    enabled: field(false),
    description: field(false),
  },
  identity: { name: "name" },
  api: { collection: "/destination-filters-standin", listKey: "filters", itemKey: "filter" },
  decode: () => undefined,
  validation: { check: () => [] },
  emulator: {
    idPrefix: "df_",
    stored: (input) => input,
    updated: (current, patch) => ({ ...current, ...patch }),
    reply: (s) => s,
    routes: "generic",
  },
  importer: { file: () => "destination-filters.yaml", document: (live) => ({ ...live }) },
  labels: { singular: "destination filter", plural: "destination filters" },
};

/** Registers the stand-in unless the real kind is; returns what undoes it. */
export function withDestinationFilterKind(): () => void {
  return kindNamed(STAND_IN.name) === undefined ? registerKind(STAND_IN) : () => {};
}
