import type { CliContext, ExitCode } from "../pipeline/context.js";
import { UsageError, ValidationError } from "../errors.js";
import { diagnosticWhere, formatDiagnosticLine } from "../desired/format-diagnostics.js";
import { resolveSecretsWhereSet, resolveWithTestKey } from "../plan/secrets.js";
import { testKeyedHashes } from "../simulate/test-cases/hash-expectations.js";
import { testKeyNote } from "../report/test-results.js";
import { SimulationBudget } from "../simulate/budget.js";
import { createFqlEngine } from "../simulate/fql-engine.js";
import { TEST_RENDERERS } from "../report/test-report.js";
import { defaultFormat, formatFacts, type Format } from "../report/formats.js";
import { runCases, totalsOf } from "../simulate/test-cases/run-cases.js";
import { simulatedInstances } from "../simulate/test-cases/instances.js";
import { readDesired, type DesiredInput, type SourceFlags } from "../pipeline/desired-input.js";
import {
  caseTargetFindings,
  loadTestFiles,
  locateTests,
  testFileContext,
  type LoadedTests,
  type TestFolder,
} from "../simulate/test-cases/test-files.js";
import { repositoryPaths } from "../desired/repository-path.js";
import { renderDiagnosticAnnotations } from "../report/annotations.js";
import { prepareSecondOpinion, type SecondOpinionFlags } from "../pipeline/segment-second-opinion.js";
import type { LocatedTransformation } from "../pipeline/check-with-segment.js";
import { withChecks } from "../report/segment-checks.js";

export interface TestOptions extends SourceFlags, SecondOpinionFlags {
  tests?: string;
  format?: Format<"test">;
  /** Ask Segment's engine too (docs/impact.md); the only way `test` sends a request. */
  checkWithSegment?: boolean;
}

/**
 * `transync test`: runs the cases of the test files (TransformationTest documents) through the
 * simulator, offline (docs/simulator.md). Exit 0 when no case fails (a case skipped for want of a hash
 * key fails nothing), 1 when one fails, and 1 with every finding (file:line) before any case runs when
 * a test file or the desired state is invalid.
 */
export async function runTests(ctx: CliContext, options: TestOptions): Promise<ExitCode> {
  if (options.maxChecks !== undefined && !options.checkWithSegment)
    throw new UsageError("--max-checks bounds the requests of --check-with-segment; give both, or neither.");
  const desired = await readDesired(ctx, options);
  const format = options.format ?? defaultFormat("test");
  const pathOf = repositoryPaths(ctx.cwd, desired.git?.root ?? ctx.cwd);
  // Made before any case runs: a missing token stops the run at once. Without the flag, no client exists.
  const askSegment = options.checkWithSegment ? prepareSecondOpinion(ctx, desired, options) : undefined;
  const { loaded, folder } = await readTests(desired, options);
  // With --format github the test files' findings are annotations too (on stdout, where the runner reads them).
  if (formatFacts("test", format).annotations) ctx.stdout.write(renderDiagnosticAnnotations(loaded.diagnostics, pathOf));
  else for (const d of loaded.diagnostics) if (d.severity === "warning") ctx.stderr.write(`${formatDiagnosticLine(d)}\n`);
  checkLoaded(loaded, folder, desired.source.description);
  // Segment's engine is asked only about `if`s (no hash is computed or sent): the test key plays no part there.
  const located: LocatedTransformation[] = desired.state.resources.map((r) => ({
    transformation: resolveSecretsWhereSet(r.spec, ctx.env, r.name),
    at: r.location,
  }));
  // The simulator hashes with the key's value, read here where the environment is; an unset one is the
  // public test key (docs/simulator.md, "Tests without secrets"), said once on stderr.
  const simulated = desired.state.resources.map((r) => ({ name: r.name, ...resolveWithTestKey(r.spec, ctx.env, r.name) }));
  const transformations = simulated.map((s) => s.body);
  const testKeyFor = new Map(simulated.flatMap((s) => (s.testKeyFor === undefined ? [] : [[s.name, s.testKeyFor] as const])));
  if (testKeyFor.size > 0) ctx.stderr.write(testKeyNote(testKeyFor));
  // One budget for the whole run (docs/simulator.md, "The work budget"): test files come from pull requests.
  const engine = createFqlEngine(new SimulationBudget());
  const env = options.env ?? desired.state.project.defaultEnvironment;
  const pipeline = { instances: simulatedInstances(desired.state, env), actionOrder: desired.state.project.filters?.actionOrder };
  const results = runCases(transformations, loaded.cases, { engine, testKeyed: testKeyedHashes(transformations, testKeyFor), ...pipeline });
  const totals = totalsOf(results);
  const rendered = TEST_RENDERERS[format](results, totals, pathOf);
  const checks = askSegment ? await askSegment(located, loaded.cases, engine, pipeline) : undefined;
  if (checks === undefined) ctx.stdout.write(rendered);
  else {
    const out = withChecks(format, rendered, checks, pathOf);
    ctx.stdout.write(out.stdout);
    if (out.stderr !== "") ctx.stderr.write(out.stderr);
  }
  return totals.failed === 0 && (checks?.disagreements.length ?? 0) === 0 ? 0 : 1;
}

/** The test folder, its cases and the findings of its files. */
async function readTests(desired: DesiredInput, options: TestOptions): Promise<{ loaded: LoadedTests; folder: TestFolder }> {
  const { state, source } = desired;
  const folder = await locateTests(source, state.project, { ...options, ...desired.folders });
  const env = options.env ?? state.project.defaultEnvironment;
  const loaded = await loadTestFiles(source, folder, state.project, testFileContext(state, env, false));
  loaded.diagnostics.push(...caseTargetFindings(state, env, loaded.cases));
  return { loaded, folder };
}

/** A ValidationError listing every error of the test files (no case runs then), or a UsageError when there are none. */
function checkLoaded(loaded: LoadedTests, folder: TestFolder, description: string): void {
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    const count = `${errors.length} error${errors.length === 1 ? "" : "s"}`;
    throw new ValidationError(
      `the test files have ${count} (${folder.dir}/, ${folder.from}); no case was run.`,
      errors.map(diagnosticWhere),
    );
  }
  if (loaded.files.length === 0) {
    throw new UsageError(
      `no test files found: looked for *.yaml and *.yml under "${folder.dir}" (${folder.from}) in ${description}; add TransformationTest files there, pass --tests DIR, or set tests: in transync.yaml.`,
    );
  }
}
