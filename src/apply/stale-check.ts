import { transformationPlan } from "../plan/kind-actions.js";
import type { DeleteAction, Plan, UpdateAction } from "../plan/types.js";
import type { LiveState } from "../model/live-state.js";
import type { Transformation } from "../model/transformation.js";
import { PLAN_FORMAT_VERSION } from "../plan/types.js";
import { ConflictError } from "../errors.js";
import { keyChange, nameKey } from "../plan/name-guard.js";
import { escapeControls } from "../escape/text-escape.js";
import { ownValue } from "../own-keys.js";

export interface FreshnessOptions {
  fingerprint: (t: Transformation) => string;
  /** Version of the running transync, compared with the version that wrote the plan. */
  transyncVersion: string;
  /** The variable the token that read `live` came from (LiveApi.tokenEnv); default SEGMENT_API_TOKEN. */
  tokenEnv?: string;
}

/**
 * Refuses a plan that no longer describes the workspace: made for another workspace or by an
 * incompatible transync, an object it updates or deletes is gone or changed, or a live object now
 * holds a name the plan would create, or the (name, source) a rename or move of the plan takes. Every difference is named in one error; nothing is written
 * before this passes (the caller re-reads live state just before).
 */
export function checkPlanFresh(whole: Plan, live: LiveState, opts: FreshnessOptions): void {
  checkSameWorkspace(whole, live.workspaceId, opts.tokenEnv);
  // Another kind's actions are checked by its own apply (kind-apply.ts), against its own read.
  const plan = transformationPlan(whole);
  const problems = [
    ...originProblems(plan, live, opts.transyncVersion),
    ...touchedObjectProblems(plan, live, opts.fingerprint),
    ...nameTakenProblems(plan, live, opts.fingerprint),
    ...renameTargetProblems(plan, live),
  ];
  if (problems.length === 0) return;
  // One line per problem: the names it quotes are shown escaped (src/escape/text-escape.ts).
  const list = problems.map((p) => `  - ${escapeControls(p)}`).join("\n");
  throw new ConflictError(`stale plan, run plan again: live state differs from what the plan was made against:\n${list}`);
}

function originProblems(plan: Plan, live: LiveState, runningVersion: string): string[] {
  const problems: string[] = [];
  if (plan.formatVersion !== PLAN_FORMAT_VERSION) {
    problems.push(`the plan has format version ${String(plan.formatVersion)}; this transync reads version ${PLAN_FORMAT_VERSION}`);
  }
  if (!versionsCompatible(plan.transyncVersion, runningVersion)) {
    problems.push(`the plan was made by transync ${plan.transyncVersion}, which is incompatible with this transync ${runningVersion}`);
  }
  return problems;
}

/**
 * A plan for another workspace is not stale, it is aimed wrong: say so alone, instead of listing
 * each of its objects as "deleted since the plan was made".
 */
export function checkSameWorkspace(plan: Plan, workspaceId: string, tokenEnv = "SEGMENT_API_TOKEN"): void {
  if (plan.workspaceId === workspaceId) return;
  throw new ConflictError(
    `the plan was made for workspace ${plan.workspaceId}, but ${tokenEnv} (and the API URL) reach workspace ${workspaceId}; nothing was changed. ` +
      `Apply it with the token of ${plan.workspaceId}, or run \`transync plan --out FILE\` against ${workspaceId}.`,
  );
}

/** Same major version; below 1.0 the minor version is the breaking one (semver's rule for 0.x). */
export function versionsCompatible(planVersion: string, runningVersion: string): boolean {
  const a = /^(\d+)\.(\d+)\./.exec(planVersion);
  const b = /^(\d+)\.(\d+)\./.exec(runningVersion);
  if (!a || !b) return planVersion === runningVersion;
  if (a[1] !== b[1]) return false;
  return a[1] !== "0" || a[2] === b[2];
}

function touchedObjectProblems(plan: Plan, live: LiveState, fingerprint: (t: Transformation) => string): string[] {
  const byId = new Map(live.transformations.map((t) => [t.id, t]));
  const problems: string[] = [];
  for (const action of plan.actions) {
    if (action.kind === "create") continue;
    const { id, fingerprint: plannedPrint } = action;
    const current = byId.get(id);
    if (!current) {
      problems.push(`${describe(action)} was deleted since the plan was made`);
      continue;
    }
    const planned = plannedPrint ?? ownValue(plan.fingerprints, id);
    if (planned === undefined || fingerprint(current) !== planned) {
      problems.push(
        `${describe(action)} changed since the plan was made${current.name !== action.name && action.kind === "delete" ? ` (now named "${current.name}")` : ""}`,
      );
    }
  }
  return problems;
}

/**
 * A live object holding a name the plan creates is a conflict when the plan did not see it with that
 * name (new, or renamed since). An object the plan saw unchanged under that name is fine: the plan
 * itself frees the name first (a rename-away update or a delete runs before creates).
 */
function nameTakenProblems(plan: Plan, live: LiveState, fingerprint: (t: Transformation) => string): string[] {
  const scope = plan.options.scopeSources ? new Set(plan.options.scopeSources) : undefined;
  const creates = new Map(plan.actions.filter((a) => a.kind === "create").map((a) => [a.name, a]));
  const problems: string[] = [];
  for (const t of live.transformations) {
    const create = creates.get(t.name);
    if (!create) continue;
    if (scope && !scope.has(t.sourceId) && t.sourceId !== create.sourceId) continue;
    const planned = ownValue(plan.fingerprints, t.id);
    if (planned === undefined) problems.push(`"${t.name}" (${t.id}) now exists, and the plan would create an object of that name`);
    else if (planned !== fingerprint(t))
      problems.push(`"${t.name}" (${t.id}) changed since the plan was made and now holds a name the plan would create`);
  }
  return problems;
}

/**
 * plan refuses a rename or move onto a (name, source) another object holds (plan/name-guard.ts);
 * under the lock, the same against live state read again: any holder but one the plan deletes
 * (deletes run first) would be left with a twin.
 */
function renameTargetProblems(plan: Plan, live: LiveState): string[] {
  const deleted = new Set(plan.actions.flatMap((a) => (a.kind === "delete" ? [a.id] : [])));
  const problems: string[] = [];
  for (const action of plan.actions) {
    if (action.kind !== "update" || !keyChange(action)) continue;
    const target = nameKey(action.name, action.sourceId);
    for (const t of live.transformations) {
      if (t.id === action.id || deleted.has(t.id) || nameKey(t.name, t.sourceId) !== target) continue;
      problems.push(
        `"${t.name}" (${t.id}) now holds "${action.name}" in source ${action.sourceId}, which the plan's rename of ${action.id} takes; applying it would make two of that name`,
      );
    }
  }
  return problems;
}

function describe(action: UpdateAction | DeleteAction): string {
  return `"${action.name}" (${action.id}), which the plan ${action.kind === "delete" ? "deletes" : "updates"},`;
}
