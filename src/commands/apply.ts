import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline/promises";
import { resolve } from "node:path";
import type { CliContext, ExitCode } from "../cli/context.js";
import type { Plan } from "../plan/types.js";
import type { LiveApi } from "../live/live-api.js";
import { UsageError, ValidationError } from "../errors.js";
import { assertPlanSecrets, fingerprint, hasChanges } from "../plan/index.js";
import { parsePlanJson, renderText } from "../report/index.js";
import { readLiveState } from "../live/index.js";
import { checkGuards, checkPlanFresh, executePlan, formatApplySummary, createProgress, renderApplyResultJson, type ApplyResult } from "../apply/index.js";
import { recordAppliedRef } from "../git/applied-ref.js";
import { fsSource } from "../desired/fs-source.js";
import { loadProjectConfig } from "../desired/load-project.js";
import { transyncVersion } from "../version.js";
import { createApi, projectApiUrl } from "./support/api-client.js";
import { buildPlan, type PlanFlags } from "./support/build-plan.js";
import { openSource } from "./support/desired-input.js";
import type { GitSource } from "../git/git-source.js";

export interface ApplyOptions extends PlanFlags {
  planFile?: string;
  autoApprove?: boolean;
  concurrency: number;
  maxDeletes: number;
  format: "text" | "json";
  recordRef?: boolean;
}

interface Prepared {
  plan: Plan;
  api: LiveApi & { stats?: () => unknown; onWait?: (waitMs: number, reason: string) => void };
  git?: GitSource;
  desiredCount: number;
}

/** `transync apply [PLANFILE]`: carry a plan out. Exit 0 done, 1 any action failed, 130 interrupted. */
export async function apply(ctx: CliContext, options: ApplyOptions): Promise<ExitCode> {
  const prepared = options.planFile !== undefined ? await prepareFromFile(ctx, options, options.planFile) : await prepareFresh(ctx, options);
  const { plan, api } = prepared;
  if (!hasChanges(plan)) {
    ctx.stdout.write(options.format === "json" ? renderApplyResultJson(emptyResult(), { apiStats: api.stats?.() }) : "No changes. Nothing to apply.\n");
    await maybeRecordRef(ctx, options, prepared);
    return 0;
  }
  checkGuards(plan, { maxDeletes: options.maxDeletes, desiredCount: prepared.desiredCount });
  assertPlanSecrets(plan, ctx.env);
  const progress = createProgress({ stream: ctx.stderr, logger: ctx.logger, total: plan.actions.length });
  api.onWait = (waitMs, reason) => progress.onEvent({ type: "wait", waitMs, reason });
  const result = await executePlan(plan, api, { concurrency: options.concurrency, signal: ctx.signal, logger: ctx.logger, onEvent: progress.onEvent, env: ctx.env });
  progress.finish();
  ctx.stdout.write(options.format === "json" ? renderApplyResultJson(result, { apiStats: api.stats?.() }) : renderApplyText(plan, result));
  if (result.interrupted) return 130;
  if (result.summary.failed > 0) return 1;
  await maybeRecordRef(ctx, options, prepared);
  return 0;
}

async function prepareFresh(ctx: CliContext, options: ApplyOptions): Promise<Prepared> {
  const built = await buildPlan(ctx, options);
  const { plan } = built;
  if (hasChanges(plan) && options.format === "text") ctx.stdout.write(renderText(plan, { color: ctx.color }));
  if (hasChanges(plan) && !options.autoApprove) await confirm(ctx);
  return { plan, api: built.api, git: built.desired.git, desiredCount: built.desired.state.resources.length };
}

async function prepareFromFile(ctx: CliContext, options: ApplyOptions, file: string): Promise<Prepared> {
  let text: string;
  try {
    text = await readFile(resolve(ctx.cwd, file), "utf8");
  } catch (error) {
    throw new UsageError(`cannot read the plan file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  const plan = parsePlanJson(text, file);
  const { config } = await loadProjectConfig(fsSource(ctx.cwd), { env: plan.origin.env ?? options.env });
  const api = createApi(ctx, options, projectApiUrl(config, plan.origin.env ?? options.env));
  // Re-read exactly what the plan read (with details where it had them) and refuse a stale plan before any write.
  const detailed = new Set(plan.detailedIds ?? []);
  const live = await readLiveState(api, { needsDetails: (t) => detailed.has(t.id), signal: ctx.signal });
  checkPlanFresh(plan, live, { fingerprint, transyncVersion: transyncVersion() });
  const desiredCount = plan.summary.create + plan.summary.update + plan.summary.unchanged;
  // --record-ref needs the repository the plan was made from: the checkout apply runs in.
  const git = options.recordRef ? (await openSource(ctx, options)).git : undefined;
  return { plan, api, desiredCount, git };
}

/** Terraform's rule: only `yes` proceeds; no TTY means no one can say it. */
async function confirm(ctx: CliContext): Promise<void> {
  const stdin = ctx.stdin;
  if (!stdin || !stdin.isTTY) {
    throw new UsageError("apply needs confirmation and there is no terminal to ask: pass --auto-approve, or apply a saved plan (`plan --out plan.json`, then `apply plan.json --auto-approve`).");
  }
  const rl = createInterface({ input: stdin, output: { write: (s: string) => ctx.stdout.write(s) } as unknown as NodeJS.WritableStream });
  try {
    const answer = await rl.question("\nDo you want to perform these actions? Only 'yes' will be accepted: ", { signal: ctx.signal });
    if (answer.trim() !== "yes") throw new ValidationError("apply cancelled: nothing was changed.");
  } finally {
    rl.close();
  }
}

function renderApplyText(plan: Plan, result: ApplyResult): string {
  const lines = result.actions.map((outcome) => {
    const action = plan.actions[outcome.index];
    const what = `${outcome.outcome.padEnd(8)} ${action?.kind ?? ""} "${outcome.name}"${outcome.id ? ` (${outcome.id})` : ""}`;
    if (!outcome.error) return what;
    const e = outcome.error;
    return `${what}: ${e.status ?? ""} ${e.type ?? ""}${e.field ? ` ${e.field}` : ""}: ${e.message ?? ""}`.replace(/\s+/g, " ");
  });
  const interrupted = result.interrupted ? ["Interrupted: in-flight calls finished, the rest were not started. Run apply again to converge."] : [];
  return [...lines, ...interrupted, formatApplySummary(result.summary), ""].join("\n");
}

async function maybeRecordRef(ctx: CliContext, options: ApplyOptions, prepared: Prepared): Promise<void> {
  if (!options.recordRef) return;
  const git = prepared.git;
  const commit = prepared.plan.origin.commit;
  if (!git || !commit) throw new UsageError("--record-ref needs the desired state from a git repository.");
  const env = prepared.plan.origin.env ?? options.env ?? "default";
  await recordAppliedRef(git.root, env, commit, { push: git.remote !== undefined });
  ctx.logger.info({ env, commit }, "recorded the applied commit");
}

function emptyResult(): ApplyResult {
  return { actions: [], summary: { created: 0, updated: 0, deleted: 0, failed: 0, skipped: 0 }, interrupted: false, durationMs: 0 };
}
