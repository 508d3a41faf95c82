import { relative, resolve, join } from "node:path";
import { mapJsonStrings } from "../secrets/redact-json.js";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { Transformation } from "../model/transformation.js";
import type { LiveApi } from "../live/live-api.js";
import { UsageError } from "../errors.js";
import { fsSource } from "../desired/fs-source.js";
import { loadProjectConfig } from "../desired/load-project.js";
import { readLiveState } from "../live/index.js";
import {
  aliasesById,
  refuseInvalidImport,
  refuseSharedNames,
  sourcesWithoutTransformations,
  writeImportFiles,
  type ConfineTo,
  type RenderImportOptions,
} from "../import/index.js";
import { importContext } from "../import/render-import.js";
import { mergeImport, renderMergeReport } from "../import/merge-import.js";
import { readExistingFolder, withSourceIds, type ExistingFolder } from "../import/existing-documents.js";
import { resolveImportRefs, type ImportRefs } from "../import/import-refs.js";
import { HttpPublicApiReads, type PublicListPages } from "../live/public-api.js";
import type { ProjectConfig } from "../desired/types.js";
import { transyncVersion } from "../version.js";
import { schemaReference, type SchemaFile } from "../import/schema-ref.js";
import { refuseSchemaLinksOut, writeProjectSchemas } from "../import/project-schemas.js";
import { projectFileTarget } from "../git/safe-settings.js";
import { createApi, type ApiFlags } from "../live/api-client.js";
import { openSource } from "../pipeline/desired-input.js";
import { escapeControls } from "../escape/text-escape.js";
import { confineOutputFolder, isInsideFolder } from "../desired/confine-path.js";
import { locationText } from "../model/desired-resource.js";
import type { EnvironmentView } from "../import/environment-values.js";
import { renderedField } from "../import/render-import.js";
import { refText, slugOf } from "../desired/live-refs.js";
import { resolveSourceRef } from "../desired/source-refs.js";
import { DEFAULT_KIND, knownKinds } from "../kinds/index.js";
import type { KindImportContext, KindObject, ResourceKind } from "../kinds/kind.js";
import { KindClient } from "../live/kind-client.js";
import type { HttpLiveApi } from "../live/http-live-api.js";
import { renderKindImport } from "../import/kind-import.js";
import { pinKindIntoEnvironment } from "../import/kind-env-import.js";
import { inSources, readKindInEnvironment } from "../import/kind-env-read.js";
import { existsSync, readFileSync } from "node:fs";

export interface ImportOptions extends ApiFlags {
  out?: string;
  source?: string[];
  env?: string;
  split?: boolean;
  force?: boolean;
  repo?: string;
  ref?: string;
  /** The kinds to import (`--kinds`); undefined: every kind. */
  kinds?: string[];
}

/** `transync import`: write the live transformations in scope as YAML with ids pinned, so a team adopts what exists. */
export async function importCommand(ctx: CliContext, options: ImportOptions): Promise<ExitCode> {
  const fromGit = options.repo !== undefined || options.ref !== undefined;
  const projectSource = fromGit ? (await openSource(ctx, options)).source : fsSource(ctx.cwd);
  const { config, diagnostics } = await loadProjectConfig(projectSource, { env: options.env });
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0)
    throw new UsageError(`transync.yaml is invalid: ${errors.map((d) => `${locationText(d)} ${d.message}`).join("; ")}`);
  if (options.env !== undefined && options.force) {
    throw new UsageError(
      `--force overwrites whole files, which would drop the other environments' pins; with --env, import writes ${options.env}'s pin into the documents that exist and needs no --force (move the files away to import them afresh).`,
    );
  }
  // Where the files go is checked before any API call.
  const out = options.out ?? config.dir;
  const outDir = resolve(ctx.cwd, out);
  await confineOutputFolder(ctx.cwd, out, options.out !== undefined ? "--out" : "transync.yaml's dir", options.out !== undefined);
  const shown = relative(ctx.cwd, outDir) || ".";
  // Import only reads the API: an interrupt ends its requests and waits at once (exit 130).
  const api = createApi(ctx, options, projectFileTarget(config, options.env, "read"), ctx.signal);
  const kinds = kindsHonouring(kindsToImport(options.kinds), options);
  const { refs, folder } = await readReferences(ctx, api, { config, options, outDir, shown });
  const live = kinds.includes(DEFAULT_KIND) ? await readInScope(ctx, api, refs.scope) : [];
  refuseSharedNames(live);
  for (const source of sourcesWithoutTransformations(options.source ?? [], refs.flagIds, live)) {
    ctx.logger.warn(
      { source },
      `--source ${source}: no transformation in the workspace has this source (check the id, or the alias and --env); nothing imported for it`,
    );
  }
  // Written to files (committed next), not through the output boundary: every secret a server echoed
  // into a live value is redacted in the data, before rendering, so YAML quotes the placeholder.
  const redacted = live.map((t) => mapJsonStrings(structuredClone(t), (text) => ctx.secrets.redact(text)) as Transformation);
  const render = {
    aliases: aliasesById(refs.sourceAliases),
    destinationAliases: aliasesById(refs.destinationAliases),
    split: options.split ?? false,
    schemaComment: schemaReference(outDir, ctx.cwd),
  };
  const confineTo = isInsideFolder(resolve(ctx.cwd), outDir) ? { folder: ctx.cwd, named: "the working directory" } : undefined;
  // The schema a kind's files name (its importer's, else its editors' schema), as a path from the output folder to the project's copy.
  const schemaOf = (kind: ResourceKind): string | undefined => {
    const file = kind.importer.schema ?? kind.editorSchema?.file;
    return file === undefined ? undefined : schemaReference(outDir, ctx.cwd, file as SchemaFile);
  };
  const target: ImportTarget = { config, outDir, shown, render, context: importContext(render), schemaOf, confineTo };
  await refuseSchemaLinksOut(ctx.cwd);
  if (options.env !== undefined) {
    const view = environmentView(config, options.env, refs, render);
    // Only Transformations asked for are merged: an empty list would take every document out of the environment.
    if (kinds.includes(DEFAULT_KIND))
      await importIntoEnvironment(ctx, redacted, { ...target, env: options.env, folder: folder!, view, scope: refs.scope });
    for (const kind of kinds.filter((k) => k !== DEFAULT_KIND))
      await importKindIntoEnvironment(ctx, api, kind, { ...target, env: options.env, scope: refs.scope });
  } else {
    // Every kind asked for, its documents rendered by its descriptor's importer (with --source, those kindsHonouring kept).
    const others = await readOtherKinds(ctx, api, kinds, refs.scope);
    const transformations = { kind: DEFAULT_KIND, objects: redacted as unknown as KindObject[] };
    await importWithoutEnvironment(ctx, [transformations, ...others], target, options.force ?? false);
  }
  // The schemas the files' `$schema` lines name, in the project (the working directory).
  await writeProjectSchemas(ctx.cwd, transyncVersion());
  return 0;
}

/**
 * The output folder's documents (with --env) and every source and destination reference as an id of
 * the token's workspace: slugs resolved with one `GET /sources` walk (src/import/import-refs.ts).
 */
async function readReferences(
  ctx: CliContext,
  api: PublicListPages,
  input: { config: ProjectConfig; options: ImportOptions; outDir: string; shown: string },
): Promise<{ refs: ImportRefs; folder?: ExistingFolder }> {
  const { config, options } = input;
  const folder = options.env !== undefined ? await readExistingFolder(input.outDir, config, options.env) : undefined;
  const documentRefs = (folder?.documents ?? []).flatMap((d) => (d.sourceRef !== undefined ? [d.sourceRef] : []));
  const refs = await resolveImportRefs(
    { config, env: options.env, sourceFlags: options.source ?? [], documentRefs },
    new HttpPublicApiReads(api),
    ctx.logger,
  );
  if (folder === undefined || options.env === undefined) return { refs };
  return {
    refs,
    folder: { ...folder, documents: withSourceIds(folder.documents, refs.sourceId, (file) => join(input.shown, file), options.env) },
  };
}

interface ImportTarget {
  config: ProjectConfig;
  outDir: string;
  /** The output folder as shown to the user (relative to the working directory). */
  shown: string;
  render: RenderImportOptions;
  /** What every kind's importer is told: aliases, `--split` (src/kinds/kind.ts, KindImportContext). */
  context: KindImportContext;
  /** The `$schema` comment of a kind's files (its importer's schema, else its editors' schema in `.transync/schemas/`), if any. */
  schemaOf(kind: ResourceKind): string | undefined;
  /** An output folder inside the working directory is held to it: no link below leads out. */
  confineTo?: ConfineTo;
}

/**
 * Without --env: every kind's objects rendered by the one renderer (src/import/kind-import.ts) from
 * its descriptor's importer, plain ids; existing files are refused unless `force`.
 */
async function importWithoutEnvironment(
  ctx: CliContext,
  imports: readonly KindImport[],
  target: ImportTarget,
  force: boolean,
): Promise<ExitCode> {
  const { config, outDir, shown } = target;
  const files = imports.flatMap(({ kind, objects }) => {
    const schemaComment = target.schemaOf(kind);
    return renderKindImport(kind, objects, { context: target.context, ...(schemaComment !== undefined ? { schemaComment } : {}) });
  });
  const paths = files.map((file) => file.path);
  const twice = paths.find((path, i) => paths.indexOf(path) !== i);
  if (twice !== undefined)
    throw new UsageError(`two kinds' documents would be written to ${escapeControls(join(shown, twice))}; nothing was written.`);
  // Checked as validate will read them: the project's defaultEnvironment.
  await refuseInvalidImport(files, { config, env: config.defaultEnvironment, outDir });
  const written = await writeImportFiles(outDir, files, { force, confineTo: target.confineTo });
  ctx.stdout.write(
    `Imported ${importedCounts(imports)} into ${written.length} file${written.length === 1 ? "" : "s"} under ${escapeControls(shown)}.\n`,
  );
  // File names come from live names (src/escape/text-escape.ts).
  for (const file of written) ctx.stdout.write(`  ${escapeControls(join(shown, relative(outDir, file)))}\n`);
  return 0;
}

/** How import compares a document's values with E's live objects: references resolved in E's workspace, values written as import writes them. */
function environmentView(config: ProjectConfig, env: string, refs: ImportRefs, render: RenderImportOptions): EnvironmentView {
  const idOf = (ref: unknown): string | undefined => {
    const text = refText(ref);
    const resolved = text === undefined ? undefined : resolveSourceRef(text, config.environments, env);
    const outcome = resolved?.ok ? refs.sourceId(resolved.id) : undefined;
    return outcome?.ok ? outcome.id : undefined;
  };
  const destinationIdOf = (ref: unknown): string | undefined => {
    const text = refText(ref);
    if (text === undefined) return undefined;
    return Object.hasOwn(refs.destinationAliases, text) ? refs.destinationAliases[text] : slugOf(text) === undefined ? text : undefined;
  };
  return {
    env,
    environments: Object.keys(config.environments),
    sourceIdOf: idOf,
    destinationIdOf,
    rendered: (live, field) => renderedField(live, field, render),
  };
}

interface EnvironmentImport extends ImportTarget {
  env: string;
  /** How its documents' values compare with its live objects. */
  view: EnvironmentView;
  /** The sources imported (undefined: every one): a document of another source is not missing from the workspace. */
  scope?: ReadonlySet<string>;
  /** The output folder's documents, their sources resolved in the environment's workspace. */
  folder: ExistingFolder;
}

/**
 * `import --env E`: E's pin is written into the documents that exist (docs/environments.md), the
 * objects no document matches become new documents; the files are checked as validate reads them with
 * `--env E` before anything is written, and a file whose content would not change is not written.
 */
async function importIntoEnvironment(ctx: CliContext, live: readonly Transformation[], opts: EnvironmentImport): Promise<ExitCode> {
  const display = (file: string) => join(opts.shown, file);
  const merged = mergeImport(opts.folder, live, { ...opts.render, env: opts.env, view: opts.view, scope: opts.scope }, display);
  await refuseInvalidImport(merged.files, { config: opts.config, env: opts.env, outDir: opts.outDir });
  await writeImportFiles(opts.outDir, merged.files, { force: false, replacing: merged.replacing, confineTo: opts.confineTo });
  ctx.stdout.write(renderMergeReport(merged, opts.env, display));
  return 0;
}

/** List once, then get each in scope: the list omits fqlDefinedProperties, and an import must not lose them. */
async function readInScope(ctx: CliContext, api: LiveApi, scope: Set<string> | undefined): Promise<Transformation[]> {
  const inScope = (t: Transformation): boolean => scope === undefined || scope.has(t.sourceId);
  const live = await readLiveState(api, { needsDetails: inScope, signal: ctx.signal, logger: ctx.logger });
  return live.transformations.filter(inScope);
}

/** The live objects of a kind, for `import` (its descriptor's importer renders them). */
interface KindImport {
  kind: ResourceKind;
  objects: KindObject[];
}

/**
 * `import --env E` of a kind other than Transformation (`--kinds DestinationFilter`, a generic kind):
 * E's pins written into the kind's documents in place (src/import/kind-env-import.ts), E's other
 * objects as new documents; each outcome listed.
 */
async function importKindIntoEnvironment(
  ctx: CliContext,
  api: HttpLiveApi,
  kind: ResourceKind,
  opts: ImportTarget & { env: string; scope: ReadonlySet<string> | undefined },
): Promise<void> {
  const reads = new HttpPublicApiReads(api);
  const parents = kind.api.parent === undefined ? [] : await connectedInScope(reads, opts.scope);
  const read = await readKindInEnvironment(kind, {
    root: ctx.cwd,
    outDir: opts.outDir,
    env: opts.env,
    config: opts.config,
    api,
    reads,
    parents,
    ...(opts.scope !== undefined ? { sources: opts.scope } : {}),
  });
  const live = read.live.map((o) => mapJsonStrings(structuredClone(o), (text) => ctx.secrets.redact(text)) as KindObject);
  const readFile = (file: string) => readOptional(join(opts.outDir, file));
  const merged = pinKindIntoEnvironment(kind, opts.env, read.documents, live, readFile, opts.schemaOf(kind));
  await writeImportFiles(opts.outDir, merged.files, {
    force: false,
    replacing: new Set(merged.files.map((f) => f.path)),
    ...(opts.confineTo ? { confineTo: opts.confineTo } : {}),
  });
  ctx.stdout.write(
    `Imported ${live.length} ${live.length === 1 ? kind.labels.singular : kind.labels.plural} of ${escapeControls(opts.env)}:\n`,
  );
  for (const o of merged.outcomes)
    ctx.stdout.write(
      `  ${o.outcome.padEnd(9)} "${escapeControls(o.name)}" (${escapeControls(o.id)}) ${escapeControls(join(opts.shown, o.file))}${o.values !== undefined ? `; ${o.values}` : ""}\n`,
    );
}

function readOptional(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

/**
 * `--kinds`: each a registered kind's name (an unknown one is refused, naming the known ones); absent:
 * every kind but those nested in destination instances (reading them reads every source's connected
 * destinations, which a token without Source Read cannot: they are imported when named).
 */
function kindsToImport(names: readonly string[] | undefined): ResourceKind[] {
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

/**
 * The kinds that can honour `--source` (Transformation; a kind on destination instances, read on the
 * sources' connected destinations; a kind whose scope field holds a source); every kind honours
 * `--env` (E's pins merged into its documents). A kind named in `--kinds` that cannot is refused by
 * name; one not named is left out.
 */
function kindsHonouring(kinds: ResourceKind[], options: ImportOptions): ResourceKind[] {
  const bySource = (kind: ResourceKind): boolean => kind.api.parent !== undefined || kind.identity.scopeIsSource === true;
  const why = (kind: ResourceKind): string | undefined =>
    kind !== DEFAULT_KIND && options.source !== undefined && !bySource(kind) ? "--source (its objects belong to no source)" : undefined;
  const refused = kinds.filter((kind) => why(kind) !== undefined);
  if (refused.length > 0 && options.kinds !== undefined)
    throw new UsageError(
      `--kinds ${refused.map((kind) => kind.name).join(", ")}: not imported with ${why(refused[0]!)}; leave it out to import the other kinds`,
    );
  return kinds.filter((kind) => !refused.includes(kind));
}

/**
 * Each kind asked for but Transformation (read by readInScope, as plan reads it): every object read
 * by the generic client, every secret a server echoed redacted. A kind nested in destination
 * instances (Destination Filters) is read on every connected destination of the sources in scope
 * (`scope`; undefined: every source).
 */
async function readOtherKinds(
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
    read.push({ kind, objects: objects.map((o) => mapJsonStrings(structuredClone(o), (text) => ctx.secrets.redact(text)) as KindObject) });
  }
  return read;
}

/** The ids of every destination connected to a source in scope. */
async function connectedInScope(reads: HttpPublicApiReads, scope: ReadonlySet<string> | undefined): Promise<string[]> {
  const sources = scope !== undefined ? [...scope] : (await reads.sources()).map((s) => s.id);
  const ids: string[] = [];
  for (const source of sources) for (const destination of await reads.connectedDestinations(source)) ids.push(destination.id);
  return ids;
}

/** `1 transformation and 2 widgets`: the default kind's count always, another kind's when it has objects. */
function importedCounts(imports: readonly KindImport[]): string {
  const count = ({ kind, objects }: KindImport): string =>
    `${objects.length} ${objects.length === 1 ? kind.labels.singular : kind.labels.plural}`;
  return imports
    .filter(({ kind, objects }) => kind === DEFAULT_KIND || objects.length > 0)
    .map(count)
    .join(" and ");
}
