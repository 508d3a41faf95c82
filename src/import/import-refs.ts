import type { Logger } from "../log.js";
import type { ProjectConfig } from "../desired/types.js";
import type { ErrorIssue } from "../errors.js";
import { ValidationError } from "../errors.js";
import type { PublicApiReads } from "../live/public-api.js";
import { slugOf } from "../desired/live-refs.js";
import { indexCatalog, indexSources, resolveDestinationText, resolveSourceText, type RefOutcome } from "../desired/resolve-refs.js";
import { readCatalog, readSources } from "../pipeline/resolve-live-refs.js";

/**
 * Import's references as ids of the workspace the token reaches: import is online, so a source or
 * destination written by slug (`{ slug: web }`, src/desired/live-refs.ts) is resolved here, through
 * the same Public API reads as plan's (src/pipeline/resolve-live-refs.ts), each list read once.
 */
export interface ImportRefs {
  /** The environment's source aliases, alias -> id; an alias whose slug the workspace lacks is left out (with a warning). */
  sourceAliases: Record<string, string>;
  /** transync.yaml's destination aliases, alias -> metadata id; slug values resolved in Segment's catalog. */
  destinationAliases: Record<string, string>;
  /** Each `--source` flag (id, alias of the environment, or `slug:…`) -> id. */
  flagIds: Record<string, string>;
  /** The sources to import: the flags', else the project's scope; undefined: every source. */
  scope?: Set<string>;
  /** A source reference's text (an id or `slug:…`) in this workspace. */
  sourceId(text: string): RefOutcome;
}

export interface ImportRefInput {
  config: Pick<ProjectConfig, "environments" | "destinations" | "scopeSources">;
  env: string | undefined;
  sourceFlags: readonly string[];
  /** Texts the existing documents name their sources by (after alias resolution): read with the rest, in one walk. */
  documentRefs: readonly string[];
}

/** Reads `GET /sources` only when a slug is used, the catalog only when a destination alias is a slug. */
export async function resolveImportRefs(input: ImportRefInput, reads: PublicApiReads, logger: Logger): Promise<ImportRefs> {
  const envAliases = input.env !== undefined ? (input.config.environments[input.env]?.sources ?? {}) : {};
  const flagTexts = input.sourceFlags.map((flag) => (Object.hasOwn(envAliases, flag) ? envAliases[flag]! : flag));
  const texts = [...Object.values(envAliases), ...flagTexts, ...(input.config.scopeSources ?? []), ...input.documentRefs];
  const read = texts.some((t) => slugOf(t) !== undefined) ? await readSources(reads, true, logger) : undefined;
  const sources = read === undefined ? undefined : indexSources(read);
  const sourceId = (text: string): RefOutcome =>
    sources === undefined || slugOf(text) === undefined ? { ok: true, id: text } : resolveSourceText(text, sources);
  const issues: ErrorIssue[] = [];
  const idOf = (text: string, where: string): string => {
    const outcome = sourceId(text);
    if (!outcome.ok) issues.push({ where, message: outcome.message });
    return outcome.ok ? outcome.id : text;
  };
  const flagIds = Object.fromEntries(input.sourceFlags.map((flag, i) => [flag, idOf(flagTexts[i]!, `--source ${flag}`)]));
  const scopeIds = (input.config.scopeSources ?? []).map((text) => idOf(text, "transync.yaml scope.sources"));
  if (issues.length > 0) throw new ValidationError("the sources to import do not resolve in the workspace; nothing was written.", issues);
  const scope =
    input.sourceFlags.length > 0
      ? new Set(Object.values(flagIds))
      : input.config.scopeSources !== undefined
        ? new Set(scopeIds)
        : undefined;
  return {
    sourceAliases: resolvedAliases(envAliases, sourceId, `environments.${input.env}.sources`, logger),
    destinationAliases: await destinationAliases(input.config.destinations, reads, logger),
    flagIds,
    ...(scope !== undefined ? { scope } : {}),
    sourceId,
  };
}

async function destinationAliases(
  aliases: Readonly<Record<string, string>>,
  reads: PublicApiReads,
  logger: Logger,
): Promise<Record<string, string>> {
  if (!Object.values(aliases).some((text) => slugOf(text) !== undefined)) return { ...aliases };
  try {
    const catalog = indexCatalog(await readCatalog(reads));
    return resolvedAliases(aliases, (text) => resolveDestinationText(text, catalog), "destinations", logger);
  } catch (error) {
    // Aliases only name what import writes: without the catalog, metadata ids are written as ids.
    if (!(error instanceof ValidationError)) throw error;
    logger.warn(`${error.message} Destination metadata ids are written as ids.`);
    return Object.fromEntries(Object.entries(aliases).filter(([, text]) => slugOf(text) === undefined));
  }
}

function resolvedAliases(
  aliases: Readonly<Record<string, string>>,
  resolve: (text: string) => RefOutcome,
  where: string,
  logger: Logger,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [alias, text] of Object.entries(aliases)) {
    const outcome = resolve(text);
    if (outcome.ok) out[alias] = outcome.id;
    else logger.warn(`transync.yaml ${where}.${alias}: ${outcome.message}; import does not write this alias`);
  }
  return out;
}
