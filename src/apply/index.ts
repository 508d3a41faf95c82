export { checkPlanFresh, versionsCompatible, type FreshnessOptions } from "./stale-check.js";
export { checkGuards, DEFAULT_MAX_DELETES, type GuardOptions } from "./guards.js";
export { executePlan, formatApplySummary, summarize, type ExecuteOptions } from "./execute.js";
export { findCreated, toActionError, type UnknownCreateResolver } from "./run-action.js";
export { createProgress, renderApplyResultJson, type Progress, type ProgressOptions, type ProgressStream, type ApiStats } from "./progress.js";
export type { ActionError, ActionOutcome, ActionOutcomeKind, ApplyEvent, ApplyResult, ApplySummary } from "./types.js";
