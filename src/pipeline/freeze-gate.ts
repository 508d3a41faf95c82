import type { CliContext } from "./context.js";
import type { LoadedProject } from "../desired/load-project.js";
import { FreezeError, ValidationError } from "../errors.js";
import { activeFreezes, describeFreezes, isoMinute, type ActiveFreeze } from "../desired/freeze.js";
import { diagnosticWhere } from "../desired/format-diagnostics.js";
import type { FreezeBreak } from "../report/apply-result.js";
import { systemClock } from "../live/clock.js";

/** How a command meets a freeze window that is on: apply and reconcile refuse (unless broken), plan only reports. */
export interface FreezePolicy {
  refuse: boolean;
  /** `--break-freeze REASON`: the operator's override, never a file's (a pull request must not unfreeze itself). */
  breakReason?: string;
}

/** The windows on at the run's time, and the override when one was given and used. */
export interface FreezeState {
  active: ActiveFreeze[];
  brokenWith?: string;
}

/**
 * The freeze windows on for the run's environment at the clock's time (ctx.clock, the real one
 * unless a test gives one). With `refuse` and no reason, throws FreezeError: called when the project
 * file is read, before the lock is taken and before any read of live state or write.
 */
export function checkFreeze(
  ctx: Pick<CliContext, "clock">,
  project: Pick<LoadedProject, "config" | "env">,
  policy: FreezePolicy,
): FreezeState {
  const active = activeFreezes(project.config.freeze ?? [], project.env, (ctx.clock ?? systemClock).now());
  if (active.length === 0) return { active };
  if (policy.breakReason !== undefined) return { active, brokenWith: policy.breakReason };
  if (policy.refuse) {
    const env = project.env !== undefined ? ` for environment "${project.env}"` : "";
    throw new FreezeError(
      `change freeze${env}: window ${describeFreezes(active)} is on; nothing was written. ` +
        `Wait until it ends, or override with --break-freeze "REASON" (the reason is printed and recorded in apply's output).`,
    );
  }
  return { active };
}

/** The plan's warning that a freeze is on (plan says so; apply shows it in the plan it prints). */
export function freezeWarning(state: FreezeState): { message: string } | undefined {
  if (state.active.length === 0) return undefined;
  const broken = state.brokenWith !== undefined ? `; broken with --break-freeze: ${state.brokenWith}` : "";
  return {
    message: `change freeze on: window ${describeFreezes(state.active)}; apply and reconcile refuse to write without --break-freeze${broken}`,
  };
}

/**
 * A saved plan's freeze check (apply PLANFILE): the project file of the checkout apply runs in, for
 * the plan's environment. A `freeze:` the file gets wrong stops the run (no window is skipped unseen).
 */
export function checkSavedPlanFreeze(
  ctx: Pick<CliContext, "clock">,
  project: LoadedProject,
  env: string | undefined,
  breakReason: string | undefined,
): FreezeState {
  const errors = project.diagnostics.filter((d) => d.severity === "error" && /^\/?freeze\b/.test(d.path));
  if (errors.length > 0)
    throw new ValidationError(
      `the freeze windows of the project file have ${errors.length} error${errors.length === 1 ? "" : "s"}; nothing was written.`,
      errors.map(diagnosticWhere),
    );
  return checkFreeze(ctx, { config: project.config, env }, { refuse: true, breakReason });
}

/** What apply's report records of an override: the windows on (UTC, to the minute) and the reason. */
export function freezeBreakReport(state: FreezeState | undefined): FreezeBreak | undefined {
  if (state?.brokenWith === undefined) return undefined;
  return { windows: state.active.map((a) => ({ name: a.name, endsAt: isoMinute(a.endsAtMs) })), reason: state.brokenWith };
}
