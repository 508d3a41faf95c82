import { escapeControls } from "../escape/text-escape.js";
import { ownValue, setOwn } from "../own-keys.js";

/**
 * The names a project gives ids, by id: the selected environment's source aliases and the
 * `destinations:` of transync.yaml, and the slugs of references written `{ slug: … }` (built by
 * src/pipeline/resolve-live-refs.ts). Text and Markdown reports show the name next to its id, as
 * the reviewer wrote it.
 */
export interface IdAliases {
  sources: Readonly<Record<string, string>>;
  destinations: Readonly<Record<string, string>>;
}

/** Alias -> id maps turned around; where two aliases name one id, the first in name order. */
export function aliasesById(sources: Readonly<Record<string, string>>, destinations: Readonly<Record<string, string>>): IdAliases {
  return { sources: invertAliases(sources), destinations: invertAliases(destinations) };
}

/** Alias -> id turned into id -> alias; of two aliases of one id, the first in code point order is kept. */
export function invertAliases(aliases: Readonly<Record<string, string>>): Record<string, string> {
  const byId: Record<string, string> = {};
  for (const alias of Object.keys(aliases).sort()) if (!Object.hasOwn(byId, aliases[alias]!)) setOwn(byId, aliases[alias]!, alias);
  return byId;
}

/**
 * `web (src_web_staging)`, or the id alone when it has no alias. A slug comes from the workspace or
 * the catalog, not from transync.yaml's checked alias names: one that is not a plain word is shown
 * quoted and escaped (src/escape/text-escape.ts), so no control character, bidi mark or line of it reaches a
 * report raw.
 */
export function withAlias(id: string, aliases: Readonly<Record<string, string>> | undefined): string {
  const alias = ownValue(aliases, id);
  if (alias === undefined) return id;
  return `${/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/.test(alias) ? alias : escapeControls(JSON.stringify(alias))} (${id})`;
}
