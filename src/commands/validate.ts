import type { CliContext, ExitCode } from "../pipeline/context.js";
import { loadDesired } from "../desired/load-desired.js";
import { loadProjectConfig, locateProjectFile } from "../desired/load-project.js";
import { openDesiredSource, type SourceFlags } from "../pipeline/desired-input.js";
import { compareDiagnostics } from "../desired/format-diagnostics.js";
import { summarize, VALIDATE_RENDERERS } from "../report/diagnostics.js";
import { defaultFormat, type Format } from "../report/formats.js";
import { checkTestFiles } from "../simulate/test-cases/test-files.js";
import { crossTransformationWarnings } from "../desired/cross-checks.js";
import { moveToFields } from "../desired/field-positions.js";
import { repositoryPaths } from "../desired/repository-path.js";
import { applyLint, strictDiagnostics } from "../desired/lint.js";
import type { Diagnostic, FileSource } from "../desired/types.js";

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
  const runs = await loadEachEnvironment(source, folders.dir, options.env);
  const { state, documents, lint } = runs[0]!;
  const loaded = uniqueDiagnostics(runs.flatMap((run) => run.diagnostics));
  // The test files of `transync test` too (schema, unknown keys, sources and destinations).
  loaded.push(...(await checkTestFiles(source, state, loaded, { ...options, ...folders })));
  // Each document's lint.ignore, over every warning (the cross-document ones included), then the ignores that silenced none.
  const linted = applyLint(loaded, lint);
  const all = [...linted.diagnostics, ...linted.unused].sort(compareDiagnostics);
  const diagnostics = options.strict ? strictDiagnostics(all) : all;
  // Every document counts, valid or not: another kind's apart from the Transformations.
  const otherKinds = runs[0]!.otherKindDocuments ?? {};
  const others = Object.values(otherKinds).reduce((sum, n) => sum + n, 0);
  const summary = summarize(diagnostics, documents - others, state.files.length, otherKinds);
  const pathOf = repositoryPaths(ctx.cwd, git?.root ?? ctx.cwd);
  ctx.stdout.write(VALIDATE_RENDERERS[options.format ?? defaultFormat("validate")](diagnostics, summary, pathOf));
  return summary.errors > 0 ? 1 : 0;
}

type LoadedRun = Awaited<ReturnType<typeof loadDesired>>;

/**
 * `--env E`: E's documents. Without it, every environment's (issue 34): each document as each
 * environment reads it (its pins, source aliases, overrides, only/except), the default environment's
 * first (test files are checked against it), so a difference that breaks one environment only is
 * found before that environment's plan. A project without environments is read once.
 */
async function loadEachEnvironment(source: FileSource, dir: string | undefined, env: string | undefined): Promise<LoadedRun[]> {
  const { first, others } = env === undefined ? await environmentOrder(source, dir) : { first: env, others: [] };
  const runs = await Promise.all([
    loadDesired(source, { dir, env: first, everyEnvironment: env === undefined }),
    ...others.map((name) => loadDesired(source, { dir, env: name })),
  ]);
  for (const run of runs) run.diagnostics.push(...(await moveToFields(crossTransformationWarnings(run.state.resources), source)));
  return runs;
}

/**
 * The environments to read without --env, from transync.yaml alone (the documents are read once per
 * environment, never once more): the default's read first (`first` undefined: the project's own
 * choice), else the first environment's, since a read without one would only say "pass --env".
 */
async function environmentOrder(source: FileSource, dir: string | undefined): Promise<{ first?: string; others: string[] }> {
  const { config } = await loadProjectConfig(source, { file: await locateProjectFile(source, dir) });
  const names = Object.keys(config.environments);
  if (config.defaultEnvironment !== undefined) return { others: names.filter((name) => name !== config.defaultEnvironment) };
  return { first: names[0], others: names.slice(1) };
}

/** One finding however many environments found it. */
function uniqueDiagnostics(all: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Map<string, Diagnostic>();
  for (const d of all) seen.set([d.file, d.line, d.col, d.severity, d.rule, d.path, d.message].join("\u0000"), d);
  return [...seen.values()];
}
