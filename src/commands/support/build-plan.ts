import type { CliContext } from "../../cli/context.js";
import type { LiveApi } from "../../live/live-api.js";
import type { LiveState } from "../../live/live-state.js";
import type { Plan, PlanWarning } from "../../plan/types.js";
import { ConflictError, UsageError } from "../../errors.js";
import { computePlan, needsDetails, planDigest, PlanError, type ComputePlanOptions } from "../../plan/index.js";
import type { DesiredResource } from "../../desired/types.js";
import { diagnosticWhere } from "../../desired/format-diagnostics.js";
import { readLiveState } from "../../live/index.js";
import { transyncVersion } from "../../version.js";
import { createApi, projectApiUrl, type ApiFlags } from "./api-client.js";
import { readDesired, type DesiredInput, type SourceFlags } from "./desired-input.js";
import { readPullRequestContext, type PullRequestContext } from "./pull-request.js";

export interface PlanFlags extends SourceFlags, ApiFlags {
  /** true = `--prune` (all), a mode, false = `--no-prune`, undefined = the project's policy. */
  prune?: boolean | "all" | "removed";
  base?: string;
  resendWriteOnly?: boolean;
}

export interface BuiltPlan {
  plan: Plan;
  desired: DesiredInput;
  live: LiveState;
  api: LiveApi & { stats?: () => unknown };
  pr?: PullRequestContext;
}

/** validate -> (PR context from git) -> read live state -> computePlan. The one pipeline plan, apply and reconcile share. */
export async function buildPlan(ctx: CliContext, flags: PlanFlags): Promise<BuiltPlan> {
  const phase = phaseTimer(ctx);
  phase("started (since the process began)", {});
  const desired = await readDesired(ctx, flags);
  phase("read desired state", { documents: desired.state.resources.length });
  const prune = resolvePrune(flags.prune, desired.state.project.prune, flags.base);
  const pr = flags.base !== undefined ? await readPullRequestContext(ctx, desired, flags) : undefined;
  // A pull request must not choose where the token goes: with --base, the API URL comes from the base's project file.
  const apiUrl = pr ? pr.trustedApiUrl : projectApiUrl(desired.state.project, desired.origin.env);
  const api = createApi(ctx, flags, apiUrl);
  const needed = needsDetails(desired.state.resources);
  const live = await readLiveState(api, { needsDetails: needed, signal: ctx.signal });
  phase("read live state", { transformations: live.transformations.length, apiCalls: live.apiCalls });
  const plan = planOrConflict(desired.state.resources, live, {
    prune,
    resendWriteOnly: flags.resendWriteOnly ?? false,
    scopeSources: desired.state.project.scopeSources,
    removed: pr?.removed,
    writeOnlyChanged: pr?.writeOnlyChanged,
    transyncVersion: transyncVersion(),
    origin: { ...desired.origin, ...(flags.base !== undefined ? { base: pr?.baseCommit ?? flags.base } : {}) },
  });
  plan.apiCalls = live.apiCalls;
  plan.detailedIds = live.transformations.filter(needed).map((t) => t.id);
  plan.warnings.unshift(...desiredWarnings(desired), ...(pr?.warnings ?? []));
  if (pr) plan.pullRequest = pr.changes(plan);
  plan.digest = planDigest(plan);
  phase("computed plan", { actions: plan.actions.length });
  return { plan, desired, live, api, pr };
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

function desiredWarnings(desired: DesiredInput): PlanWarning[] {
  return desired.warnings.map(diagnosticWhere);
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
