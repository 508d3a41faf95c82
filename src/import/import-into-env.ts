import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ProjectConfig } from "../desired/types.js";
import { refText, slugOf } from "../desired/live-refs.js";
import { resolveSourceRef } from "../desired/source-refs.js";
import { escapeControls } from "../escape/text-escape.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";
import type { HttpLiveApi } from "../live/http-live-api.js";
import { HttpPublicApiReads } from "../live/public-api.js";
import type { Transformation } from "../model/transformation.js";
import type { CliContext } from "../pipeline/context.js";
import { refuseInvalidImport } from "./check-import.js";
import type { EnvironmentView } from "./environment-values.js";
import type { ExistingFolder } from "./existing-documents.js";
import type { ImportRefs } from "./import-refs.js";
import { connectedInScope, redactedLive } from "./import-reads.js";
import type { ImportTarget } from "./import-target.js";
import { pinKindIntoEnvironment } from "./kind-env-import.js";
import { readKindInEnvironment } from "./kind-env-read.js";
import { mergeImport, renderMergeReport } from "./merge-import.js";
import { renderedField, type RenderImportOptions } from "./render-import.js";
import { writeImportFiles } from "./write-import.js";

/*
 * `transync import --env E` (src/commands/import.ts): E's pins and values merged into the documents
 * that exist, the Transformations' by merge-import.ts, every other kind's by kind-env-import.ts.
 */

/** How import compares a document's values with E's live objects: references resolved in E's workspace, values written as import writes them. */
export function environmentView(config: ProjectConfig, env: string, refs: ImportRefs, render: RenderImportOptions): EnvironmentView {
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

/** An import into environment E: its target, E, and the sources imported (undefined: every one). */
export interface EnvironmentTarget extends ImportTarget {
  env: string;
  /** The sources imported (undefined: every one): a document of another source is not missing from the workspace. */
  scope?: ReadonlySet<string>;
}

export interface EnvironmentImport extends EnvironmentTarget {
  /** How its documents' values compare with its live objects. */
  view: EnvironmentView;
  /** The output folder's documents, their sources resolved in the environment's workspace. */
  folder: ExistingFolder;
}

/**
 * `import --env E`: E's pin is written into the documents that exist (docs/environments.md), the
 * objects no document matches become new documents; the files are checked as validate reads them with
 * `--env E` before anything is written, and a file whose content would not change is not written.
 */
export async function importIntoEnvironment(ctx: CliContext, live: readonly Transformation[], opts: EnvironmentImport): Promise<void> {
  const display = (file: string) => join(opts.shown, file);
  const merged = mergeImport(opts.folder, live, { ...opts.render, env: opts.env, view: opts.view, scope: opts.scope }, display);
  await refuseInvalidImport(merged.files, { config: opts.config, env: opts.env, outDir: opts.outDir });
  await writeImportFiles(opts.outDir, merged.files, { force: false, replacing: merged.replacing, confineTo: opts.confineTo });
  ctx.stdout.write(renderMergeReport(merged, opts.env, display));
}

/**
 * `import --env E` of a kind other than Transformation (`--kinds DestinationFilter`, a generic kind):
 * E's pins written into the kind's documents in place (src/import/kind-env-import.ts), E's other
 * objects as new documents; each outcome listed.
 */
export async function importKindIntoEnvironment(
  ctx: CliContext,
  api: HttpLiveApi,
  kind: ResourceKind,
  opts: EnvironmentTarget,
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
  const live = read.live.map((o) => redactedLive<KindObject>(ctx, o));
  const schema = opts.schemaOf(kind);
  const merged = pinKindIntoEnvironment(kind, opts.env, {
    documents: read.documents,
    live,
    read: (file) => readOptional(join(opts.outDir, file)),
    shown: (file) => join(opts.shown, file),
    ...(schema !== undefined ? { schema } : {}),
  });
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
