import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { ApiFlags } from "../live/api-client.js";
import { createApi } from "../live/api-client.js";
import { HttpPublicApiReads } from "../live/public-api.js";
import { readLiveState } from "../live/index.js";
import { readSources } from "../pipeline/resolve-live-refs.js";
import { writeImportFiles } from "../import/write-import.js";
import { refuseSchemaLinksOut } from "../import/project-schemas.js";
import { parseEnvironmentSpecs, renderWorkspaceProject, type EnvironmentSpec, type WorkspaceFacts } from "../init/workspace-project.js";
import type { InitFile } from "../init/templates.js";
import { escapeControls } from "../escape/text-escape.js";
import { ApiError, UsageError } from "../errors.js";
import { importCommand } from "./import.js";

export interface FromWorkspaceOptions extends ApiFlags {
  /** `--env NAME[=TOKEN_VARIABLE]`, one per workspace, in the order transync.yaml lists them. */
  env: readonly string[];
  force: boolean;
  /** The CI pipeline of --ci for these environments, written beside transync.yaml; none without --ci. */
  ciFiles?: readonly InitFile[];
}

/** Where `init --from-workspace` writes the documents: the `dir` of the transync.yaml it writes. */
const DOCUMENTS = "transformations";

/**
 * `init --from-workspace`: reads each environment's workspace with the environment's read token (its
 * slug, the sources holding transformations), writes transync.yaml binding each environment to its
 * workspace with slug aliases, then imports every environment in the order given, each into the
 * documents the ones before wrote (`import --env`: its pins, and its differences kept as its own).
 * Every workspace is read before anything is written: a token that fails leaves no file behind.
 */
export async function initFromWorkspace(ctx: CliContext, options: FromWorkspaceOptions): Promise<ExitCode> {
  const specs = parseEnvironmentSpecs(options.env);
  const ciFiles = options.ciFiles ?? [];
  refuseExistingProject(ctx.cwd, options.force, ciFiles);
  const workspaces: WorkspaceFacts[] = [];
  for (const spec of specs) workspaces.push(await readWorkspace(ctx, options, spec));
  const apiUrl = options.apiUrl ?? nonEmpty(ctx.env.SEGMENT_API_URL);
  const destinationSlugs = await catalogSlugs(ctx, options, specs[0]!, new Set(workspaces.flatMap((w) => w.destinationIds)));
  const project = renderWorkspaceProject(workspaces, apiUrl, destinationSlugs);
  await refuseSchemaLinksOut(ctx.cwd);
  await writeImportFiles(ctx.cwd, [{ path: "transync.yaml", content: project }, ...ciFiles], {
    force: options.force,
    command: "init",
    confineTo: { folder: ctx.cwd, named: "the working directory" },
  });
  ctx.stdout.write(`Wrote transync.yaml: ${workspaces.map(describe).join(", ")}.\n`);
  for (const file of ciFiles)
    ctx.stdout.write(`Wrote ${escapeControls(file.path)} (CI for ${specs.map((s) => escapeControls(s.name)).join(", ")}).\n`);
  for (const spec of specs) {
    ctx.stdout.write(`\nImporting environment ${spec.name}:\n`);
    const code = await importCommand(ctx, { ...apiFlags(options), env: spec.name });
    if (code !== 0) return code;
  }
  ctx.stdout.write(
    `\nNext: \`transync plan --env <name> --detailed-exitcode\` exits 0 for each environment (nothing to change); ` +
      `apply needs each environment's write token (${specs.map((s) => s.writeTokenEnv).join(", ")}).\n`,
  );
  if (ciFiles.length > 0) {
    ctx.stdout.write(
      `The CI needs each read token (${specs.map((s) => s.readTokenEnv).join(", ")}) where pull-request jobs get it, and each write token protected, for its apply job only (the header of each CI file says where).\n`,
    );
  }
  return 0;
}

const describe = (facts: WorkspaceFacts): string =>
  `${escapeControls(facts.spec.name)} (workspace ${escapeControls(facts.workspace)}, ${facts.sourceSlugs.length} source${facts.sourceSlugs.length === 1 ? "" : "s"} with transformations)`;

const nonEmpty = (text: string | undefined): string | undefined => (text === undefined || text === "" ? undefined : text);

/** The API flags alone: what import is given for each environment. */
function apiFlags(options: FromWorkspaceOptions): ApiFlags {
  const { env: _env, force: _force, ciFiles: _ci, ...flags } = options;
  return flags;
}

/** A project or its CI exists here: refused before any request (--force overwrites transync.yaml and the CI files, and merges into the documents). */
function refuseExistingProject(cwd: string, force: boolean, ciFiles: readonly InitFile[]): void {
  if (force) return;
  const found: string[] = [];
  for (const path of ["transync.yaml", ...ciFiles.map((file) => file.path)]) if (existsSync(join(cwd, path))) found.push(path);
  const documents = join(cwd, DOCUMENTS);
  if (existsSync(documents) && readdirSync(documents).length > 0) found.push(`${DOCUMENTS}/ (not empty)`);
  if (found.length === 0) return;
  throw new UsageError(
    `init --from-workspace would write over ${found.join(", ")}; nothing was read or written. Run it in a new folder, or pass --force (transync.yaml and the CI files are replaced, the documents are imported into).`,
  );
}

/**
 * One workspace as its environment's read token sees it: `GET /` for its slug, the transformations
 * list (no gets) for the sources that hold them, `GET /sources` for their slugs (none when the token
 * may not read sources: the documents then name sources by id).
 */
async function readWorkspace(ctx: CliContext, options: FromWorkspaceOptions, spec: EnvironmentSpec): Promise<WorkspaceFacts> {
  const binding = { env: spec.name, tokenEnv: spec.readTokenEnv, tokenKey: "planTokenEnv" as const };
  const api = createApi(ctx, apiFlags(options), { apiUrl: undefined, binding }, ctx.signal);
  const workspace = await api.getWorkspace();
  const live = await readLiveState(api, { needsDetails: () => false, signal: ctx.signal, logger: ctx.logger });
  const used = new Set(live.transformations.map((t) => t.sourceId));
  // A token that may not read sources (403) gets no aliases: the documents keep source ids (readSources warns).
  const sources = used.size === 0 ? [] : ((await readSources(new HttpPublicApiReads(api), false, ctx.logger)) ?? []);
  const destinationIds = live.transformations.flatMap((t) => (t.destinationMetadataId ? [t.destinationMetadataId] : []));
  return {
    spec,
    destinationIds,
    workspace: workspace.slug !== "" ? workspace.slug : workspace.id,
    sourceSlugs: sources.filter((s) => used.has(s.id) && s.slug !== "").map((s) => s.slug),
  };
}

/**
 * The catalog slugs of the destination types the transformations name, read once (Segment's catalog is
 * the same for every workspace) with the first environment's token. A token that may not read the
 * catalog (403) gets no aliases: the documents keep metadata ids.
 */
async function catalogSlugs(ctx: CliContext, options: FromWorkspaceOptions, spec: EnvironmentSpec, ids: Set<string>): Promise<string[]> {
  if (ids.size === 0) return [];
  const binding = { env: spec.name, tokenEnv: spec.readTokenEnv, tokenKey: "planTokenEnv" as const };
  const api = createApi(ctx, apiFlags(options), { apiUrl: undefined, binding }, ctx.signal);
  try {
    const catalog = await new HttpPublicApiReads(api).catalogDestinations();
    return catalog.filter((d) => ids.has(d.id) && d.slug !== "").map((d) => d.slug);
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 404)) throw error;
    ctx.logger.warn(
      `the token in ${spec.readTokenEnv} may not read Segment's destination catalog (GET /catalog/destinations answered ${error.status}): init writes no destination aliases, and the documents name destination metadata ids`,
    );
    return [];
  }
}
