import type { CliContext, ExitCode } from "../pipeline/context.js";
import { loadDesired } from "../desired/load-desired.js";
import { openDesiredSource, type SourceFlags } from "../pipeline/desired-input.js";
import { compareDiagnostics } from "../desired/format-diagnostics.js";
import { summarize, VALIDATE_RENDERERS } from "../report/diagnostics.js";
import { defaultFormat, type Format } from "../report/formats.js";
import { checkTestFiles } from "../simulate/test-cases/test-files.js";
import { crossTransformationWarnings } from "../desired/cross-checks.js";
import { moveToFields } from "../desired/field-positions.js";
import { repositoryPaths } from "../desired/repository-path.js";
import { applyLint, strictDiagnostics } from "../desired/lint.js";

export interface ValidateOptions extends SourceFlags {
  format?: Format<"validate">;
  /** The folder of the test files (as `transync test --tests`). */
  tests?: string;
  /** Every warning not silenced by its document's `lint.ignore` is an error (exit 1): for CI. */
  strict?: boolean;
}

/**
 * `transync validate`: reads transync.yaml and every document under the folder (relative to the
 * working directory, or of a git commit with --repo/--ref), prints every error and warning and a
 * summary. Exit 0 when valid, 1 on errors (with --strict, on warnings not silenced too). No network call.
 */
export async function validate(ctx: CliContext, options: ValidateOptions): Promise<ExitCode> {
  const { source, folders, git } = await openDesiredSource(ctx, options, true);
  const {
    state,
    diagnostics: loaded,
    documents,
    lint,
  } = await loadDesired(source, {
    dir: folders.dir,
    env: options.env,
    // Without --env, every environment's effective document (overrides, only, except) is checked.
    everyEnvironment: options.env === undefined,
  });
  loaded.push(...(await moveToFields(crossTransformationWarnings(state.resources), source)));
  // The test files of `transync test` too (schema, unknown keys, sources and destinations).
  loaded.push(...(await checkTestFiles(source, state, loaded, { ...options, ...folders })));
  // Each document's lint.ignore, over every warning (the cross-document ones included), then the ignores that silenced none.
  const linted = applyLint(loaded, lint);
  const all = [...linted.diagnostics, ...linted.unused].sort(compareDiagnostics);
  const diagnostics = options.strict ? strictDiagnostics(all) : all;
  const summary = summarize(diagnostics, documents, state.files.length);
  const pathOf = repositoryPaths(ctx.cwd, git?.root ?? ctx.cwd);
  ctx.stdout.write(VALIDATE_RENDERERS[options.format ?? defaultFormat("validate")](diagnostics, summary, pathOf));
  return summary.errors > 0 ? 1 : 0;
}
