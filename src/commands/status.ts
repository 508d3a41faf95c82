import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { FileSource, ProjectConfig } from "../desired/types.js";
import type { DesiredResource } from "../model/desired-resource.js";
import { UsageError, ValidationError } from "../errors.js";
import { loadDesired } from "../desired/load-desired.js";
import { loadProjectConfig, locateProjectFile } from "../desired/load-project.js";
import { diagnosticWhere } from "../desired/format-diagnostics.js";
import { documentsThatDiffer } from "../desired/environment-order.js";
import { appliedRefName, FETCH_RECORDS, readAppliedRecord, recordedEnvironments } from "../git/applied-ref.js";
import { openGitSource, type GitSource } from "../git/git-source.js";
import { openSource, type SourceFlags } from "../pipeline/desired-input.js";
import { STATUS_RENDERERS, type EnvironmentStatus, type OrderLag } from "../report/status.js";
import type { Format } from "../report/formats.js";

export interface StatusOptions extends SourceFlags {
  format: Format<"status">;
}

/**
 * `transync status`: per environment of transync.yaml, its workspace and its applied record
 * (`refs/transync/applied/<env>`: commit, subject, when), and for each `after:` pair how many
 * documents the later environment lags (docs/environments.md, "Staging first"). Reads only git: no
 * token, no API call. `--env E`: only E (and its own lag). A checkout without any record says each
 * environment's state is unknown, with the fetch to run, not "never applied".
 */
export async function status(ctx: CliContext, options: StatusOptions): Promise<ExitCode> {
  const { source, git } = await openSource(ctx, options);
  if (!git)
    throw new UsageError(
      `transync status reads the applied records (refs/transync/applied/*) from git, and ${ctx.cwd} is not a git checkout; run it in the project's checkout or pass --repo.`,
    );
  const config = await projectConfig(source, options);
  const names = Object.keys(config.environments).filter((name) => options.env === undefined || name === options.env);
  const environments = await Promise.all(names.map((name) => environmentStatus(git, name, config)));
  const lags: OrderLag[] = [];
  for (const e of environments) if (e.after !== undefined) lags.push(await lagOf(ctx, git, e, options.dir));
  // No record at all: the records were not fetched (or never written); "never applied" would be a guess.
  const inCheckout = (await recordedEnvironments(git.root)).length > 0;
  const records = inCheckout ? { inCheckout } : { inCheckout, fetch: FETCH_RECORDS };
  ctx.stdout.write(STATUS_RENDERERS[options.format]({ environments, lags, records }));
  return 0;
}

/** The project file of the source, checked: its environments and their order are what status reports. */
async function projectConfig(source: FileSource, options: StatusOptions): Promise<ProjectConfig> {
  const file = await locateProjectFile(source, options.dir);
  const project = await loadProjectConfig(source, { env: options.env, file });
  const errors = project.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0)
    throw new ValidationError(
      `${file} has ${errors.length} error${errors.length === 1 ? "" : "s"} (${source.description}).`,
      errors.map(diagnosticWhere),
    );
  return project.config;
}

async function environmentStatus(git: GitSource, name: string, config: ProjectConfig): Promise<EnvironmentStatus> {
  const settings = config.environments[name];
  const applied = await readAppliedRecord(git.root, name);
  return {
    name,
    ref: appliedRefName(name),
    ...(settings?.workspace !== undefined ? { workspace: settings.workspace } : {}),
    ...(applied ? { applied } : {}),
    ...(settings?.after !== undefined ? { after: settings.after } : {}),
  };
}

/**
 * The lag of `e` behind its `after` (P): the documents whose P-effective content at P's applied
 * commit differs from the P-effective content at e's applied commit (none applied: nothing), that
 * is what P has taken and e has not.
 */
async function lagOf(ctx: CliContext, git: GitSource, e: EnvironmentStatus, dir: string | undefined): Promise<OrderLag> {
  const after = e.after!;
  const afterRecord = await readAppliedRecord(git.root, after);
  if (afterRecord === undefined) return { environment: e.name, after };
  const [taken, here] = await Promise.all([
    effectiveAt(ctx, git, afterRecord.commit, after, dir),
    e.applied ? effectiveAt(ctx, git, e.applied.commit, after, dir) : Promise.resolve([]),
  ]);
  return { environment: e.name, after, documents: documentsThatDiffer(taken, here) };
}

/** The documents of `commit` as read for `env` (its effective documents; those with errors left out). */
async function effectiveAt(
  ctx: CliContext,
  git: GitSource,
  commit: string,
  env: string,
  dir: string | undefined,
): Promise<DesiredResource[]> {
  const source = await openGitSource({ repo: git.root, ref: commit, logger: ctx.logger, cwd: ctx.cwd, env: ctx.env });
  return (await loadDesired(source, { env, dir })).state.resources;
}
