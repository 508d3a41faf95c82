/**
 * Room src/plan/: pure: computePlan(desired, live, options) -> Plan, no IO (eslint.config.js).
 * May import: src/model/, src/kinds/ (the descriptors, as types: kind-plan.ts), the ground floor.
 */
export {
  compareListedEarly,
  computeDigestedPlan,
  computePlan,
  hasChanges,
  hasUnmanagedDrift,
  needsDetails,
  type ComputePlanOptions,
} from "./compute-plan.js";
export { fingerprint } from "./fingerprint.js";
export { digestedPlan, planDigest, withDigest, type DigestedPlan } from "./digest.js";
export { canonicalJson, canonicalize } from "./canonical.js";
export { PlanError, type PlanIssue } from "./plan-error.js";
export { protectedHead, protectionIssues } from "./protect.js";
export { assertPlanSecrets, hashKeyValues, resolveBodySecrets, missingSecrets, type MissingSecret } from "./secrets.js";
export type { BasisDocument, WriteOnlyBasisInput } from "./write-only.js";
export * from "./types.js";
