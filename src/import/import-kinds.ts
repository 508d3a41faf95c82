import { UsageError } from "../errors.js";
import { escapeControls } from "../escape/text-escape.js";
import { DEFAULT_KIND, knownKinds } from "../kinds/index.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";

/*
 * Which kinds `transync import` reads (`--kinds`, narrowed by `--source`), and the count of what it
 * imported of each (src/commands/import.ts).
 */

/** The live objects of a kind, for `import` (its descriptor's importer renders them). */
export interface KindImport {
  kind: ResourceKind;
  objects: KindObject[];
}

/**
 * `--kinds`: each a registered kind's name (an unknown one is refused, naming the known ones); absent:
 * every kind but those nested in destination instances (reading them reads every source's connected
 * destinations, which a token without Source Read cannot: they are imported when named).
 */
export function kindsToImport(names: readonly string[] | undefined): ResourceKind[] {
  if (names === undefined) return knownKinds().filter((kind) => kind.api.parent === undefined);
  const known = knownKinds();
  return names.map((name) => {
    const kind = known.find((k) => k.name === name);
    if (kind === undefined)
      throw new UsageError(
        `--kinds: unknown kind ${escapeControls(JSON.stringify(name))}; known kinds: ${known.map((k) => k.name).join(", ")}`,
      );
    return kind;
  });
}

/** The flags that choose the kinds: `--kinds` as given (undefined: not given) and `--source`. */
export interface KindFlags {
  kinds?: readonly string[];
  source?: readonly string[];
}

/**
 * The kinds that can honour `--source` (Transformation; a kind on destination instances, read on the
 * sources' connected destinations; a kind whose scope field holds a source); every kind honours
 * `--env` (E's pins merged into its documents). A kind named in `--kinds` that cannot is refused by
 * name; one not named is left out.
 */
export function kindsHonouring(kinds: ResourceKind[], flags: KindFlags): ResourceKind[] {
  const bySource = (kind: ResourceKind): boolean => kind.api.parent !== undefined || kind.identity.scopeIsSource === true;
  const why = (kind: ResourceKind): string | undefined =>
    kind !== DEFAULT_KIND && flags.source !== undefined && !bySource(kind) ? "--source (its objects belong to no source)" : undefined;
  const refused = kinds.filter((kind) => why(kind) !== undefined);
  if (refused.length > 0 && flags.kinds !== undefined)
    throw new UsageError(
      `--kinds ${refused.map((kind) => kind.name).join(", ")}: not imported with ${why(refused[0]!)}; leave it out to import the other kinds`,
    );
  return kinds.filter((kind) => !refused.includes(kind));
}

/** `1 transformation and 2 widgets`: the default kind's count always, another kind's when it has objects. */
export function importedCounts(imports: readonly KindImport[]): string {
  const count = ({ kind, objects }: KindImport): string =>
    `${objects.length} ${objects.length === 1 ? kind.labels.singular : kind.labels.plural}`;
  return imports
    .filter(({ kind, objects }) => kind === DEFAULT_KIND || objects.length > 0)
    .map(count)
    .join(" and ");
}
