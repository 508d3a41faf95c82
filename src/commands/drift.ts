import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { Plan, PlanAction } from "../plan/types.js";
import type { ApiFlags } from "../live/api-client.js";
import type { Format } from "../report/formats.js";
import type { DesiredResource } from "../model/desired-resource.js";
import type { FileSource } from "../desired/types.js";
import type { Acknowledgement } from "../desired/acknowledgements.js";
import type { NotifyTarget } from "../model/notify-target.js";
import { UsageError, ValidationError } from "../errors.js";
import { appliedRefName, readAppliedRef } from "../git/applied-ref.js";
import { openSource } from "../pipeline/desired-input.js";
import { buildPlan, SHOWN_PLAN } from "../pipeline/build-plan.js";
import { hasUnmanagedDrift } from "../plan/index.js";
import { FIELD_NAMES } from "../model/fields.js";
import { loadProjectConfig, locateProjectFile, selfActorsOf } from "../desired/load-project.js";
import { diagnosticWhere } from "../desired/format-diagnostics.js";
import { attributeDrift } from "../pipeline/drift-attribution.js";
import { applyAcknowledgements } from "../pipeline/drift-acknowledgements.js";
import { escapeControls } from "../escape/text-escape.js";
import { DRIFT_RENDERERS, DRIFT_REPORT_VERSION, type DriftBasis, type DriftedObject, type DriftReport } from "../report/drift.js";
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

/**
 * What the checkout's transync.yaml says of drift: read there, not at the applied commit, since an acknowledgement
 * is merged, never applied; and the targets `--notify` names, so the operator's request is checked against the
 * file they see, before any API call.
 */
interface DriftSettings {
  selfActors: readonly string[];
  acknowledgements: Acknowledgement[];
  notifyTargets: NotifyTarget[];
}

/**
 * `transync drift --env E`: reads only. Plans against the environment's applied commit
 * (refs/transync/applied/E; HEAD when none is recorded), so a merged change not yet applied is never
 * drift: what the plan would change is what moved out of band, and an object made in the app inside a
 * declared scope (as `plan --detailed-exitcode` counts it). Each drifted object with an id (or a pin,
 * when it was deleted live) is attributed to the newest audit event in the last `--since` days not
 * made by a self actor. Acknowledged differences of the checkout's transync.yaml do not count, and `--notify`
 * names that file's targets. Exit 0 clean, 2 drift.
 */
export async function drift(ctx: CliContext, options: DriftOptions): Promise<ExitCode> {
  if (options.notifyClean && options.notify.length === 0)
    throw new UsageError("--notify-clean says what --notify NAME tells when there is no drift: pass --notify NAME with it.");
  const { basis, settings } = await driftBasis(ctx, options);
  const notifier = options.notify.length > 0 ? await openNotifier(ctx, options) : undefined;
  const built = await buildPlan(ctx, { flags: { ...options, ref: basis.commit }, mode: { ...SHOWN_PLAN, gonePins: "leave out" } });
  const found = [...(built.gonePins ?? []).map(deletedLive), ...built.plan.actions.map(driftedObject), ...unmanagedInScope(built.plan)];
  const startTime = new Date(Date.now() - options.since * DAY_MS).toISOString();
  const attribution = await attributeDrift(built.api, found, { startTime, selfActors: settings.selfActors });
  const split = applyAcknowledgements(attribution.drifted, settings.acknowledgements, options.env, Date.now());
  const report: DriftReport = {
    version: DRIFT_REPORT_VERSION,
    environment: options.env,
    workspaceId: built.plan.workspaceId,
    basis,
    sinceDays: options.since,
    drifted: split.counted,
    ...(split.acknowledged.length > 0 ? { acknowledged: split.acknowledged } : {}),
    ...(split.stale.length > 0 ? { staleAcknowledgements: split.stale } : {}),
    ...(attribution.unavailable !== undefined ? { attributionUnavailable: attribution.unavailable } : {}),
    ...(settings.selfActors.length > 0 ? { selfActors: settings.selfActors } : {}),
  };
  warn(ctx, report, split);
  ctx.stdout.write(DRIFT_RENDERERS[options.format](report));
  if (notifier) await notifyDrift(notifier, settings.notifyTargets, report, options.notifyClean === true);
  return split.counted.length > 0 ? 2 : 0;
}

/** Said on stderr besides the report: what stops counting soon is no surprise. Names are escaped (they come from files). */
function warn(ctx: CliContext, report: DriftReport, split: ReturnType<typeof applyAcknowledgements>): void {
  if (report.attributionUnavailable !== undefined) ctx.logger.warn(`attribution unavailable (${report.attributionUnavailable})`);
  for (const { object, acknowledgement: a } of split.expired)
    ctx.logger.warn(
      escapeControls(
        `acknowledgement of ${JSON.stringify(object.name)} ${a.fields.join(", ")} (${a.where}, owner ${a.owner}) expired after ${a.until}: it counts as drift again`,
      ),
    );
  for (const stale of split.stale)
    ctx.logger.warn(
      escapeControls(
        `stale acknowledgement (${stale.where}): ${JSON.stringify(stale.name)} ${stale.fields.join(", ")} matches no drift of ${report.environment}; remove it`,
      ),
    );
}

/** The commit compared with: the applied record of `--env`, else HEAD (said in the report); and the checkout's drift settings. */
async function driftBasis(ctx: CliContext, options: DriftOptions): Promise<{ basis: DriftBasis; settings: DriftSettings }> {
  const { git, source } = await openSource(ctx, { repo: options.repo });
  if (!git)
    throw new UsageError(
      `transync drift compares live state with the applied commit (${appliedRefName(options.env)}) in git, and ${ctx.cwd} is not a git checkout; run it in the project's checkout or pass --repo.`,
    );
  const settings = await driftSettings(source, options);
  const ref = appliedRefName(options.env);
  const recorded = await readAppliedRef(git.root, options.env);
  if (recorded !== undefined) return { basis: { commit: recorded, source: "applied", ref }, settings };
  ctx.logger.warn(`no applied commit is recorded for "${options.env}" (${ref}): comparing with HEAD instead`);
  return { basis: { commit: git.commit, source: "HEAD", ref }, settings };
}

/**
 * `environments.<env>.selfActors`, `drift.acknowledge` and the `notify:` targets `--notify` names, of the checkout's
 * project file; an error in it, or a name it does not define, stops the command (before any API call).
 */
async function driftSettings(source: FileSource, options: DriftOptions): Promise<DriftSettings> {
  const file = await locateProjectFile(source, options.dir);
  const { config, diagnostics } = await loadProjectConfig(source, { env: options.env, file });
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0)
    throw new ValidationError(
      `${file} has ${errors.length} error${errors.length === 1 ? "" : "s"} (${source.description}); drift cannot run.`,
      errors.map(diagnosticWhere),
    );
  return {
    selfActors: selfActorsOf(config, options.env),
    acknowledgements: config.acknowledgements ?? [],
    notifyTargets: namedDriftTargets(config.notify ?? [], options.notify, options.env),
  };
}

function driftedObject(action: PlanAction): DriftedObject {
  return {
    kind: action.kind,
    ...(action.resource !== undefined ? { resource: action.resource } : {}),
    ...(action.place !== undefined ? { place: action.place } : {}),
    name: action.name,
    ...(action.id !== undefined ? { id: action.id } : {}),
    fields: action.changes.map((c) => c.field),
  };
}

/** A document whose pinned id is gone live: deleted outside transync, a create to `plan`, attributed by its pin. */
function deletedLive(doc: DesiredResource): DriftedObject {
  return { kind: "create", name: doc.name, pinnedId: doc.id!, fields: FIELD_NAMES.filter((f) => doc.spec[f] !== undefined) };
}

/** Objects made in the app inside the declared scope (none without one: the whole workspace is then not transync's). */
function unmanagedInScope(plan: Plan): DriftedObject[] {
  if (!hasUnmanagedDrift(plan)) return [];
  return plan.unmanaged.map((u) => ({
    kind: "unmanaged" as const,
    ...(u.resource !== undefined ? { resource: u.resource } : {}),
    ...(u.place !== undefined ? { place: u.place } : {}),
    name: u.name,
    id: u.id,
    fields: [],
  }));
}
