import type { ApiFlags } from "../live/api-client.js";
import type { PlanReadFlags } from "../live/plan-live-read.js";
import type { TokenUse } from "../live/settings.js";
import type { RefreshMode } from "../plan/types.js";
import type { SourceFlags } from "./desired-input.js";
import type { FreezePolicy } from "./freeze-gate.js";
import type { NarrowFlags } from "./selection.js";

/** What the planning flags say (their declaration: PLAN_FLAGS, src/cli/shared-flags.ts). */
export interface PlanFlags extends SourceFlags, ApiFlags {
  /** true = `--prune` (all), a mode, false = `--no-prune`, undefined = the project's policy. */
  prune?: boolean | "all" | "removed";
  /** `--base REF`: a pull-request plan, compared with the base's documents and aimed by its project file. */
  base?: string;
  /** true: a bare `--resend-write-only` (every document); else the documents named (names, globs, pinned ids). */
  resendWriteOnly?: true | string[];
  /** `list` (default): gets only where needed; `full`: a get of every object in scope. */
  refresh?: RefreshMode;
}

/**
 * How a command plans: what it will do with the plan decides how the plan reads. These are knobs a
 * command sets, never flags of their own; a new way of planning is a field here, set by the commands
 * that need it, not another parameter of buildPlan.
 */
export interface PlanMode {
  /** `read` (plan, drift): the environment's planTokenEnv when set; `write` (apply, reconcile): its tokenEnv. */
  tokenUse: TokenUse;
  /** See PlanReadFlags: true when the client never writes (plan, drift), so an interrupt ends its reads at once. */
  interruptReads: boolean;
  /**
   * false for a plan that is only shown: a hash key's variable may be unset (the plan holds the
   * reference; a pull-request job needs no hash secret), and the plan warns instead. true (apply,
   * reconcile): the run stops before any write.
   */
  hashKeysNeeded: boolean;
  /** Freeze windows (freeze-gate.ts): apply and reconcile refuse when the project file is read; plan and drift only report. */
  freeze: FreezePolicy;
  /** Most gets in flight while reading live state (apply's and reconcile's `--concurrency`); else as many as the server allows. */
  concurrency?: number;
  /** See PlanReadFlags: apply --auto-approve and reconcile take the workspace lock there, before the list starts. */
  beforeRead?: PlanReadFlags["beforeRead"];
  /**
   * `leave out` (drift): a document pinning an id the workspace no longer has is left out of the plan
   * and returned in `gonePins` (the object was deleted live), instead of stopping the plan.
   */
  gonePins?: "leave out";
}

/**
 * A pull-request plan (`--base REF`): the head's documents compared with the base's, the environment
 * and the API URL taken from the base (src/pipeline/trusted-base.ts), what the pull request removed
 * known (prune: removed), every update's reasons told apart. Decided once, here: the stages read this
 * field, never the flag.
 */
export interface PullRequestMode {
  /** The commit to compare with: a ref, a commit, or `applied` (the environment's applied commit). */
  base: string;
}

/** What a command asks of buildPlan: the operator's flags, a pull-request plan or not, and the command's mode. */
export interface PlanRequest {
  /**
   * What the operator asked: where the documents come from (`--dir`, `--env`, `--repo`, `--ref`), how
   * Segment is reached, pruning, `--resend-write-only`, `--refresh` and a narrow run's
   * `--target`/`--exclude`. `--base` is not read here: it is `pullRequest`.
   */
  flags: Omit<PlanFlags, "base"> & NarrowFlags;
  /** Present: a pull-request plan (`--base`). */
  pullRequest?: PullRequestMode;
  mode: PlanMode;
}

/** The request of a command's planning flags: `--base` becomes `pullRequest`, the other flags stay flags. */
export function planRequest(flags: PlanFlags & NarrowFlags, mode: PlanMode): PlanRequest {
  const { base, ...rest } = flags;
  return { flags: rest, ...(base !== undefined ? { pullRequest: { base } } : {}), mode };
}

/** plan and drift: the plan is shown (or saved), never carried out by this client. */
export const SHOWN_PLAN: PlanMode = Object.freeze({
  tokenUse: "read",
  interruptReads: true,
  hashKeysNeeded: false,
  freeze: Object.freeze({ refuse: false }),
});

/** apply and reconcile: the plan's client carries it out, so its reads finish and every key must be there. */
export function planToCarryOut(how: Pick<PlanMode, "concurrency" | "beforeRead" | "freeze">): PlanMode {
  return { tokenUse: "write", interruptReads: false, hashKeysNeeded: true, ...how };
}
