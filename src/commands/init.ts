import { relative } from "node:path";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import { writeImportFiles } from "../import/write-import.js";
import { ciFiles, projectFiles, type CiProvider } from "../init/templates.js";
import { escapeControls } from "../escape/text-escape.js";
import { transyncVersion } from "../version.js";

export interface InitOptions {
  /** Also write this provider's example workflows (examples/ci/). */
  ci?: CiProvider;
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
  const files = [...projectFiles(ctx.cwd, transyncVersion()), ...(options.ci ? await ciFiles(options.ci) : [])];
  const written = await writeImportFiles(ctx.cwd, files, {
    force: options.force ?? false,
    command: "init",
    confineTo: { folder: ctx.cwd, named: "the working directory" },
  });
  ctx.stdout.write(`Wrote ${written.length} files:\n`);
  for (const file of written) ctx.stdout.write(`  ${escapeControls(relative(ctx.cwd, file))}\n`);
  ctx.stdout.write(
    "Next: set the source id in transync.yaml, then run `transync validate` and `transync test`; `transync plan` needs SEGMENT_API_TOKEN.\n",
  );
  return 0;
}
