import type { Logger } from "../log.js";
import type { ProjectConfig } from "../desired/types.js";
import type { DesiredResource } from "../model/desired-resource.js";
import { ApiError, ValidationError } from "../errors.js";
import type { PlanWarning } from "../plan/types.js";
import type { CatalogDestination, PublicApiReads, WorkspaceSource } from "../live/public-api.js";
import { slugOf } from "../desired/live-refs.js";
import {
  indexCatalog,
  indexSources,
  resolveDestinationText,
  resolveSourceText,
  type CatalogIndex,
  type RefOutcome,
  type SourceIndex,
} from "../desired/resolve-refs.js";
import { RefIssues, sentence, type BlameInput } from "./ref-issues.js";
import { aliasesById, withAlias, type IdAliases } from "../report/id-aliases.js";
import { locationText } from "../model/desired-resource.js";
import { setOwn } from "../own-keys.js";

/** The desired state with every source and destination reference an id, as plan and apply need it. */
export interface ResolvedRefs {
  resources: DesiredResource[];
  scopeSources?: string[];
  warnings: PlanWarning[];
  /** Alias or slug by id, shown beside ids in the reports. */
  aliases: IdAliases;
  /** Any other document set (a base commit's, a recorded commit's) with the same lists; what cannot be resolved stays as written. */
  resolveResources<T extends Pick<DesiredResource, "spec">>(documents: readonly T[]): T[];
  /** A source or destination text (id, or `slug:…`) as an id, when it resolves; for samples of `plan --events`. */
  sourceId(text: string): string;
  destinationId(text: string): string;
}

/** What the resolution reads: the selected environment's aliases, the documents and the scope (and where the aliases are written). */
export interface RefInput extends BlameInput {
  resources: readonly DesiredResource[];
  project: Pick<ProjectConfig, "environments" | "destinations" | "scopeSources">;
  env: string | undefined;
}

const SOURCE_READ = "Source Read (a Workspace Member token with read access to sources, or Workspace Owner)";

/**
 * The edge where slugs meet the workspace (issue 22): one `GET /sources` walk (when there are
 * documents or a slug in scope), the catalog only when a destination slug is used, and one
 * connected-destinations call per source holding destination-scoped documents. Throws a
 * ValidationError naming every document whose source or destination does not resolve.
 */
export async function resolveLiveRefs(input: RefInput, reads: PublicApiReads, logger: Logger): Promise<ResolvedRefs> {
  const texts = usedTexts(input);
  const slugsUsed = [...texts.sources].some((t) => slugOf(t) !== undefined);
  const sourceList = texts.sources.size > 0 ? await readSources(reads, slugsUsed, logger) : undefined;
  const sources = sourceList === undefined ? undefined : indexSources(sourceList);
  const catalog = [...texts.destinations].some((t) => slugOf(t) !== undefined) ? indexCatalog(await readCatalog(reads)) : undefined;
  // One outcome per text: a text many documents share is looked up, and its suggestion searched, once.
  const source = once((text) => (sources === undefined ? { ok: true, id: text } : resolveSourceText(text, sources)));
  const destination = once((text) => (catalog === undefined ? { ok: true, id: text } : resolveDestinationText(text, catalog)));
  const blame = new RefIssues(input);
  const warnings: PlanWarning[] = [];
  const resources = input.resources.map((r) => resolveResource(r, source, destination, blame, warnings));
  const scopeSources = input.project.scopeSources?.map((text) => {
    const outcome = source(text);
    if (!outcome.ok && slugOf(text) !== undefined) blame.scopeEntry(outcome.message);
    return outcome.ok ? outcome.id : text;
  });
  const issues = blame.issues();
  if (issues.length > 0) {
    throw new ValidationError(
      `${issues.length} source or destination reference${issues.length === 1 ? " does" : "s do"} not resolve in the workspace; nothing was written.`,
      issues,
    );
  }
  const idOf = (resolve: (text: string) => RefOutcome) => (text: string) => {
    const outcome = resolve(text);
    return outcome.ok ? outcome.id : text;
  };
  const aliases = labels(input, sources, catalog, idOf(source), idOf(destination));
  if (sources !== undefined) warnings.push(...(await unconnectedWarnings(resources, reads, aliases)));
  return {
    resources,
    ...(scopeSources !== undefined ? { scopeSources: [...new Set(scopeSources)] } : {}),
    warnings,
    aliases,
    resolveResources: (documents) => documents.map((d) => ({ ...d, spec: resolvedSpec(d.spec, idOf(source), idOf(destination)) })),
    sourceId: idOf(source),
    destinationId: idOf(destination),
  };
}

function usedTexts(input: RefInput): { sources: Set<string>; destinations: Set<string> } {
  const sources = new Set(input.resources.map((r) => r.spec.sourceId));
  for (const text of input.project.scopeSources ?? []) if (slugOf(text) !== undefined) sources.add(text);
  const destinations = new Set(
    input.resources.flatMap((r) => (r.spec.destinationMetadataId !== undefined ? [r.spec.destinationMetadataId] : [])),
  );
  return { sources, destinations };
}

/**
 * The workspace's sources; undefined when the token may not read them (403) and no slug needs
 * them: a user who writes ids only keeps a working plan, without the existence check.
 */
export async function readSources(reads: PublicApiReads, slugsUsed: boolean, logger: Logger): Promise<WorkspaceSource[] | undefined> {
  try {
    return await reads.sources();
  } catch (error) {
    // 403: a token without Source read; 404: an API (a proxy, a stand-in server) without the Public API's source routes.
    if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 404)) throw error;
    if (slugsUsed) {
      throw new ValidationError(
        `a source is written by slug ({ slug: … }), but the token may not read the workspace's sources (GET /sources answered ${error.status}). Give the token ${SOURCE_READ}, or write source ids.`,
      );
    }
    logger.warn(
      `the token may not read the workspace's sources (GET /sources answered ${error.status}), so the documents' source ids were not checked (give it ${SOURCE_READ} to check them at plan)`,
    );
    return undefined;
  }
}

export async function readCatalog(reads: PublicApiReads): Promise<CatalogDestination[]> {
  try {
    return await reads.catalogDestinations();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    throw new ValidationError(
      "a destination is written by slug ({ slug: … }), but the token may not read Segment's destination catalog (GET /catalog/destinations answered 403); write destination metadata ids instead.",
    );
  }
}

function resolveResource(
  resource: DesiredResource,
  source: (text: string) => RefOutcome,
  destination: (text: string) => RefOutcome,
  blame: RefIssues,
  warnings: PlanWarning[],
): DesiredResource {
  const where = locationText(resource.location);
  const spec = { ...resource.spec };
  const s = source(spec.sourceId);
  if (s.ok) spec.sourceId = s.id;
  else blame.field(resource, "sourceId", s.message);
  if (spec.destinationMetadataId !== undefined) {
    const d = destination(spec.destinationMetadataId);
    if (d.ok) spec.destinationMetadataId = d.id;
    else blame.field(resource, "destinationMetadataId", d.message);
    if (d.ok && d.warning !== undefined)
      warnings.push({ where, message: sentence(`"${resource.name}": destinationMetadataId: ${d.warning}`) });
  }
  return { ...resource, spec };
}

function resolvedSpec<S extends Pick<DesiredResource["spec"], "sourceId" | "destinationMetadataId">>(
  spec: S,
  source: (t: string) => string,
  destination: (t: string) => string,
): S {
  const out = { ...spec, sourceId: source(spec.sourceId) };
  if (spec.destinationMetadataId !== undefined) out.destinationMetadataId = destination(spec.destinationMetadataId);
  return out;
}

/**
 * A destination-scoped Transformation applies only to destinations of its type on its source: with
 * none connected, it never runs. One call per source that holds such documents.
 */
async function unconnectedWarnings(
  resources: readonly DesiredResource[],
  reads: PublicApiReads,
  aliases: IdAliases,
): Promise<PlanWarning[]> {
  const scoped = resources.filter((r) => r.spec.destinationMetadataId !== undefined);
  const sourceIds = [...new Set(scoped.map((r) => r.spec.sourceId))].sort();
  const connected = new Map(
    await Promise.all(
      sourceIds.map(async (id) => [id, new Set((await reads.connectedDestinations(id)).map((d) => d.metadataId))] as const),
    ),
  );
  return scoped
    .filter((r) => !connected.get(r.spec.sourceId)!.has(r.spec.destinationMetadataId!))
    .map((r) => ({
      where: locationText(r.location),
      message: `"${r.name}": no destination of type ${withAlias(r.spec.destinationMetadataId!, aliases.destinations)} is connected to source ${withAlias(r.spec.sourceId, aliases.sources)}, so this transformation never runs (connect one in Segment, or remove destinationMetadataId)`,
    }));
}

/** Alias by id (as today), and for ids written by slug the slug: what the reports show beside ids. */
function labels(
  input: RefInput,
  sources: SourceIndex | undefined,
  catalog: CatalogIndex | undefined,
  sourceId: (t: string) => string,
  destinationId: (t: string) => string,
): IdAliases {
  const envAliases =
    input.env !== undefined && Object.hasOwn(input.project.environments, input.env) ? input.project.environments[input.env]!.sources : {};
  const resolvedAliases = (map: Readonly<Record<string, string>>, resolve: (t: string) => string) =>
    Object.fromEntries(Object.entries(map).map(([alias, text]) => [alias, resolve(text)]));
  const byId = aliasesById(resolvedAliases(envAliases, sourceId), resolvedAliases(input.project.destinations, destinationId));
  const bySlug = (texts: Iterable<string>, list: ReadonlyMap<string, { id: string }> | undefined, into: Record<string, string>) => {
    for (const text of texts) {
      const slug = slugOf(text);
      const id = slug === undefined ? undefined : list?.get(slug)?.id;
      if (id !== undefined && !Object.hasOwn(into, id)) setOwn(into, id, slug!);
    }
  };
  const sourcesById = { ...byId.sources };
  const destinationsById = { ...byId.destinations };
  const texts = usedTexts(input);
  bySlug(texts.sources, sources?.bySlug, sourcesById);
  bySlug(texts.destinations, catalog?.bySlug, destinationsById);
  return { sources: sourcesById, destinations: destinationsById };
}

/** `resolve`, remembering each text's outcome. */
function once(resolve: (text: string) => RefOutcome): (text: string) => RefOutcome {
  const outcomes = new Map<string, RefOutcome>();
  return (text) => {
    let outcome = outcomes.get(text);
    if (outcome === undefined) outcomes.set(text, (outcome = resolve(text)));
    return outcome;
  };
}
