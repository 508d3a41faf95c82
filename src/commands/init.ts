import { relative } from "node:path";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import { writeImportFiles } from "../import/write-import.js";
import { ciFiles, ciPipeline, DEFAULT_CI_STYLE, INIT_ENVIRONMENT, projectFiles, type CiProvider, type CiStyle } from "../init/templates.js";
import { escapeControls } from "../escape/text-escape.js";
import { UsageError } from "../errors.js";
import { transyncVersion } from "../version.js";

export interface InitOptions {
  /** Also write this provider's example workflows (examples/ci/). */
  ci?: CiProvider;
  /** Which one pipeline --ci writes: the scripted workflows or the Action-based one (GitHub only). */
  ciStyle?: CiStyle;
  /** Overwrite files that exist. */
  force?: boolean;
}

/**
 * `transync init`: writes a project that `validate` and `test` pass as it is (transync.yaml, one
 * example Transformation and its test, and with --ci the example workflows) in the working
 * directory. Refuses, before writing anything, when any of those files exists, naming every one
 * (exit 1), unless --force.
 */
export async function init(ctx: CliContext, options: InitOptions): Promise<ExitCode> {
  const style = options.ciStyle ?? DEFAULT_CI_STYLE;
  if (options.ci === undefined && options.ciStyle !== undefined)
    throw new UsageError("--ci-style chooses the pipeline of --ci; pass --ci too.");
  if (options.ci !== undefined) ciPipeline(options.ci, style); // a style the provider lacks stops before any write
  const files = [...projectFiles(ctx.cwd, transyncVersion()), ...(options.ci ? await ciFiles(options.ci, style) : [])];
  const written = await writeImportFiles(ctx.cwd, files, {
    force: options.force ?? false,
    command: "init",
    confineTo: { folder: ctx.cwd, named: "the working directory" },
  });
  ctx.stdout.write(`Wrote ${written.length} files:\n`);
  for (const file of written) ctx.stdout.write(`  ${escapeControls(relative(ctx.cwd, file))}\n`);
  ctx.stdout.write(
    `Next: set the source id in transync.yaml, then run \`transync validate\` and \`transync test\`; \`transync plan\` needs ${INIT_ENVIRONMENT.tokenEnv}.\n`,
  );
  return 0;
}
