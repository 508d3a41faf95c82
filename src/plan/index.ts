export { computePlan, hasChanges, needsDetails, type ComputePlanOptions } from "./compute-plan.js";
export { fingerprint } from "./fingerprint.js";
export { planDigest } from "./digest.js";
export { canonicalJson, canonicalize } from "./canonical.js";
export { PlanError, type PlanIssue } from "./plan-error.js";
export * from "./types.js";
