import { join } from "node:path";
import type { CliContext } from "../pipeline/context.js";
import type { ProjectConfig } from "../desired/types.js";
import { DEFAULT_KIND } from "../kinds/index.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";
import type { HttpLiveApi } from "../live/http-live-api.js";
import { readLiveState } from "../live/index.js";
import { KindClient } from "../live/kind-client.js";
import type { LiveApi } from "../live/live-api.js";
import { HttpPublicApiReads, type PublicListPages } from "../live/public-api.js";
import type { Transformation } from "../model/transformation.js";
import { mapJsonStrings } from "../secrets/redact-json.js";
import { refuseSharedNames, sourcesWithoutTransformations } from "./check-import.js";
import { readExistingFolder, withSourceIds, type ExistingFolder } from "./existing-documents.js";
import { resolveImportRefs, type ImportRefs } from "./import-refs.js";
import type { KindImport } from "./import-kinds.js";
import { inSources } from "./kind-env-read.js";

/*
 * What `transync import` reads (src/commands/import.ts): the references of the sources and
 * destinations, the output folder's documents (with --env) and the live objects of every kind asked for.
 */

/** The references' input: the project, `--env`, `--source`, and the output folder (as shown to the user). */
export interface ReferencesInput {
  config: ProjectConfig;
  env?: string;
  sources?: readonly string[];
  outDir: string;
  shown: string;
}

/**
 * The output folder's documents (with --env) and every source and destination reference as an id of
 * the token's workspace: slugs resolved with one `GET /sources` walk (src/import/import-refs.ts).
 */
export async function readReferences(
  ctx: CliContext,
  api: PublicListPages,
  input: ReferencesInput,
): Promise<{ refs: ImportRefs; folder?: ExistingFolder }> {
  const { config, env } = input;
  const folder = env !== undefined ? await readExistingFolder(input.outDir, config, env) : undefined;
  const documentRefs = (folder?.documents ?? []).flatMap((d) => (d.sourceRef !== undefined ? [d.sourceRef] : []));
  const refs = await resolveImportRefs(
    { config, env, sourceFlags: [...(input.sources ?? [])], documentRefs },
    new HttpPublicApiReads(api),
    ctx.logger,
  );
  if (folder === undefined || env === undefined) return { refs };
  return {
    refs,
    folder: { ...folder, documents: withSourceIds(folder.documents, refs.sourceId, (file) => join(input.shown, file), env) },
  };
}

/** A live object with every secret a server echoed into it redacted (files are written, not printed through the redactor). */
export function redactedLive<T>(ctx: CliContext, live: T): T {
  return mapJsonStrings(structuredClone(live), (text) => ctx.secrets.redact(text)) as T;
}

/**
 * The Transformations of the sources in scope (none when not asked for), as plan reads them, shared
 * names refused, a `--source` no transformation has warned of, every secret redacted.
 */
export async function readTransformations(
  ctx: CliContext,
  api: LiveApi,
  input: { asked: boolean; refs: ImportRefs; sources: readonly string[] },
): Promise<Transformation[]> {
  const live = input.asked ? await readInScope(ctx, api, input.refs.scope) : [];
  refuseSharedNames(live);
  for (const source of sourcesWithoutTransformations([...input.sources], input.refs.flagIds, live)) {
    ctx.logger.warn(
      { source },
      `--source ${source}: no transformation in the workspace has this source (check the id, or the alias and --env); nothing imported for it`,
    );
  }
  // Written to files (committed next), not through the output boundary: every secret a server echoed
  // into a live value is redacted in the data, before rendering, so YAML quotes the placeholder.
  return live.map((t) => redactedLive(ctx, t));
}

/** List once, then get each in scope: the list omits fqlDefinedProperties, and an import must not lose them. */
async function readInScope(ctx: CliContext, api: LiveApi, scope: Set<string> | undefined): Promise<Transformation[]> {
  const inScope = (t: Transformation): boolean => scope === undefined || scope.has(t.sourceId);
  const live = await readLiveState(api, { needsDetails: inScope, signal: ctx.signal, logger: ctx.logger });
  return live.transformations.filter(inScope);
}

/**
 * Each kind asked for but Transformation (read by readTransformations, as plan reads it): every object
 * read by the generic client, every secret a server echoed redacted. A kind nested in destination
 * instances (Destination Filters) is read on every connected destination of the sources in scope
 * (`scope`; undefined: every source).
 */
export async function readOtherKinds(
  ctx: CliContext,
  api: HttpLiveApi,
  kinds: readonly ResourceKind[],
  scope: ReadonlySet<string> | undefined,
): Promise<KindImport[]> {
  const read: KindImport[] = [];
  const reads = new HttpPublicApiReads(api);
  for (const kind of kinds.filter((k) => k !== DEFAULT_KIND)) {
    const parents = kind.api.parent === undefined ? [] : await connectedInScope(reads, scope);
    const objects = inSources(kind, await new KindClient(api, kind).listAll(parents), scope);
    read.push({ kind, objects: objects.map((o) => redactedLive<KindObject>(ctx, o)) });
  }
  return read;
}

/** The ids of every destination connected to a source in scope. */
export async function connectedInScope(reads: HttpPublicApiReads, scope: ReadonlySet<string> | undefined): Promise<string[]> {
  const sources = scope !== undefined ? [...scope] : (await reads.sources()).map((s) => s.id);
  const ids: string[] = [];
  for (const source of sources) for (const destination of await reads.connectedDestinations(source)) ids.push(destination.id);
  return ids;
}
