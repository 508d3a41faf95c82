import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import { writeImportFiles } from "../import/write-import.js";
import { refuseSchemaLinksOut, writeProjectSchemas } from "../import/project-schemas.js";
import {
  ciFiles,
  ciFilesFor,
  DEFAULT_CI_STYLE,
  INIT_ENVIRONMENT,
  projectFiles,
  type CiProvider,
  type CiStyle,
  type InitFile,
} from "../init/templates.js";
import { escapeControls } from "../escape/text-escape.js";
import { UsageError } from "../errors.js";
import { transyncVersion } from "../version.js";
import type { ApiFlags } from "../live/api-client.js";
import { parseEnvironmentSpecs } from "../init/workspace-project.js";
import { initFromWorkspace } from "./init-from-workspace.js";

export interface InitOptions extends ApiFlags {
  /** Also write this provider's CI pipeline (from examples/ci/), for the environments init writes. */
  ci?: CiProvider;
  /** Which one pipeline --ci writes: the scripted workflows or the Action-based one (GitHub only). */
  ciStyle?: CiStyle;
  /** Overwrite files that exist. */
  force?: boolean;
  /** Adopt the workspaces of `env` instead of writing the example project (init-from-workspace.ts). */
  fromWorkspace?: boolean;
  /** With fromWorkspace: `NAME[=TOKEN_VARIABLE]`, one per workspace. */
  env?: string[];
}

/**
 * `transync init`: writes a project that `validate` and `test` pass as it is (transync.yaml, one
 * example Transformation and its test, and with --ci one CI pipeline for them) in the working
 * directory, with the schemas their `$schema` lines name in `.transync/schemas/`. Refuses, before writing anything, when any of those files exists, naming every one
 * (exit 1), unless --force.
 */
export async function init(ctx: CliContext, options: InitOptions): Promise<ExitCode> {
  if (options.fromWorkspace) return adoptWorkspaces(ctx, options);
  if ((options.env ?? []).length > 0)
    throw new UsageError("--env names the workspaces --from-workspace adopts; pass --from-workspace too.");
  const files = [...projectFiles(ctx.cwd), ...(await requestedCiFiles(options))];
  await refuseSchemaLinksOut(ctx.cwd);
  const written = await writeImportFiles(ctx.cwd, files, {
    force: options.force ?? false,
    command: "init",
    confineTo: { folder: ctx.cwd, named: "the working directory" },
  });
  // The schemas the files' `$schema` lines name, rewritten whatever was there (they are transync's own).
  written.push(...(await writeProjectSchemas(ctx.cwd, transyncVersion())));
  ctx.stdout.write(`Wrote ${written.length} files:\n`);
  for (const file of written) ctx.stdout.write(`  ${escapeControls(relative(ctx.cwd, file))}\n`);
  ctx.stdout.write(
    `Next: set the source id in transync.yaml, then run \`transync validate\` and \`transync test\`; \`transync plan\` needs ${INIT_ENVIRONMENT.planTokenEnv} (a read-only token), \`transync apply\` ${INIT_ENVIRONMENT.tokenEnv}.\n`,
  );
  return 0;
}

/** The one pipeline --ci and --ci-style ask for; a style the provider lacks is refused before any write. */
async function requestedCiFiles(options: InitOptions): Promise<InitFile[]> {
  if (options.ci === undefined) {
    if (options.ciStyle !== undefined) throw new UsageError("--ci-style chooses the pipeline of --ci; pass --ci too.");
    return [];
  }
  return ciFiles(options.ci, options.ciStyle ?? DEFAULT_CI_STYLE);
}

/**
 * `--from-workspace`: the project of workspaces that exist, and with --ci the one pipeline for exactly
 * the environments it adopts (ci-pipelines.ts), made before any request so a bad --ci reads nothing.
 */
async function adoptWorkspaces(ctx: CliContext, options: InitOptions): Promise<ExitCode> {
  const { fromWorkspace: _from, ci: _ci, ciStyle: _style, env, force, ...api } = options;
  const specs = parseEnvironmentSpecs(env ?? []);
  // Adopted workspaces bring no TransformationTest files: the CI runs `transync test` only where tests/ exists.
  const withTests = existsSync(join(ctx.cwd, "tests"));
  const ci =
    options.ci === undefined
      ? await requestedCiFiles(options)
      : await ciFilesFor(options.ci, options.ciStyle ?? DEFAULT_CI_STYLE, specs, withTests);
  return initFromWorkspace(ctx, { ...api, env: env ?? [], force: force ?? false, ciFiles: ci });
}
