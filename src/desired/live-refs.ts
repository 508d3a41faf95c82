/**
 * A live reference written by slug: `{ slug: web }` in YAML, `slug:web` on the command line. Offline
 * (validate, test, simulate) a slug reference is kept as this text, `slug:<slug>`, in the place of an
 * id, so that a test case's `{ slug: web }` meets a document's `{ slug: web }` by plain equality.
 * `plan`, `apply` and `reconcile` replace it with the id the Public API gives
 * (src/pipeline/resolve-live-refs.ts) before anything is planned or sent. No Segment id contains
 * a colon, so the text cannot be taken for one.
 */
export const SLUG_PREFIX = "slug:";

/** `{ slug: web }` or `slug:web` as the text that stands for it; any other string is returned as is. */
export function refText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const slug = (value as { slug?: unknown }).slug;
    if (typeof slug === "string" && slug !== "") return `${SLUG_PREFIX}${slug}`;
  }
  return undefined;
}

/** The slug of a slug reference's text, or undefined for an id or alias. */
export function slugOf(text: string): string | undefined {
  return text.startsWith(SLUG_PREFIX) && text.length > SLUG_PREFIX.length ? text.slice(SLUG_PREFIX.length) : undefined;
}

/** A map of alias -> value (id or `{ slug }`) as alias -> text (id or `slug:…`); values of other types are left out (the schema reports them). */
export function refTexts(map: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (map === null || typeof map !== "object" || Array.isArray(map)) return out;
  for (const [alias, value] of Object.entries(map)) {
    const text = refText(value);
    if (text !== undefined) out[alias] = text;
  }
  return out;
}
