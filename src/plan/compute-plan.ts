import type { DesiredResource } from "../model/desired-resource.js";
import type { LiveState } from "../model/live-state.js";
import type { Transformation } from "../model/transformation.js";
import { LIST_OMITTED_FIELDS } from "../model/transformation.js";
import { unsetHashKeyMessage } from "../model/hash-key-variable.js";
import { PLAN_FORMAT_VERSION } from "./types.js";
import type {
  DeleteAction,
  Plan,
  PlanAction,
  PlanIdNames,
  PlanOrigin,
  PlanSummary,
  PlanWarning,
  PullRequestChanges,
  RefreshMode,
  UnchangedObject,
  UnmanagedObject,
  UpdateAction,
} from "./types.js";
import { compareStrings, sameJson } from "./canonical.js";
import { planCreate, planDelete, planMatched, type PlannedPair, type UpdateOptions } from "./actions.js";
import { fingerprint } from "./fingerprint.js";
import { normField } from "./normalise.js";
import { inScope, matchDocuments, type Matching } from "./match.js";
import { PlanError } from "./plan-error.js";
import { renameCollisions } from "./name-guard.js";
import { digestedPlan, type DigestedPlan } from "./digest.js";
import { counterpartIn, recordedWriteOnly, type BasisDocument, type WriteOnlyBasisInput } from "./write-only.js";
import { pullRequestReasons } from "./pull-request-reasons.js";
import { idNamesOf } from "./id-names.js";
import { locationText, type Protection } from "../model/desired-resource.js";
import { protectedHead, protectionIssues, unmatchedProtections } from "./protect.js";
import { idleResends, narrows, selectActions, type SelectionFlags } from "./select.js";
import { renameHints } from "./rename-hints.js";
import { setOwn } from "../own-keys.js";

export interface ComputePlanOptions {
  prune: false | "all" | "removed";
  /**
   * Force an update re-sending the write-only fields of every matched object whose value is unknown:
   * true for every document, or only those a name, a glob or a pinned id of the list names (select.ts).
   */
  resendWriteOnly?: boolean | readonly string[];
  /** `--target`/`--exclude`: the plan holds only the actions they select (select.ts); absent or empty: all. */
  selection?: SelectionFlags;
  /** Managed scope: source ids; undefined = the whole workspace. */
  scopeSources?: string[];
  /** Documents removed between base and head (prune "removed" deletes only their live objects). */
  removed?: { ids: string[]; names: string[] };
  /** The documents at the recorded commit: write-only fields are compared with them. */
  writeOnlyBasis?: WriteOnlyBasisInput;
  /** How live state was read (recorded in the plan); default `list`. */
  refresh?: RefreshMode;
  /** Ids of the live objects read with `get` (apply re-reads them the same way). */
  detailedIds?: string[];
  /** Warnings found before planning (desired state, pull request); listed first. */
  warnings?: PlanWarning[];
  /**
   * Variables named by `fromEnv` hash keys that are unset where this plan runs (a pull-request job
   * holds no hash secret): each create or update that sends such a key gets a warning that apply needs it.
   */
  unsetKeyVariables?: readonly string[];
  /** Pull-request view from git; `driftOutsidePr` is computed here from the actions. */
  pullRequest?: Omit<PullRequestChanges, "driftOutsidePr">;
  /** The documents at the pull request's base: an update's reasons tell the PR's changes from drift by them. */
  pullRequestBase?: readonly BasisDocument[];
  /** Objects never deleted nor moved to another source (`protect`, docs/gitops.md): such a plan is refused. */
  protections?: readonly Protection[];
  /**
   * `whole plan`: the caller refuses the protected objects once the other kinds' actions are appended
   * (src/pipeline/protections.ts, refuseProtectedActions), so one refusal lists every kind's; absent: refused here.
   */
  protectionsRefused?: "whole plan";
  /** The ids and names of the other kinds' live objects read (src/pipeline/kind-plans.ts): a `protect:` entry naming one protects something. */
  otherObjects?: ReadonlyArray<{ id: string; name: string }>;
  /** Alias or slug by id (src/pipeline/resolve-live-refs.ts): the plan keeps those of the ids it shows. */
  idNames?: PlanIdNames;
  transyncVersion: string;
  origin: PlanOrigin;
}

/**
 * Diffs the desired documents against live state and returns the whole plan as it is saved, digest
 * included. Pure: no IO, no clock. Throws PlanError (every problem listed) when documents cannot be
 * matched unambiguously, when a rename or move would take a name another live object holds, or when
 * it would delete or move a protected object.
 */
export function computePlan(desired: DesiredResource[], live: LiveState, options: ComputePlanOptions): Plan {
  return computeDigestedPlan(desired, live, options).plan;
}

/** computePlan's plan, and the canonical text its digest was made from (`digestedPlan`): for a caller that scans it (redactPlan). */
export function computeDigestedPlan(desired: DesiredResource[], live: LiveState, options: ComputePlanOptions): DigestedPlan<Plan> {
  const matching = matchDocuments(desired, live.transformations, options.scopeSources, live.workspaceId);
  if (matching.issues.length > 0) throw new PlanError(matching.issues);
  const { updates, unchanged } = planPairs(matching, options);
  const { deletes, unmanaged } = planUnmatched(matching.unmatched, options);
  const creates = matching.creates.map(planCreate);
  const all: PlanAction[] = [...sortByName(deletes), ...sortByName(updates), ...sortByName(creates)];
  // The guards below judge what this plan does: a change left out is neither carried out nor refused.
  const narrowed = narrows(options.selection) ? selectActions(all, options.selection) : undefined;
  const actions = narrowed?.selected ?? all;
  const collisions = renameCollisions(actions, live.transformations);
  if (collisions.length > 0) throw new PlanError(collisions);
  const protectedTouched = options.protectionsRefused === "whole plan" ? [] : protectionIssues(actions, options.protections ?? []);
  if (protectedTouched.length > 0) throw new PlanError(protectedTouched, protectedHead(protectedTouched.length));
  const plan: Omit<Plan, "digest"> = {
    formatVersion: PLAN_FORMAT_VERSION,
    transyncVersion: options.transyncVersion,
    workspaceId: live.workspaceId,
    origin: options.origin,
    options: planOptions(options),
    actions,
    unchanged: sortByName(unchanged),
    unmanaged: sortByName(unmanaged),
    warnings: [
      ...(options.warnings ?? []),
      ...planWarnings(matching),
      ...keyWarnings(actions, options.unsetKeyVariables ?? []),
      ...unmatchedProtections(options.protections ?? [], [...live.transformations, ...(options.otherObjects ?? [])]),
      ...idleResends(options.resendWriteOnly ?? false, all),
      ...(narrowed?.warnings ?? []),
    ],
    fingerprints: fingerprintsOf(live.transformations, matching, options.scopeSources),
    summary: summarize(actions, unchanged.length, unmanaged.length),
    detailedIds: [...(options.detailedIds ?? [])].sort(compareStrings),
    apiCalls: live.apiCalls,
    ...(options.writeOnlyBasis ? { writeOnlyBasis: { source: options.writeOnlyBasis.source, commit: options.writeOnlyBasis.commit } } : {}),
    ...(options.pullRequest ? { pullRequest: pullRequestView(options.pullRequest, actions) } : {}),
    ...(narrowed ? { selection: narrowed.record } : {}),
  };
  const idNames = idNamesOf(plan, options.idNames);
  if (idNames !== undefined) plan.idNames = idNames;
  // Only the changes the plan holds (a narrowed plan leaves some out): a hint names what apply will do.
  const deleted = new Set(actions.flatMap((a) => (a.kind === "delete" ? [a.id] : [])));
  const created = new Set(actions.flatMap((a) => (a.kind === "create" ? [a.name] : [])));
  const hints = renameHints(
    sortByName(matching.creates.filter((c) => created.has(c.name))),
    sortByName(matching.unmatched.filter((t) => deleted.has(t.id))),
    options.origin.env,
  );
  if (hints.length > 0) plan.renameHints = hints;
  const ignored = sortByName(desired.flatMap((doc) => (doc.ignore ? [{ name: doc.name, fields: doc.ignore }] : [])));
  if (ignored.length > 0) plan.ignored = ignored;
  // Last: the digest covers everything above, so the saved plan is exactly what was computed.
  return digestedPlan(plan as Plan);
}

/** The plan holds only the reference; the value is read when apply sends the body, so only apply needs it. */
function keyWarnings(actions: readonly PlanAction[], unset: readonly string[]): PlanWarning[] {
  if (unset.length === 0) return [];
  return actions.flatMap((action) => {
    if (action.kind === "delete") return [];
    const key = action.body.hashPropertiesConfiguration?.key;
    const variable = typeof key === "object" && key !== null ? key.fromEnv : undefined;
    if (variable === undefined || !unset.includes(variable)) return [];
    return [
      {
        where: locationText(action.location),
        message: `"${action.name}": ${unsetHashKeyMessage(variable, "apply needs it (the plan holds only the reference)")}.`,
      },
    ];
  });
}

function planOptions(options: ComputePlanOptions): Plan["options"] {
  const scope = options.scopeSources ? { scopeSources: [...options.scopeSources].sort(compareStrings) } : {};
  const resend = options.resendWriteOnly ?? false;
  const resendWriteOnly = typeof resend === "boolean" ? resend : [...new Set(resend)].sort(compareStrings);
  return { prune: options.prune, resendWriteOnly, refresh: options.refresh ?? "list", ...scope };
}

function updateOptionsOf(options: ComputePlanOptions): UpdateOptions {
  return { resendWriteOnly: options.resendWriteOnly ?? false, recorded: recordedWriteOnly(options.writeOnlyBasis) };
}

/**
 * For a read that lists page by page: compares a listed object with the document that will match it
 * (the one pinning its id, else the one unpinned document of its name) while the next page is on
 * the wire. planMatched keeps the outcome per live object, so computePlan, after the list, finds it
 * ready; where its matching differs from this guess it compares again. Returns the outcome, or
 * undefined when no one document names the object.
 */
export function compareListedEarly(
  desired: readonly DesiredResource[],
  options: ComputePlanOptions,
): (t: Transformation) => PlannedPair | undefined {
  const pinning = new Map<string, DesiredResource>();
  const named = new Map<string, DesiredResource | null>();
  for (const doc of desired) {
    if (doc.id !== undefined) pinning.set(doc.id, doc);
    else named.set(doc.name, named.has(doc.name) ? null : doc);
  }
  const updateOptions = updateOptionsOf(options);
  return (t) => {
    const doc = pinning.get(t.id) ?? named.get(t.name);
    return doc ? planMatched(doc, t, updateOptions) : undefined;
  };
}

function planPairs(matching: Matching, options: ComputePlanOptions): { updates: UpdateAction[]; unchanged: UnchangedObject[] } {
  const updateOptions = updateOptionsOf(options);
  const updates: UpdateAction[] = [];
  const unchanged: UnchangedObject[] = [];
  const atBase = options.pullRequestBase ? counterpartIn(options.pullRequestBase) : undefined;
  for (const { doc, live: target } of matching.pairs) {
    const planned = planMatched(doc, target, updateOptions);
    if (planned.action) updates.push(atBase ? pullRequestReasons(planned.action, doc, atBase(doc)) : planned.action);
    if (planned.unchanged) unchanged.push(planned.unchanged);
  }
  return { updates, unchanged };
}

/** Objects the pull request does not touch but that the plan changes anyway: live drift. */
function pullRequestView(pr: Omit<PullRequestChanges, "driftOutsidePr">, actions: readonly PlanAction[]): PullRequestChanges {
  // Another kind's document of the same name is not this Transformation's (kind-actions.ts adds that kind's drift).
  const touched = new Set(pr.transformations.filter((t) => t.resource === undefined).map((t) => t.name));
  const drift = actions.filter((a) => !touched.has(a.name) && !(a.kind === "delete" && a.pruneReason === "removed")).map((a) => a.name);
  return { ...pr, driftOutsidePr: drift };
}

function planUnmatched(
  unmatched: readonly Transformation[],
  options: ComputePlanOptions,
): { deletes: DeleteAction[]; unmanaged: UnmanagedObject[] } {
  const removedIds = new Set(options.removed?.ids ?? []);
  const removedNames = new Set(options.removed?.names ?? []);
  const deletes: DeleteAction[] = [];
  const unmanaged: UnmanagedObject[] = [];
  for (const t of unmatched) {
    if (options.prune === "all") deletes.push(planDelete(t, "all"));
    else if (options.prune === "removed" && (removedIds.has(t.id) || removedNames.has(t.name))) deletes.push(planDelete(t, "removed"));
    else unmanaged.push({ id: t.id, name: t.name, sourceId: t.sourceId, fingerprint: fingerprint(t) });
  }
  return { deletes, unmanaged };
}

function planWarnings(matching: Matching): PlanWarning[] {
  const warnings: PlanWarning[] = [];
  for (const { doc, live } of matching.outOfScopePins) {
    warnings.push({
      where: locationText(doc.location),
      message:
        doc.id !== undefined
          ? `"${doc.name}" pins id ${live.id}, whose source ${live.sourceId} is outside the managed scope; it is managed anyway because it is pinned.`
          : `"${doc.name}" names ${live.id} on its source ${live.sourceId}, which is outside the managed scope; it is managed anyway because its document names it there.`,
    });
  }
  for (const { doc, live } of matching.pairs) {
    if ((doc.spec.fqlDefinedProperties ?? []).length > 0 && live.fqlDefinedProperties === undefined) {
      warnings.push({
        where: locationText(doc.location),
        message: `fqlDefinedProperties of "${doc.name}" could not be compared: live object ${live.id} was read without details (use needsDetails when reading live state).`,
      });
    }
  }
  return warnings;
}

/** Every live object in scope, plus pinned ones outside it: what apply re-reads to detect a stale plan. */
function fingerprintsOf(
  live: readonly Transformation[],
  matching: Matching,
  scopeSources: readonly string[] | undefined,
): Record<string, string> {
  const pinnedOutside = new Set(matching.outOfScopePins.map((pair) => pair.live.id));
  const read = live.filter((t) => inScope(t, scopeSources) || pinnedOutside.has(t.id));
  const fingerprints: Record<string, string> = {};
  for (const t of [...read].sort((a, b) => compareStrings(a.id, b.id))) setOwn(fingerprints, t.id, fingerprint(t));
  return fingerprints;
}

function summarize(actions: readonly PlanAction[], unchanged: number, unmanaged: number): PlanSummary {
  const count = (kind: PlanAction["kind"]): number => actions.filter((action) => action.kind === kind).length;
  return { create: count("create"), update: count("update"), delete: count("delete"), unchanged, unmanaged };
}

function sortByName<T extends { name: string; id?: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.id ?? "", b.id ?? ""));
}

export function hasChanges(plan: Plan): boolean {
  return plan.actions.length > 0;
}

/**
 * Objects in a declared `scope` that no document describes (made in the Segment app, say): the
 * repository claims that scope, so they are drift, and `plan --detailed-exitcode` counts them as
 * changes (exit 2) even when this plan does not delete them. Without a declared scope the whole
 * workspace is in view and such objects are only listed.
 */
export function hasUnmanagedDrift(plan: Plan): boolean {
  return plan.options.scopeSources !== undefined && plan.unmanaged.length > 0;
}

/** Whether a document gives such a field a value other than unset (`[]` sets nothing). */
const setsNotListed = (doc: BasisDocument | undefined): boolean =>
  doc !== undefined && LIST_OMITTED_FIELDS.some((field) => !sameJson(normField(field, doc.spec[field]), normField(field, undefined)));

/**
 * Which live objects need a `get` (the list omits some fields: LIST_OMITTED_FIELDS, i.e.
 * fqlDefinedProperties): those a document setting such a field matches, by pinned id or by name, and those a document of the applied
 * record (`recorded`: the documents at the recorded commit, or a pull request's base) set them in,
 * so removing them from the document is seen and cleared. Any other object, updated or not, is
 * planned from the list: the FQL properties it may hold are left as they are (`notRead`), and
 * `--refresh full` reads them for drift (docs/performance.md says why no get per update).
 */
export function needsDetails(desired: readonly BasisDocument[], recorded: readonly BasisDocument[] = []): (t: Transformation) => boolean {
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const doc of [...desired, ...recorded]) {
    if (!setsNotListed(doc)) continue;
    if (doc.id !== undefined) ids.add(doc.id);
    else names.add(doc.name);
  }
  return (t) => ids.has(t.id) || names.has(t.name);
}
