import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { PlanAction } from "../plan/types.js";
import type { LiveApi } from "../live/live-api.js";
import type { ApiFlags } from "../live/api-client.js";
import type { Format } from "../report/formats.js";
import { ApiError, UsageError } from "../errors.js";
import { appliedRefName, readAppliedRef } from "../git/applied-ref.js";
import { openSource } from "../pipeline/desired-input.js";
import { buildPlan, SHOWN_PLAN } from "../pipeline/build-plan.js";
import { readAuditTrail } from "../live/audit-trail.js";
import {
  DRIFT_RENDERERS,
  DRIFT_REPORT_VERSION,
  type ChangedBy,
  type DriftBasis,
  type DriftedObject,
  type DriftReport,
} from "../report/drift.js";
import { namedDriftTargets, notifyDrift, openNotifier, type NotifyFlags } from "../notify/index.js";

export interface DriftOptions extends ApiFlags, NotifyFlags {
  env: string;
  dir?: string;
  repo?: string;
  /** Days of audit trail read for attribution, 1 to 90. */
  since: number;
  format: Format<"drift">;
  /** `--notify NAME`: the targets of transync.yaml's `notify:` told of the drift found. */
  notify: string[];
  /** `--notify-clean`: a clean check is told too, as a heartbeat. */
  notifyClean?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The audit trail's statuses that mean "this token may not read it": attribution is then left out, the exit code kept. */
const ATTRIBUTION_REFUSED = new Set([401, 403, 404]);

/**
 * `transync drift --env E`: reads only. Plans against the environment's applied commit
 * (refs/transync/applied/E; HEAD when none is recorded), so a merged change not yet applied is never
 * drift: what the plan would change is what moved out of band. Each drifted object with an id is
 * attributed to the newest event of Segment's audit trail in the last `--since` days. Exit 0 clean, 2 drift.
 */
export async function drift(ctx: CliContext, options: DriftOptions): Promise<ExitCode> {
  if (options.notifyClean && options.notify.length === 0)
    throw new UsageError("--notify-clean says what --notify NAME tells when there is no drift: pass --notify NAME with it.");
  const notifier = options.notify.length > 0 ? await openNotifier(ctx, options) : undefined;
  const basis = await driftBasis(ctx, options);
  const built = await buildPlan(ctx, { flags: { ...options, ref: basis.commit }, mode: SHOWN_PLAN });
  const targets = namedDriftTargets(built.desired.state.project.notify ?? [], options.notify, options.env);
  const drifted = built.plan.actions.map(driftedObject);
  const startTime = new Date(Date.now() - options.since * DAY_MS).toISOString();
  const attribution = await attribute(built.api, drifted, startTime);
  const report: DriftReport = {
    version: DRIFT_REPORT_VERSION,
    environment: options.env,
    workspaceId: built.plan.workspaceId,
    basis,
    sinceDays: options.since,
    drifted: attribution.drifted,
    ...(attribution.unavailable !== undefined ? { attributionUnavailable: attribution.unavailable } : {}),
  };
  if (attribution.unavailable !== undefined) ctx.logger.warn(`attribution unavailable (${attribution.unavailable})`);
  ctx.stdout.write(DRIFT_RENDERERS[options.format](report));
  if (notifier) await notifyDrift(notifier, targets, report, options.notifyClean === true);
  return drifted.length > 0 ? 2 : 0;
}

/** The commit compared with: the applied record of `--env`, else HEAD (said in the report). */
async function driftBasis(ctx: CliContext, options: DriftOptions): Promise<DriftBasis> {
  const { git } = await openSource(ctx, { repo: options.repo });
  if (!git)
    throw new UsageError(
      `transync drift compares live state with the applied commit (${appliedRefName(options.env)}) in git, and ${ctx.cwd} is not a git checkout; run it in the project's checkout or pass --repo.`,
    );
  const ref = appliedRefName(options.env);
  const recorded = await readAppliedRef(git.root, options.env);
  if (recorded !== undefined) return { commit: recorded, source: "applied", ref };
  ctx.logger.warn(`no applied commit is recorded for "${options.env}" (${ref}): comparing with HEAD instead`);
  return { commit: git.commit, source: "HEAD", ref };
}

function driftedObject(action: PlanAction): DriftedObject {
  return {
    kind: action.kind,
    name: action.name,
    ...(action.id !== undefined ? { id: action.id } : {}),
    fields: action.changes.map((c) => c.field),
  };
}

/**
 * Each object with an id gets its newest audit event in the window. A 401/403/404 (the token may not
 * read the audit trail) stops attribution for all and is returned as the reason; any other error stops the command.
 */
async function attribute(
  api: LiveApi,
  drifted: DriftedObject[],
  startTime: string,
): Promise<{ drifted: DriftedObject[]; unavailable?: string }> {
  const reader = api.listAuditEvents?.bind(api);
  if (reader === undefined) return { drifted, unavailable: "this API client cannot read the audit trail" };
  const attributed: DriftedObject[] = [];
  for (const object of drifted) {
    if (object.id === undefined) {
      attributed.push(object);
      continue;
    }
    try {
      const [newest] = await readAuditTrail({ listAuditEvents: reader }, { resourceId: object.id, startTime });
      attributed.push(newest === undefined ? object : { ...object, changedBy: changedBy(newest) });
    } catch (error) {
      if (error instanceof ApiError && ATTRIBUTION_REFUSED.has(error.status))
        return { drifted, unavailable: `GET /audit-events: ${error.status}` };
      throw error;
    }
  }
  return { drifted: attributed };
}

function changedBy(event: ChangedBy): ChangedBy {
  return {
    actor: event.actor,
    ...(event.actorEmail !== undefined ? { actorEmail: event.actorEmail } : {}),
    type: event.type,
    timestamp: event.timestamp,
  };
}
