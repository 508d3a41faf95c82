import type { CatalogDestination, WorkspaceSource } from "../live/public-api.js";
import { editDistance } from "./schema-check.js";
import { slugOf } from "./live-refs.js";

/**
 * Pure: a source or destination reference's text (an id, or `slug:…`, live-refs.ts) against the
 * lists the Public API gave. The lists are read by src/pipeline/resolve-live-refs.ts.
 */
export type RefOutcome = { ok: true; id: string; warning?: string } | { ok: false; message: string };

/** How many near slugs a "did you mean" names. */
const NEAREST = 3;

/**
 * A source's text in the workspace's sources: a slug must be one of theirs; an id must be one of
 * theirs too (a typo in a raw id would otherwise fail only at apply, with a 404).
 */
export function resolveSourceText(text: string, sources: readonly WorkspaceSource[]): RefOutcome {
  const slug = slugOf(text);
  if (slug !== undefined) {
    const found = sources.find((s) => s.slug === slug);
    if (found) return { ok: true, id: found.id };
    return {
      ok: false,
      message: `no source of the workspace has the slug "${slug}"${didYouMean(
        slug,
        sources.map((s) => s.slug),
      )}`,
    };
  }
  if (sources.some((s) => s.id === text)) return { ok: true, id: text };
  const near = nearest(
    text,
    sources.map((s) => s.id),
  ).map((id) => `${sources.find((s) => s.id === id)!.slug} (${id})`);
  const hint =
    near.length > 0
      ? `; did you mean ${near.join(", ")}? (slug (id); write { slug: SLUG } to name a source by its slug)`
      : sources.length === 0
        ? "; the workspace lists no sources"
        : "";
  return { ok: false, message: `"${text}" is not the id of a source of the workspace${hint}` };
}

/**
 * A destination's text in Segment's catalog: a slug must be a catalog slug, or one of an entry's
 * previous names (accepted, with a warning naming the current slug). An id is taken as written.
 */
export function resolveDestinationText(text: string, catalog: readonly CatalogDestination[]): RefOutcome {
  const slug = slugOf(text);
  if (slug === undefined) return { ok: true, id: text };
  const found = catalog.find((c) => c.slug === slug);
  if (found) return { ok: true, id: found.id };
  const renamed = catalog.find((c) => c.previousNames.some((name) => name === slug || slugify(name) === slugify(slug)));
  if (renamed) {
    return {
      ok: true,
      id: renamed.id,
      warning: `destination slug "${slug}" is a previous name of "${renamed.slug}" (${renamed.id}) in Segment's catalog; write { slug: ${renamed.slug} }`,
    };
  }
  return {
    ok: false,
    message: `no destination of Segment's catalog has the slug "${slug}"${didYouMean(
      slug,
      catalog.map((c) => c.slug),
    )}`,
  };
}

/** `Amplitude Classic` and `amplitude-classic` name the same thing. */
function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function didYouMean(word: string, candidates: readonly string[]): string {
  const near = nearest(word, candidates);
  return near.length > 0 ? `; did you mean ${near.map((c) => `"${c}"`).join(", ")}?` : "";
}

/** Up to NEAREST candidates closest to `word` by edit distance (ties by name), those within half its length plus two. */
export function nearest(word: string, candidates: readonly string[]): string[] {
  const limit = Math.floor(word.length / 2) + 2;
  return [...new Set(candidates)]
    .map((candidate) => ({ candidate, distance: editDistance(candidate.toLowerCase(), word.toLowerCase()) }))
    .filter((c) => c.distance <= limit)
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : a.candidate > b.candidate ? 1 : 0))
    .slice(0, NEAREST)
    .map((c) => c.candidate);
}
