import type { SourceLocation } from "../desired/types.js";
import type { TransformationInput, TransformationUpdate } from "../model/transformation.js";

/** Version of the JSON plan format (`schemas/plan.schema.json`); apply refuses other versions. */
export const PLAN_FORMAT_VERSION = 1;

/** One RFC 6902 operation (the shape `fast-json-patch` produces). */
export interface JsonPatchOperation {
  op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  path: string;
  value?: unknown;
  from?: string;
}

/** A field whose value differs, for the reports: `before` is live, `after` is desired (undefined = absent). */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

export type ActionKind = "create" | "update" | "delete";

/** Why an update is planned. */
export type UpdateReason = "drift" | "rename" | "resend-write-only" | "write-only-changed";

export interface PlanAction {
  kind: ActionKind;
  /** Name after the action (create, update) or of the object deleted. */
  name: string;
  /** Live id (update, delete). */
  id?: string;
  sourceId: string;
  /** Where the desired document starts (create, update). */
  location?: SourceLocation;
  /**
   * What apply sends: create, the full desired input; update, only the changed fields plus the
   * write-only fields the document sets (see TransformationUpdate for how fields are cleared).
   */
  body?: TransformationInput | TransformationUpdate;
  /** RFC 6902 operations from the normalised live object to the normalised desired one. */
  patch: JsonPatchOperation[];
  /** Field-level view of the same change, for reports. */
  changes: FieldChange[];
  reasons?: UpdateReason[];
  /** Fingerprint of the live object the action was planned against (update, delete). */
  fingerprint?: string;
  /** Write-only fields the document sets that the live reply does not carry (cannot be compared). */
  writeOnlyUnverifiable?: string[];
  /** Delete: why (`prune=all`: out of the desired set; `prune=removed`: its document was removed). */
  pruneReason?: "all" | "removed";
}

/** A managed object that needs no change. */
export interface UnchangedObject {
  id: string;
  name: string;
  writeOnlyUnverifiable?: string[];
}

/** A live object in scope that no document matches (deleted only when pruning). */
export interface UnmanagedObject {
  id: string;
  name: string;
  sourceId: string;
  fingerprint: string;
}

export interface PlanWarning {
  message: string;
  /** `file:line:col` or a live id. */
  where?: string;
}

export interface PlanSummary {
  create: number;
  update: number;
  delete: number;
  unchanged: number;
  unmanaged: number;
}

/** Where the desired state came from (recorded so apply and PR comments can say what was planned). */
export interface PlanOrigin {
  dir: string;
  env?: string;
  /** Git commit of the desired state, when read from git. */
  commit?: string;
  /** True when the working tree had uncommitted changes in the desired folder. */
  dirty?: boolean;
  /** Base ref/commit of a pull-request plan. */
  base?: string;
}

/** The output of `computePlan`: everything `apply` needs and every report renders. */
export interface Plan {
  formatVersion: typeof PLAN_FORMAT_VERSION;
  transyncVersion: string;
  workspaceId: string;
  origin: PlanOrigin;
  options: { prune: false | "all" | "removed"; resendWriteOnly: boolean; scopeSources?: string[] };
  /** Deterministic order: deletes, then updates, then creates; each by name, then id. */
  actions: PlanAction[];
  unchanged: UnchangedObject[];
  unmanaged: UnmanagedObject[];
  warnings: PlanWarning[];
  /** Fingerprint of every live object in scope that the plan read, by id. */
  fingerprints: Record<string, string>;
  summary: PlanSummary;
  /** Ids of live objects read with a `get` (details the list omits); apply re-reads the same to check freshness. */
  detailedIds?: string[];
  /** HTTP calls made to read live state (filled by the plan command; 0 in pure use). */
  apiCalls: number;
  /** Pull-request view (plan --base), filled by the plan command from git. */
  pullRequest?: PullRequestChanges;
  /** `planDigest` of everything above: `apply PLANFILE` recomputes it and refuses a plan edited since. */
  digest?: string;
}

export interface PullRequestChanges {
  base: string;
  head: string;
  files: Array<{ path: string; status: "added" | "modified" | "removed" | "renamed" }>;
  transformations: Array<{ name: string; id?: string; status: "added" | "modified" | "removed" }>;
  /** Names of planned actions on objects the PR does not touch (live drift). */
  driftOutsidePr: string[];
}
