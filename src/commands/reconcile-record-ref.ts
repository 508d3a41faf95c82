import type { CliContext } from "../pipeline/context.js";
import type { BuiltPlan } from "../pipeline/build-plan.js";
import type { ApplyResult } from "../apply/index.js";
import { isConverged, verifyApplied } from "../apply/index.js";
import { recordAppliedRef } from "../git/applied-ref.js";
import { checkRecordRef, type RecordTarget } from "../git/record-ref-check.js";

/**
 * `reconcile --record-ref`: as `apply --record-ref` (src/commands/apply.ts), the commit a cycle
 * leaves the workspace matching becomes `refs/transync/applied/<env>`, pushed for a remote --repo.
 * Checked before the cycle's first write (a folder that is not a git checkout fails the cycle, as
 * apply refuses); recorded only after a cycle with nothing to change, or whose writes all succeeded
 * and read back as written; and once per commit, so a quiet loop does not push every interval.
 */
export class AppliedRecorder {
  private lastRecorded: string | undefined;

  constructor(private readonly enabled: boolean) {}

  /** Where the cycle would record, checked now; undefined when off or when this commit is recorded already. */
  async target(built: BuiltPlan): Promise<RecordTarget | undefined> {
    if (!this.enabled) return undefined;
    const git = built.desired.git;
    const fromWorkingTree = git !== undefined && git.ref === undefined && git.remote === undefined;
    const target = await checkRecordRef(built.plan, git, fromWorkingTree);
    return target.commit === this.lastRecorded ? undefined : target;
  }

  /** Records after writes: only when every write succeeded and reads back as written. */
  async afterApply(
    ctx: CliContext,
    built: BuiltPlan,
    result: ApplyResult,
    target: RecordTarget | undefined,
    concurrency: number,
  ): Promise<void> {
    if (target === undefined || result.summary.failed > 0 || result.interrupted) return;
    const verification = await verifyApplied(built.plan, result, built.api, { concurrency, before: built.live.transformations });
    if (!isConverged(verification)) {
      ctx.logger.warn(
        { commit: target.commit },
        "--record-ref: the writes did not read back as written; the commit is not recorded this cycle",
      );
      return;
    }
    await this.record(ctx, target);
  }

  async record(ctx: CliContext, target: RecordTarget | undefined): Promise<void> {
    if (target === undefined) return;
    await recordAppliedRef(target.root, target.env, target.commit, { push: target.push, env: target.pushEnv });
    this.lastRecorded = target.commit;
    ctx.logger.info({ env: target.env, commit: target.commit }, "recorded the applied commit");
  }
}
