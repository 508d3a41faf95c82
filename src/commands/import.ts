import { relative, resolve } from "node:path";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import { UsageError } from "../errors.js";
import { fsSource } from "../desired/fs-source.js";
import { loadProjectConfig } from "../desired/load-project.js";
import type { ProjectConfig } from "../desired/types.js";
import { confineOutputFolder } from "../desired/confine-path.js";
import { locationText } from "../model/desired-resource.js";
import { transyncVersion } from "../version.js";
import { projectFileTarget } from "../git/safe-settings.js";
import { createApi, type ApiFlags } from "../live/api-client.js";
import { openSource } from "../pipeline/desired-input.js";
import { DEFAULT_KIND } from "../kinds/index.js";
import type { KindObject } from "../kinds/kind.js";
import { refuseSchemaLinksOut, writeProjectSchemas } from "../import/project-schemas.js";
import { kindsHonouring, kindsToImport } from "../import/import-kinds.js";
import { readOtherKinds, readReferences, readTransformations } from "../import/import-reads.js";
import { importTargetFor } from "../import/import-target.js";
import { importWithoutEnvironment } from "../import/import-without-env.js";
import { environmentView, importIntoEnvironment, importKindIntoEnvironment } from "../import/import-into-env.js";

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

/** `transync import`: write the live objects in scope as YAML with ids pinned, so a team adopts what exists (src/import/). */
export async function importCommand(ctx: CliContext, options: ImportOptions): Promise<ExitCode> {
  const config = await readProject(ctx, options);
  // Where the files go is checked before any API call.
  const out = options.out ?? config.dir;
  const outDir = resolve(ctx.cwd, out);
  await confineOutputFolder(ctx.cwd, out, options.out !== undefined ? "--out" : "transync.yaml's dir", options.out !== undefined);
  const shown = relative(ctx.cwd, outDir) || ".";
  // Import only reads the API: an interrupt ends its requests and waits at once (exit 130).
  const api = createApi(ctx, options, projectFileTarget(config, options.env, "read"), ctx.signal);
  const kinds = kindsHonouring(kindsToImport(options.kinds), options);
  const { refs, folder } = await readReferences(ctx, api, { config, env: options.env, sources: options.source, outDir, shown });
  const sources = options.source ?? [];
  const transformations = await readTransformations(ctx, api, { asked: kinds.includes(DEFAULT_KIND), refs, sources });
  const target = importTargetFor(ctx.cwd, outDir, { config, shown, refs, split: options.split ?? false });
  await refuseSchemaLinksOut(ctx.cwd);
  if (options.env !== undefined) {
    const into = { ...target, env: options.env, scope: refs.scope };
    // Only Transformations asked for are merged: an empty list would take every document out of the environment.
    if (kinds.includes(DEFAULT_KIND)) {
      const view = environmentView(config, options.env, refs, target.render);
      await importIntoEnvironment(ctx, transformations, { ...into, folder: folder!, view });
    }
    for (const kind of kinds.filter((k) => k !== DEFAULT_KIND)) await importKindIntoEnvironment(ctx, api, kind, into);
  } else {
    // Every kind asked for, its documents rendered by its descriptor's importer (with --source, those kindsHonouring kept).
    const others = await readOtherKinds(ctx, api, kinds, refs.scope);
    const imports = [{ kind: DEFAULT_KIND, objects: transformations as unknown as KindObject[] }, ...others];
    await importWithoutEnvironment(ctx, imports, target, options.force ?? false);
  }
  // The schemas the files' `$schema` lines name, in the project (the working directory).
  await writeProjectSchemas(ctx.cwd, transyncVersion());
  return 0;
}

/** transync.yaml, from the working directory or `--repo`/`--ref`; refused when invalid, and `--force` with `--env`. */
async function readProject(ctx: CliContext, options: ImportOptions): Promise<ProjectConfig> {
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
  return config;
}
