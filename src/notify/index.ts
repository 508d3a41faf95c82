/**
 * Room src/notify/: notifications (docs/gitops.md, "Notifications"): what `drift --notify`, `apply`
 * and `reconcile` tell the targets of transync.yaml's `notify:` (Slack, a signed webhook), once per
 * environment, event and digest, with what was told kept in `--state-file`; posts bounded in time
 * and reply, and never the cause of an exit code.
 * May import: src/report/, src/apply/, src/live/http-send.ts, src/live/live-api.ts, the ground floor.
 */
import type { NotifyTarget } from "../model/notify-target.js";
import type { ApplyResult } from "../apply/types.js";
import type { DriftReport } from "../report/drift.js";
import { UsageError, ValidationError, userMessage } from "../errors.js";
import { Notifier, type NotifyContext } from "./notifier.js";
import { NotifyState } from "./state-file.js";
import { applyMessage, driftMessage, reconcileFailedMessage } from "./messages.js";

export { Notifier, type NotifyContext } from "./notifier.js";
export { NotifyState } from "./state-file.js";

/** The default of `--notify-timeout`: a post, its reply included, takes at most this long. */
export const DEFAULT_NOTIFY_TIMEOUT_SECONDS = 10;

/** Flags of the commands that notify (drift, apply, reconcile): `NOTIFY_FLAGS` in src/cli/shared-flags.ts. */
export interface NotifyFlags {
  /** `--state-file PATH`: what each target was last told, so a run does not tell it again (a flag: trusted). */
  stateFile?: string;
  /** `--notify-timeout SECONDS`: the time one post may take, its reply included. */
  notifyTimeout?: number;
}

/** A notifier for one run: the state of `--state-file` read now (a bad one is an error before any work). */
export async function openNotifier(ctx: NotifyContext & { cwd: string }, flags: NotifyFlags): Promise<Notifier> {
  const state = await NotifyState.open(ctx.cwd, flags.stateFile);
  return new Notifier(ctx, state, (flags.notifyTimeout ?? DEFAULT_NOTIFY_TIMEOUT_SECONDS) * 1000);
}

/**
 * The targets `drift --notify NAME` names; a name transync.yaml does not define, or a target that is not told
 * of drift in this environment, is a usage error (nothing would ever be sent).
 */
export function namedDriftTargets(targets: readonly NotifyTarget[], names: readonly string[], environment: string): NotifyTarget[] {
  return [...new Set(names)].map((name) => {
    const target = targets.find((t) => t.name === name);
    const defined =
      targets.length > 0 ? `transync.yaml's notify: defines ${targets.map((t) => t.name).join(", ")}` : "transync.yaml has no notify:";
    if (target === undefined) throw new UsageError(`--notify ${name}: no such notification; ${defined}.`);
    if (!target.events.includes("drift") || !target.environments.includes(environment))
      throw new UsageError(
        `--notify ${name}: that notification is not told of drift in ${environment} (its events: ${target.events.join(", ")}; its environments: ${target.environments.join(", ")}); add them to it in transync.yaml.`,
      );
    return target;
  });
}

/** `drift --notify`: drift is told; a clean check is a heartbeat with `--notify-clean`, else only recorded. */
export async function notifyDrift(
  notifier: Notifier,
  targets: readonly NotifyTarget[],
  report: DriftReport,
  clean: boolean,
): Promise<void> {
  if (targets.length === 0) return;
  if (report.drifted.length > 0) return notifier.send(targets, driftMessage(report, false));
  if (clean) return notifier.send(targets, driftMessage(report, true));
  return notifier.settle(targets, driftMessage(report, false));
}

/** `apply` and a reconcile cycle that wrote: `apply`, or `apply-failed` when a write failed or did not converge. */
export async function notifyApply(
  notifier: Notifier,
  targets: readonly NotifyTarget[] | undefined,
  environment: string | undefined,
  applied: { result: ApplyResult; json: string; failed: boolean },
): Promise<void> {
  if (targets === undefined || environment === undefined || applied.result.actions.length === 0) return;
  await notifier.send(targets, applyMessage(environment, applied.result, applied.json, applied.failed));
}

/** A failed reconcile cycle: its error (and a ValidationError's findings), told once until it changes. */
export async function notifyReconcileFailed(
  notifier: Notifier,
  targets: readonly NotifyTarget[] | undefined,
  environment: string | undefined,
  error: unknown,
): Promise<void> {
  if (targets === undefined || environment === undefined) return;
  const issues = error instanceof ValidationError ? error.issues.map((i) => `${i.where ? `${i.where} ` : ""}${i.message}`) : [];
  await notifier.send(targets, reconcileFailedMessage(environment, userMessage(error), issues));
}
