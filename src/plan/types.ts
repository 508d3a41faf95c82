import type { SourceLocation } from "../model/desired-resource.js";
import type { DocumentInput, DocumentUpdate, WriteOnlyField } from "../model/transformation.js";
import type { BodySecret } from "../secrets/body-secrets.js";

/** Version of the JSON plan format (`schemas/plan.schema.json`); apply refuses other versions. */
export const PLAN_FORMAT_VERSION = 1;

/** One RFC 6902 operation (the shape `fast-json-patch` produces). */
export interface JsonPatchOperation {
  op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  path: string;
  value?: unknown;
  from?: string;
}

/**
 * A field whose value differs, for the reports: `before` is live, `after` is desired (undefined =
 * absent). `from: "record"` marks a write-only field whose `before` is the value in the document at
 * the recorded commit (the API never returns it), not a value read from the API.
 */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  from?: "record";
  /** The environment whose `overrides` entry of the document gives `after`; absent for the document's own value (issue 34). */
  override?: string;
}

export type ActionKind = "create" | "update" | "delete";

/**
 * Why an update is planned. `drift`: a live value differs from the document; in a pull-request
 * plan, only where live moved away from the base's document. `pull-request` (pull-request plans
 * only): the pull request changes a field the update sends. Both can hold at once.
 */
export type UpdateReason = "drift" | "pull-request" | "rename" | "resend-write-only" | "write-only-changed";

interface ActionCommon {
  /** The kind of the object (src/kinds/index.ts), only when it is not `Transformation`: every plan of Transformations reads as before. */
  resource?: string;
  /** Where an object of a kind on a destination instance is, as reports say it (`web → Amplitude prod`). */
  place?: string;
  /** Name after the action (create, update) or of the object deleted. */
  name: string;
  sourceId: string;
  /** RFC 6902 operations from the normalised live object to the normalised desired one. */
  patch: JsonPatchOperation[];
  /** Field-level view of the same change, for reports. Every key of an update's body is here or in `writeOnlyResent`. */
  changes: FieldChange[];
  /** `plan --volumes`: the events per day its `if` selects (src/impact/, docs/impact.md); display only, apply ignores it. */
  volume?: ActionVolume;
  /**
   * A saved plan only: the body's strings that held a secret of the plan's run, shown `[redacted]` in the body, with
   * the variable each secret is read back from when apply sends it (src/secrets/body-secrets.ts).
   */
  bodySecrets?: BodySecret[];
}

/** How an action's events per day were found: from the volume rows alone, from sample events, or not at all (docs/impact.md). */
export type VolumeBasis = "exact" | "estimate" | "unknown";

/**
 * The events per day an action's `if` selects from its source, averaged over the last `days`
 * complete UTC days and rounded: `before` by the live object (update, delete), `after` by the
 * document (create, update; an update whose `if` and source stay the same has `after` only). A side
 * whose number cannot be known is absent; `basis` is the weakest of the sides'.
 */
export interface ActionVolume {
  before?: number;
  after?: number;
  basis: VolumeBasis;
  days: number;
}

/** Create: the full desired input; no id (the server assigns it). */
export interface CreateAction extends ActionCommon {
  kind: "create";
  /** Never set: lets code read `action.id` of any action. */
  id?: never;
  /** Where the desired document starts. */
  location: SourceLocation;
  body: DocumentInput;
}

/** Update: the fields listed in `changes` (plus `writeOnlyResent`), nothing else. */
export interface UpdateAction extends ActionCommon {
  kind: "update";
  id: string;
  /** Fingerprint of the live object the action was planned against. */
  fingerprint: string;
  location: SourceLocation;
  /** What apply sends (see TransformationUpdate for how fields are cleared). */
  body: DocumentUpdate;
  reasons: UpdateReason[];
  /** Write-only fields the document sets whose live value is unknown (no recorded commit knows them). */
  writeOnlyUnverifiable?: WriteOnlyFieldName[];
  /** Write-only fields in the body without a change to show: re-sent because their live value cannot be read. */
  writeOnlyResent?: WriteOnlyFieldName[];
  /** Fields the reply lacked (the list omits fqlDefinedProperties), so neither compared nor sent: left as they are. */
  notRead?: string[];
}

/** Delete: no body. */
export interface DeleteAction extends ActionCommon {
  kind: "delete";
  /** Never set: a delete sends nothing and has no document. */
  body?: never;
  location?: never;
  id: string;
  fingerprint: string;
  /** `prune=all`: out of the desired set; `prune=removed`: its document was removed. */
  pruneReason: "all" | "removed";
}

export type PlanAction = CreateAction | UpdateAction | DeleteAction;

/** The write-only fields (`returned: "never"` in src/model/fields.ts). */
export type WriteOnlyFieldName = WriteOnlyField;

/** A managed object that needs no change. */
export interface UnchangedObject {
  /** The object's kind, only when it is not `Transformation` (as an action's `resource`). */
  resource?: string;
  id: string;
  name: string;
  writeOnlyUnverifiable?: WriteOnlyFieldName[];
  /** Fields the list reply omits that were therefore not compared (`--refresh full` reads them). */
  notRead?: string[];
}

/** A live object in scope that no document matches (deleted only when pruning). */
export interface UnmanagedObject {
  /** The object's kind, only when it is not `Transformation` (as an action's `resource`); its `sourceId` is its scope field's value. */
  resource?: string;
  /** Where an object of a kind on a destination instance is (as an action's `place`). */
  place?: string;
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

/** How live state was read: `list` (gets only where needed) or `full` (a get of every object in scope). */
export type RefreshMode = "list" | "full";

/**
 * What the write-only fields (never returned by the API) were compared with: the documents at a
 * recorded commit. `applied` is `refs/transync/applied/<env>`; `base` is the --base of a
 * pull-request plan, used when no applied commit is recorded.
 */
export interface WriteOnlyBasis {
  source: "applied" | "base";
  commit: string;
}

/** The output of `computePlan`: everything `apply` needs and every report renders; saved as is. */
export interface Plan {
  formatVersion: typeof PLAN_FORMAT_VERSION;
  transyncVersion: string;
  workspaceId: string;
  origin: PlanOrigin;
  /** `resendWriteOnly`: true = every document (a bare `--resend-write-only`), or the names given (sorted). */
  options: { prune: false | "all" | "removed"; resendWriteOnly: boolean | string[]; refresh: RefreshMode; scopeSources?: string[] };
  /** Deterministic order: deletes, then updates, then creates; each by name, then id. */
  actions: PlanAction[];
  unchanged: UnchangedObject[];
  unmanaged: UnmanagedObject[];
  warnings: PlanWarning[];
  /** Fingerprint of every live object in scope that the plan read, by id. */
  fingerprints: Record<string, string>;
  summary: PlanSummary;
  /** Ids of live objects read with a `get` (details the list omits); apply re-reads the same to check freshness. */
  detailedIds: string[];
  /** HTTP calls made to read live state (lists, gets, workspace). */
  apiCalls: number;
  /** Absent: no recorded commit, so write-only fields cannot be verified (the reports say how to fix it). */
  writeOnlyBasis?: WriteOnlyBasis;
  /** Pull-request view (plan --base). */
  pullRequest?: PullRequestChanges;
  /** `--target`/`--exclude` (docs/gitops.md "Narrow runs"): absent when none was given, so such a plan is written as before. */
  selection?: PlanSelection;
  /** The alias or slug each id was written as (`{ slug: web }`), for the reports of a saved plan; display only. */
  idNames?: PlanIdNames;
  /** A delete and a create that look like one renamed document (rename-hints.ts); display only. Absent when there is none. */
  renameHints?: RenameHint[];
  /** Each document's `ignore:` fields, never compared with live state (display; the comparison already left them out). Absent when no document has one. */
  ignored?: IgnoredFields[];
  /**
   * Changes over a blast-radius limit of transync.yaml's `guards:` (docs/impact.md, "Guards"), the
   * first listed in every report; apply refuses each unless `--accept-blast-radius NAME` names its
   * transformation. Present (maybe empty) when guards are set; absent otherwise.
   */
  guards?: GuardHit[];
  /** `planDigest` of everything above: `apply PLANFILE` recomputes it and refuses a plan edited since. */
  digest: string;
}

/**
 * What a narrowed plan was narrowed by: `actions` holds only the changes the patterns select (exclude
 * wins), and `leftOut` counts the others. `apply PLANFILE` applies exactly these actions.
 */
export interface PlanSelection {
  /** `--target` patterns, sorted; empty: every change not excluded. */
  target: string[];
  /** `--exclude` patterns, sorted. */
  exclude: string[];
  /** Changes the whole plan holds that this one leaves out. */
  leftOut: number;
}

/** A document's `ignore:`: the fields no command compares with its live object. */
export interface IgnoredFields {
  name: string;
  fields: string[];
}

/**
 * A delete and a create whose documents have the same source and all fields but the name equal: most
 * likely a document renamed without its `id` pin. `idLine` is the line that, added to the new
 * document, makes the plan rename the object in place (its id, pins and history kept).
 */
export interface RenameHint {
  /** Name of the live object the plan deletes. */
  delete: string;
  /** Name of the document the plan creates. */
  create: string;
  /** `id: tfm_123`, or `id: { prod: tfm_123 }` for a plan of an environment. */
  idLine: string;
}

/** The action a guard hit is about, as apply's JSON report names one: its place in `actions`, kind, name and id. */
export interface GuardedAction {
  index: number;
  kind: ActionKind;
  /** Another kind's action (`DestinationFilter`), as the action's `resource`. */
  resource?: string;
  name: string;
  id?: string;
}

/**
 * One change over one limit: `value` is the events per day (`maxDroppedPerDay`) or the share of its
 * source's daily events (the `…Share` rules) the change newly drops or alters, `null` when it cannot
 * be known (`basis: "unknown"`, counted over the limit by `unknownVolume: refuse`).
 */
export interface GuardHit {
  action: GuardedAction;
  rule: "maxDroppedPerDay" | "maxDroppedShare" | "maxChangedShare";
  value: number | null;
  limit: number;
  basis: VolumeBasis;
}

/** Alias or slug by id, of sources and of destination metadata. */
export interface PlanIdNames {
  sources: Readonly<Record<string, string>>;
  destinations: Readonly<Record<string, string>>;
}

export interface PullRequestChanges {
  base: string;
  head: string;
  files: Array<{ path: string; status: "added" | "modified" | "removed" | "renamed" }>;
  /** The documents the pull request adds, modifies or removes; another kind's (after the Transformations') names its kind in `resource`. */
  transformations: Array<{ resource?: string; name: string; id?: string; status: "added" | "modified" | "removed" }>;
  /** Names of planned actions on objects the PR does not touch (live drift), of every kind. */
  driftOutsidePr: string[];
  /** The environment the plan read and where it was chosen (never the head's transync.yaml). */
  environment?: PullRequestEnvironment;
  /** What the pull request changes in transync.yaml that moves objects or the token: aliases, workspaces, token variables. */
  settingChanges?: SettingChange[];
}

/** The environment of a pull-request plan: its name, who chose it, and the token and workspace its client used. */
export interface PullRequestEnvironment {
  /** Absent: none (no --env, and the base sets no defaultEnvironment). */
  name?: string;
  /** `--env`; `base`: the base's defaultEnvironment; `head`: nothing applied yet (`--base applied`), so the head's file is all there is. */
  from: "--env" | "base" | "head";
  /** The variable the token was read from. */
  tokenEnv: string;
  /** The workspace the environment is bound to (slug or id), checked before anything is read; absent: not bound. */
  workspace?: string;
}

/**
 * One setting of transync.yaml the pull request changes. Aliases take effect in this plan (the head's
 * documents are read with them); workspace, tokenEnv, planTokenEnv and defaultEnvironment do not (the base's are used; a changed
 * apiUrl is a warning of its own, src/git/safe-settings.ts).
 */
export interface SettingChange {
  setting: "source alias" | "destination alias" | "workspace" | "tokenEnv" | "planTokenEnv" | "defaultEnvironment";
  /** The environment the setting belongs to (absent for destination aliases and defaultEnvironment, which are the project's). */
  env?: string;
  /** The alias's name (aliases only). */
  name?: string;
  /** The value at the base (an id where it resolves); absent: unset there. */
  base?: string;
  /** The value at the head; absent: unset there. */
  head?: string;
  /** True when this plan already uses the head's value (aliases); false when it uses the base's. */
  inThisPlan: boolean;
}
