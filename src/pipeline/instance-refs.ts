import { ValidationError, type ErrorIssue } from "../errors.js";
import { slugOf } from "../desired/live-refs.js";
import type { ConnectedDestination, PublicApiReads } from "../live/public-api.js";
import { locationText, type DesiredResource, type InstanceRef } from "../model/desired-resource.js";

/*
 * Where plan meets the workspace for a kind on destination instances (Destination Filters, issue 37):
 * each document's source (an id, or a slug) and instance (`{ slug, name }` among the source's
 * connected destinations, GET /sources/{id}/connected-destinations, or `{ id }` checked to be one of
 * them) become ids; under `prune: all` every connected destination of the sources in scope is read too.
 * A pull request's removed documents (read at its base) are placed the same way (placeRemoved), so
 * `prune: removed` matches each on its own instance; one that no longer resolves is returned, not thrown.
 */

/** What a report says of an instance: its name (else its id) and its source's alias (else slug, else id). */
export interface InstanceFacts {
  name: string;
  source: string;
}

export interface PlacedDocuments {
  /** The documents with `sourceId` an id and the scope field (`destinationId`) set. */
  documents: DesiredResource[];
  /** Every instance the plan reads, by id: the documents' and, under prune, the scope's. */
  instances: Map<string, InstanceFacts>;
}

/** The reads resolution needs, and how a source id is labelled (its alias of transync.yaml, when it has one). */
export interface InstanceReads {
  reads: PublicApiReads;
  sourceAlias(id: string): string | undefined;
}

/** The documents placed on their instances; a ValidationError naming every document whose source or instance does not resolve (nothing is written). */
export async function placeOnInstances(
  documents: readonly DesiredResource[],
  scopeField: string,
  input: InstanceReads & { pruneSources?: readonly string[] | "every source" },
): Promise<PlacedDocuments> {
  const { placed, issues, instances, label } = await placeEach(documents, scopeField, input);
  if (issues.length > 0)
    throw new ValidationError(
      `${issues.length} destination instance${issues.length === 1 ? " does" : "s do"} not resolve in the workspace; nothing was written.`,
      issues,
    );
  await addScopeInstances(input, instances, label);
  return { documents: placed, instances };
}

/**
 * The documents a pull request removed (read at its base), placed as the head's are: each placed one
 * is matched to its live object by (instance, name) as a head document would be. One whose source or
 * instance no longer resolves is not placed but returned with why, so the plan warns and deletes nothing for it.
 */
export async function placeRemoved(
  documents: readonly DesiredResource[],
  scopeField: string,
  input: InstanceReads,
): Promise<PlacedDocuments & { unresolved: ErrorIssue[] }> {
  const { placed, issues, instances } = await placeEach(documents, scopeField, input);
  return { documents: placed, instances, unresolved: issues };
}

/** Each document placed on its instance, or the issue saying why it is not; the instances placed on, and how a source is labelled. */
async function placeEach(
  documents: readonly DesiredResource[],
  scopeField: string,
  input: InstanceReads,
): Promise<{
  placed: DesiredResource[];
  issues: ErrorIssue[];
  instances: Map<string, InstanceFacts>;
  label: (sourceId: string) => string;
}> {
  const instances = new Map<string, InstanceFacts>();
  const issues: ErrorIssue[] = [];
  const slugs = new Map<string, string>();
  const sourceIds = await sourceResolver(documents, input.reads, slugs);
  const label = (sourceId: string, alias?: string): string => alias ?? input.sourceAlias(sourceId) ?? slugs.get(sourceId) ?? sourceId;
  const placed: DesiredResource[] = [];
  for (const doc of documents) {
    const spec = doc.spec as unknown as Record<string, unknown>;
    const sourceId = sourceIds(String(spec.sourceId));
    if (sourceId === undefined) {
      issues.push(issue(doc, `source "${String(spec.sourceId)}" is no source of the workspace`));
      continue;
    }
    const found = findInstance(doc.instance ?? {}, await input.reads.connectedDestinations(sourceId));
    if (typeof found === "string") {
      issues.push(issue(doc, `${found} (source ${label(sourceId, doc.instance?.sourceAlias)})`));
      continue;
    }
    instances.set(found.id, { name: found.name || found.id, source: label(sourceId, doc.instance?.sourceAlias) });
    placed.push({ ...doc, spec: { ...spec, sourceId, [scopeField]: found.id } as unknown as DesiredResource["spec"] });
  }
  return { placed, issues, instances, label };
}

/** Under `prune: all`, every connected destination of the sources in scope: its filters no document names are deleted. */
async function addScopeInstances(
  input: InstanceReads & { pruneSources?: readonly string[] | "every source" },
  instances: Map<string, InstanceFacts>,
  label: (sourceId: string) => string,
): Promise<void> {
  const { pruneSources } = input;
  if (pruneSources === undefined) return;
  const sources = pruneSources === "every source" ? (await input.reads.sources()).map((s) => s.id) : pruneSources;
  for (const sourceId of sources)
    for (const destination of await input.reads.connectedDestinations(sourceId))
      if (!instances.has(destination.id))
        instances.set(destination.id, { name: destination.name || destination.id, source: label(sourceId) });
}

/** Source texts as ids: a `slug:…` text by the workspace's sources (read only when one is used), any other text as is. */
async function sourceResolver(
  documents: readonly DesiredResource[],
  reads: PublicApiReads,
  slugs: Map<string, string>,
): Promise<(text: string) => string | undefined> {
  const used = documents.some((doc) => slugOf(String((doc.spec as unknown as Record<string, unknown>).sourceId)) !== undefined);
  if (!used) return (text) => text;
  const bySlug = new Map((await reads.sources()).map((s) => [s.slug, s.id]));
  for (const [slug, id] of bySlug) slugs.set(id, slug);
  return (text) => {
    const slug = slugOf(text);
    return slug === undefined ? text : bySlug.get(slug);
  };
}

/** The connected destination a document names, or why none is. */
function findInstance(ref: InstanceRef, connected: readonly ConnectedDestination[]): ConnectedDestination | string {
  const written = ref.alias !== undefined ? `connection "${ref.alias}"` : "the destination";
  if (ref.id !== undefined) {
    const found = connected.find((d) => d.id === ref.id);
    return found ?? `${written}: instance "${ref.id}" is not connected to the source`;
  }
  const matches = connected.filter((d) => d.name === ref.name && d.metadataSlug === ref.slug);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    return `${written}: ${matches.length} instances of ${ref.slug} are named "${ref.name}" (${matches.map((d) => d.id).join(", ")}); name it by { id } instead`;
  const ofType = connected.filter((d) => d.metadataSlug === ref.slug).map((d) => JSON.stringify(d.name));
  const known = ofType.length > 0 ? `; its ${ref.slug} instances: ${ofType.join(", ")}` : `; no ${ref.slug} instance is connected to it`;
  return `${written}: no ${ref.slug} instance named "${ref.name}" is connected to the source${known}`;
}

function issue(doc: DesiredResource, message: string): ErrorIssue {
  return { where: locationText(doc.location), message: `${doc.kind ?? ""} "${doc.name}": ${message}` };
}
