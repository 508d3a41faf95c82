import { UsageError } from "../errors.js";
import type { ApiFlags } from "../live/api-client.js";
import type { Format } from "../report/formats.js";
import { planRequest, planToCarryOut, type PlanFlags, type PlanRequest } from "./plan-request.js";
import type { NarrowFlags } from "./selection.js";

/** The flags of `transync apply` (their declaration: src/cli/apply.ts; the command: src/commands/apply.ts). */
export interface ApplyFlags extends PlanFlags, NarrowFlags {
  planFile?: string;
  autoApprove?: boolean;
  concurrency: number;
  maxDeletes: number;
  format: Format<"apply">;
  recordRef?: boolean;
  /** Folder of the workspace lock files, shared with reconcile (default: `locks/` in the cache folder). */
  lockDir?: string;
  /** `--break-freeze REASON`: apply inside a freeze window; the reason is printed and recorded in the output. */
  breakFreeze?: string;
  /** `--skip-order REASON`: apply what the environment before (`after:`) has not applied; the reason is printed and recorded. */
  skipOrder?: string;
  /** `--accept-blast-radius NAME`: the transformations whose change may go over a limit of `guards:`. */
  acceptBlastRadius: string[];
}

/**
 * Flags that choose the desired state: a saved plan has fixed it already (Terraform's rule).
 * test/cli/flags.test.ts holds each name to its declaration.
 */
export const PLANNING_FLAGS: ReadonlyArray<[keyof ApplyFlags, string]> = [
  ["dir", "--dir"],
  ["env", "--env"],
  ["ref", "--ref"],
  ["repo", "--repo"],
  ["prune", "--prune/--no-prune"],
  ["base", "--base"],
  ["resendWriteOnly", "--resend-write-only"],
  ["target", "--target"],
  ["exclude", "--exclude"],
];

/** Where the plan apply carries out comes from. */
export type PlanSource =
  /** `apply PLANFILE`: a saved plan, which fixes the desired state, environment, pruning and selection. */
  | { from: "file"; file: string }
  /** A plan made here from the documents, as `request` asks (the planning flags, the mode of a plan carried out). */
  | { from: "fresh"; request: PlanRequest };

/**
 * What `transync apply` is asked to do, decided once from its flags: each of its modes is a field,
 * so a new one is a field here and where it is read, not another flag passed down and tested again.
 */
export interface ApplyRequest {
  plan: PlanSource;
  /** `--auto-approve`: no question before the writes; without it a fresh plan with changes is confirmed on the terminal. */
  autoApprove: boolean;
  /**
   * The workspace lock: its folder (`--lock-dir`), and when it is taken: `before the read` (a fresh
   * plan with --auto-approve: the plan's own read is the stale check) or `after the checks` (everything
   * that can refuse runs first; live state is read again under the lock).
   */
  lock: { dir?: string; taken: "before the read" | "after the checks" };
  /** What stops the run before any write: `--max-deletes`, and the changes `--accept-blast-radius` lets over a limit of `guards:`. */
  guards: { maxDeletes: number; acceptBlastRadius: string[] };
  /** The operator's overrides, each with its reason, printed and recorded: `--break-freeze`, `--skip-order`. */
  overrides: { breakFreeze?: string; skipOrder?: string };
  /** `--record-ref`: record the applied commit once the run converged. */
  recordRef: boolean;
  /** Writes and verification gets in flight (`--concurrency`). */
  concurrency: number;
  format: Format<"apply">;
  /** How a saved plan's client reaches Segment (a fresh plan's client is the one its read made). */
  api: ApiFlags;
}

/** The request of the flags; a planning flag given with a plan file is a UsageError, before anything is read. */
export function applyRequest(flags: ApplyFlags): ApplyRequest {
  const plan = planSource(flags);
  return {
    plan,
    autoApprove: flags.autoApprove === true,
    lock: {
      ...(flags.lockDir !== undefined ? { dir: flags.lockDir } : {}),
      taken: plan.from === "fresh" && flags.autoApprove ? "before the read" : "after the checks",
    },
    guards: { maxDeletes: flags.maxDeletes, acceptBlastRadius: flags.acceptBlastRadius },
    overrides: { breakFreeze: flags.breakFreeze, skipOrder: flags.skipOrder },
    recordRef: flags.recordRef === true,
    concurrency: flags.concurrency,
    format: flags.format,
    api: flags,
  };
}

function planSource(flags: ApplyFlags): PlanSource {
  if (flags.planFile === undefined) {
    const freeze = { refuse: true, breakReason: flags.breakFreeze };
    return { from: "fresh", request: planRequest(flags, planToCarryOut({ concurrency: flags.concurrency, freeze })) };
  }
  const given = PLANNING_FLAGS.filter(([key]) => flags[key] !== undefined).map(([, flag]) => flag);
  if (given.length > 0) {
    throw new UsageError(
      `${given.join(", ")} cannot be used with a plan file: the plan already fixes the desired state, environment, pruning and selection (--target/--exclude). ` +
        `Pass ${given.length === 1 ? "it" : "them"} to \`transync plan --out FILE\` instead, then apply that file.`,
    );
  }
  return { from: "file", file: flags.planFile };
}
