import type { CatalogDestinationConfig, ConnectedDestinationConfig, SourceConfig, WorkspaceConfig } from "./types.js";

/**
 * The Public API's shapes of sources, connected destinations and catalog entries, as the official
 * SDKs (SourceV1, DestinationV1, DestinationMetadataV1) parse them: every field the current Python
 * SDK's strict models require (test/emulator/sdk-models.test.ts checks each reply against them). The emulator's config gives only what transync reads (ids, slugs, names, connections); every
 * other required field gets an empty value of its type, never a made-up secret (`writeKeys` is `[]`).
 */

/** One kind of source stands for all: the emulator does not model source types. */
const SOURCE_METADATA = {
  id: "emulator-source",
  name: "Emulator Source",
  slug: "emulator-source",
  description: "A source of the transync emulator (the emulator does not model source types).",
  logos: { default: "" },
  options: [],
  categories: [],
  isCloudEventSource: false,
  // Required by the current SDK models (SourceMetadataV1.status, an enum), as a catalog entry's status is.
  status: "PUBLIC",
};

export function sourceJson(ws: WorkspaceConfig, source: SourceConfig): Record<string, unknown> {
  return {
    id: source.id,
    slug: source.slug ?? source.id,
    name: source.name ?? source.slug ?? source.id,
    workspaceId: ws.id,
    enabled: source.enabled ?? true,
    writeKeys: [],
    metadata: SOURCE_METADATA,
    settings: {},
    labels: source.labels ?? [],
  };
}

export function destinationMetadataJson(entry: CatalogDestinationConfig): Record<string, unknown> {
  return {
    id: entry.id,
    name: entry.name,
    slug: entry.slug,
    description: "",
    logos: { default: "" },
    options: [],
    status: "PUBLIC",
    previousNames: entry.previousNames ?? [],
    categories: [],
    website: "",
    components: [],
    supportedFeatures: {},
    supportedMethods: {},
    supportedPlatforms: {},
    actions: [],
    presets: [],
  };
}

export function connectedDestinationJson(
  source: SourceConfig,
  destination: ConnectedDestinationConfig,
  catalog: readonly CatalogDestinationConfig[],
): Record<string, unknown> {
  // The config check guarantees the metadata id is in the catalog.
  const entry = catalog.find((c) => c.id === destination.metadataId) ?? {
    id: destination.metadataId,
    slug: destination.metadataId,
    name: destination.metadataId,
  };
  const json: Record<string, unknown> = {
    id: destination.id,
    enabled: destination.enabled ?? true,
    metadata: destinationMetadataJson(entry),
    sourceId: source.id,
    settings: {},
  };
  if (destination.name !== undefined) json.name = destination.name;
  return json;
}
