import type { CliContext } from "../../cli/context.js";
import type { LiveApi } from "../../live/live-api.js";
import type { LiveState } from "../../live/live-state.js";
import type { Transformation } from "../../model/transformation.js";
import type { Plan, PlanWarning, RefreshMode } from "../../plan/types.js";
import { ConflictError, UsageError, ValidationError } from "../../errors.js";
import { computePlan, missingSecrets, needsDetails, PlanError, updatesNotReadInFull, type ComputePlanOptions } from "../../plan/index.js";
import type { DesiredResource } from "../../desired/types.js";
import { diagnosticWhere } from "../../desired/format-diagnostics.js";
import { readLiveState } from "../../live/index.js";
import { readDetails } from "../../live/read-details.js";
import { transyncVersion } from "../../version.js";
import { emptyFolderRefusal } from "../../apply/guards.js";
import { projectFileApiUrl } from "../../git/safe-settings.js";
import { createApi, type ApiFlags } from "./api-client.js";
import { readDesired, type DesiredInput, type SourceFlags } from "./desired-input.js";
import { readPullRequestContext, type PullRequestContext } from "./pull-request.js";
import { readWriteOnlyBasis } from "./write-only-basis.js";

export interface PlanFlags extends SourceFlags, ApiFlags {
  /** true = `--prune` (all), a mode, false = `--no-prune`, undefined = the project's policy. */
  prune?: boolean | "all" | "removed";
  base?: string;
  resendWriteOnly?: boolean;
  /** `list` (default): gets only where needed; `full`: a get of every object in scope. */
  refresh?: RefreshMode;
}

export interface BuiltPlan {
  plan: Plan;
  desired: DesiredInput;
  live: LiveState;
  api: LiveApi & { stats?: () => unknown };
  pr?: PullRequestContext;
}

/**
 * validate -> (PR context and write-only record from git) -> read live state -> computePlan ->
 * `get` of the objects about to be updated that the list read only -> computePlan again, so every
 * update is planned against full state. The one pipeline plan, apply and reconcile share.
 */
export async function buildPlan(ctx: CliContext, flags: PlanFlags): Promise<BuiltPlan> {
  const phase = phaseTimer(ctx);
  phase("started (since the process began)", {});
  const desired = await readDesired(ctx, flags);
  checkSecretsSet(desired.state.resources, ctx.env);
  phase("read desired state", { documents: desired.state.resources.length });
  const prune = resolvePrune(flags.prune, desired.state.project.prune, flags.base);
  const pr = flags.base !== undefined ? await readPullRequestContext(ctx, desired, flags) : undefined;
  const written = await readWriteOnlyBasis(ctx, desired, flags, pr);
  // A pull request must not choose where the token goes: with --base, the API URL comes from the base's project file.
  const apiUrl = pr ? pr.trustedApiUrl : projectFileApiUrl(desired.state.project, desired.origin.env);
  const api = createApi(ctx, flags, apiUrl);
  const refresh = flags.refresh ?? "list";
  const wanted = detailsWanted(desired.state.resources, refresh, desired.state.project.scopeSources);
  let live = await readLiveState(api, { needsDetails: wanted, signal: ctx.signal, logger: ctx.logger });
  phase("read live state", { transformations: live.transformations.length, apiCalls: live.apiCalls });
  const options: ComputePlanOptions = {
    prune,
    resendWriteOnly: flags.resendWriteOnly ?? false,
    scopeSources: desired.state.project.scopeSources,
    removed: pr?.removed,
    writeOnlyBasis: written.basis,
    refresh,
    warnings: [...desired.warnings.map(diagnosticWhere), ...(pr?.warnings ?? []), ...written.warnings],
    pullRequest: pr?.changes,
    transyncVersion: transyncVersion(),
    origin: { ...desired.origin, ...(flags.base !== undefined ? { base: pr?.baseCommit ?? flags.base } : {}) },
  };
  const detailed = live.transformations.filter(wanted).map((t) => t.id);
  let plan = planOrConflict(desired.state.resources, live, { ...options, detailedIds: detailed });
  const partial = updatesNotReadInFull(plan);
  if (partial.length > 0) {
    live = await readDetails(api, live, partial, { signal: ctx.signal });
    plan = planOrConflict(desired.state.resources, live, { ...options, detailedIds: [...detailed, ...partial] });
  }
  // Said in the plan, not only when apply refuses: an empty folder never deletes.
  const refusal = emptyFolderRefusal(plan, desired.state.resources.length);
  if (refusal !== undefined) plan = planOrConflict(desired.state.resources, live, { ...options, detailedIds: plan.detailedIds, warnings: [...(options.warnings ?? []), { message: refusal }] });
  phase("computed plan", { actions: plan.actions.length, gets: partial.length });
  return { plan, desired, live, api, pr };
}

/** Which objects are read with `get`: those whose document sets FQL properties; with `full`, every object in scope too. */
function detailsWanted(resources: DesiredResource[], refresh: RefreshMode, scope: readonly string[] | undefined): (t: Transformation) => boolean {
  const needed = needsDetails(resources);
  if (refresh === "list") return needed;
  return (t) => needed(t) || scope === undefined || scope.includes(t.sourceId);
}

/** A hash key from an unset environment variable stops the plan before any request, naming the document. */
function checkSecretsSet(resources: DesiredResource[], env: NodeJS.ProcessEnv): void {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const missing = missingSecrets(resources.map((r) => ({ name: r.name, body: r.spec })), env);
  if (missing.length === 0) return;
  const issues: PlanWarning[] = missing.map((m) => {
    const at = byName.get(m.name)?.location;
    return { where: at ? `${at.file}:${at.line}:${at.col}` : undefined, message: `hashPropertiesConfiguration.key: environment variable ${m.variable} is not set ("${m.name}" reads its hash key from it).` };
  });
  throw new ValidationError(`${missing.length} hash key${missing.length === 1 ? "" : "s"} come from unset environment variables; set them, or write the key in the document.`, issues);
}

/** Logs how long each stage took (debug level): where a slow plan spends its time. */
function phaseTimer(ctx: CliContext): (stage: string, fields: Record<string, unknown>) => void {
  let last = 0; // performance.now() counts from the start of the process
  return (stage, fields) => {
    const now = performance.now();
    ctx.logger.debug({ ...fields, ms: Math.round(now - last) }, stage);
    last = now;
  };
}

/** Flag over project policy; `removed` needs a base to know what was removed. */
export function resolvePrune(flag: PlanFlags["prune"], policy: boolean | "all" | "removed", base: string | undefined): false | "all" | "removed" {
  const chosen = flag === undefined ? policy : flag;
  const mode = chosen === true ? "all" : chosen;
  if (mode === "removed" && base === undefined) {
    if (flag === undefined) return false; // project policy `removed` outside a PR plan: nothing is known to be removed
    throw new UsageError("--prune=removed needs --base REF (the commit to compare with), e.g. --base origin/main or --base applied.");
  }
  return mode;
}

/** The planner is pure and knows no CLI errors; a matching problem (duplicate names, a pin that is gone) is a conflict. */
function planOrConflict(desired: DesiredResource[], live: LiveState, options: ComputePlanOptions): Plan {
  try {
    return computePlan(desired, live, options);
  } catch (error) {
    if (error instanceof PlanError) throw new ConflictError(error.message);
    throw error;
  }
}
