/**
 * Room src/apply/: carries a plan out against the API: guards, the writes in order, no duplicate
 * creates, verification after the writes.
 * May import: src/plan/, src/live/, src/model/, src/kinds/, src/report/, the ground floor.
 */
export { checkPlanFresh, checkSameWorkspace, versionsCompatible, type FreshnessOptions } from "./stale-check.js";
export { checkGuards, DEFAULT_MAX_DELETES, type GuardOptions } from "./guards.js";
export { executePlan, formatApplySummary, summarize, type ExecuteOptions } from "./execute.js";
export { findCreated, toActionError, type UnknownCreateResolver } from "./run-action.js";
export { createProgress, type Progress, type ProgressOptions, type ProgressStream } from "./progress.js";
export { verifyApplied, isConverged, fieldDivergences, describeDivergence, type Divergence, type Verification } from "./verify.js";
export { checkPlanFile } from "./check-plan-file.js";
export { createsNowTaken } from "./create-guard.js";
export type { ActionError, ActionOutcome, ActionOutcomeKind, ApplyEvent, ApplyResult, ApplySummary } from "./types.js";
