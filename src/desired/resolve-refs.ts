import type { CatalogDestination, WorkspaceSource } from "../live/public-api.js";
import { NearNames, nameKey } from "./name-match.js";
import { slugOf } from "./live-refs.js";

/**
 * Pure: a source or destination reference's text (an id, or `slug:…`, live-refs.ts) against the
 * lists the Public API gave, each indexed once per run (a workspace may hold 100,000 sources). The
 * lists are read by src/pipeline/resolve-live-refs.ts.
 */
export type RefOutcome = { ok: true; id: string; warning?: string } | { ok: false; message: string };

/** The workspace's sources by slug and by id (the first of each wins), and their did-you-mean searches. */
export interface SourceIndex {
  readonly size: number;
  readonly bySlug: ReadonlyMap<string, WorkspaceSource>;
  readonly byId: ReadonlyMap<string, WorkspaceSource>;
  /** The searches, built on first use: a run with no unknown reference never builds them. */
  slugNames(): NearNames;
  idNames(): NearNames;
}

/** Segment's destination catalog by slug and by the normal form of each previous name (name-match.ts). */
export interface CatalogIndex {
  readonly bySlug: ReadonlyMap<string, CatalogDestination>;
  readonly byPreviousName: ReadonlyMap<string, CatalogDestination>;
  slugNames(): NearNames;
}

export function indexSources(sources: readonly WorkspaceSource[]): SourceIndex {
  let slugNames: NearNames | undefined;
  let idNames: NearNames | undefined;
  return {
    size: sources.length,
    bySlug: firstBy(sources, (s) => [s.slug]),
    byId: firstBy(sources, (s) => [s.id]),
    slugNames: () => (slugNames ??= new NearNames(sources.map((s) => s.slug))),
    idNames: () => (idNames ??= new NearNames(sources.map((s) => s.id))),
  };
}

export function indexCatalog(catalog: readonly CatalogDestination[]): CatalogIndex {
  let slugNames: NearNames | undefined;
  return {
    bySlug: firstBy(catalog, (c) => [c.slug]),
    // A previous name with no letter or digit has no normal form: it names nothing, and nothing reaches it.
    byPreviousName: firstBy(catalog, (c) => c.previousNames.flatMap((name) => nameKey(name) ?? [])),
    slugNames: () => (slugNames ??= new NearNames(catalog.map((c) => c.slug))),
  };
}

/**
 * A source's text in the workspace's sources: a slug must be one of theirs; an id must be one of
 * theirs too (a typo in a raw id would otherwise fail only at apply, with a 404).
 */
export function resolveSourceText(text: string, sources: SourceIndex): RefOutcome {
  const slug = slugOf(text);
  if (slug !== undefined) {
    const found = sources.bySlug.get(slug);
    if (found) return { ok: true, id: found.id };
    return { ok: false, message: `no source of the workspace has the slug "${slug}"${didYouMean(sources.slugNames().near(slug))}` };
  }
  if (sources.byId.has(text)) return { ok: true, id: text };
  const near = sources
    .idNames()
    .near(text)
    .map((id) => `${sources.byId.get(id)!.slug} (${id})`);
  const hint =
    near.length > 0
      ? `; did you mean ${near.join(", ")}? (slug (id); write { slug: SLUG } to name a source by its slug)`
      : sources.size === 0
        ? "; the workspace lists no sources"
        : "";
  return { ok: false, message: `"${text}" is not the id of a source of the workspace${hint}` };
}

/**
 * A destination's text in Segment's catalog: a slug must be a catalog slug, or name what one of an
 * entry's previous names names (accepted, with a warning naming the current slug). An id is taken as written.
 */
export function resolveDestinationText(text: string, catalog: CatalogIndex): RefOutcome {
  const slug = slugOf(text);
  if (slug === undefined) return { ok: true, id: text };
  const found = catalog.bySlug.get(slug);
  if (found) return { ok: true, id: found.id };
  const key = nameKey(slug);
  const renamed = key === undefined ? undefined : catalog.byPreviousName.get(key);
  if (renamed) {
    return {
      ok: true,
      id: renamed.id,
      warning: `destination slug "${slug}" is a previous name of "${renamed.slug}" (${renamed.id}) in Segment's catalog; write { slug: ${renamed.slug} }`,
    };
  }
  return {
    ok: false,
    message: `no destination of Segment's catalog has the slug "${slug}"${didYouMean(catalog.slugNames().near(slug))}`,
  };
}

function didYouMean(near: readonly string[]): string {
  return near.length > 0 ? `; did you mean ${near.map((c) => `"${c}"`).join(", ")}?` : "";
}

/** Each item under each of its keys; the first item of a key wins, as a search of the list would find it. */
function firstBy<T>(items: readonly T[], keys: (item: T) => readonly string[]): Map<string, T> {
  const out = new Map<string, T>();
  for (const item of items) for (const key of keys(item)) if (!out.has(key)) out.set(key, item);
  return out;
}
