import type { NotifyTarget } from "../model/notify-target.js";
import type { ApplyResult } from "../apply/types.js";
import type { ApiStats } from "../live/live-api.js";
import { APPLY_RENDERERS } from "../report/apply-result.js";
import { notifyApply, notifyReconcileFailed, openNotifier, type NotifyFlags } from "./index.js";
import type { Notifier, NotifyContext } from "./notifier.js";

/** Where a cycle that failed before its plan finds its targets: the project file alone (src/pipeline/notify-targets.ts). */
export type TargetLookup = () => Promise<{ targets?: readonly NotifyTarget[]; environment?: string }>;

/**
 * Reconcile's notifications: one notifier for the whole loop, so what was told is kept in memory
 * across cycles (and in `--state-file` across restarts). The targets are those of the last cycle
 * that planned; a cycle that fails before any has (a document the schema refuses, with `--once`
 * every run) looks them up in the project file alone.
 */
export class CycleNotifier {
  private targets?: readonly NotifyTarget[];
  private environment?: string;

  private constructor(
    private readonly notifier: Notifier,
    private readonly lookup: TargetLookup,
  ) {}

  static async open(ctx: NotifyContext & { cwd: string }, flags: NotifyFlags, lookup: TargetLookup): Promise<CycleNotifier> {
    return new CycleNotifier(await openNotifier(ctx, flags), lookup);
  }

  /** The cycle read transync.yaml: its targets and environment are the ones told from now on. */
  planned(targets: readonly NotifyTarget[] | undefined, environment: string | undefined): void {
    this.targets = targets;
    this.environment = environment;
  }

  /** The cycle wrote: `apply`, or `apply-failed` when a write failed. */
  async applied(result: ApplyResult, apiStats: ApiStats): Promise<void> {
    const json = APPLY_RENDERERS.json({ result, apiStats });
    await notifyApply(this.notifier, this.targets, this.environment, { result, json, failed: result.summary.failed > 0 });
  }

  /** The cycle failed: `reconcile-failed`, told once until the error changes. */
  async failed(error: unknown): Promise<void> {
    if (this.targets === undefined) {
      const found = await this.lookup();
      this.planned(found.targets, found.environment);
    }
    await notifyReconcileFailed(this.notifier, this.targets, this.environment, error);
  }
}
