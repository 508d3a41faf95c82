import type { ErrorIssue } from "../errors.js";
import type { DeleteAction, Plan, PlanAction } from "../plan/types.js";
import { ValidationError } from "../errors.js";
import { digestProblem } from "../plan/digest.js";
import { bodyIssues } from "./body-consistency.js";
import { kindNamed } from "../kinds/index.js";
import { sameJson } from "../plan/canonical.js";
import { ownValue } from "../own-keys.js";

/**
 * Checks a plan read from a file before any network call: its digest (an edited plan is refused)
 * and its internal consistency (summary vs actions; every delete and update backed by the
 * fingerprint of a live object the plan read; deletes only when the plan prunes, each for the
 * plan's own reason and inside its scope; every body sends what its changes show, and no more).
 * The format version and schema are checked by
 * parsePlanJson; whether live state still matches is checkPlanFresh's job, after the re-read.
 */
export function checkPlanFile(plan: Plan, source: string): void {
  const digest = digestProblem(plan, source);
  if (digest) throw new ValidationError(digest);
  const issues = [
    ...summaryIssues(plan),
    ...plan.actions.flatMap((a, i) => actionIssues(plan, a, i)),
    ...duplicateIds(plan),
    ...kindOrderIssues(plan),
  ];
  if (issues.length === 0) return;
  throw new ValidationError(
    `${source} is not consistent (${issues.length} problem${issues.length === 1 ? "" : "s"}), so nothing was applied; was it edited by hand? Run \`transync plan --out FILE\` again.`,
    issues,
  );
}

function summaryIssues(plan: Plan): ErrorIssue[] {
  const counted = { create: 0, update: 0, delete: 0, unchanged: plan.unchanged.length, unmanaged: plan.unmanaged.length };
  for (const action of plan.actions) counted[action.kind] += 1;
  const issues: ErrorIssue[] = [];
  for (const [key, actual] of Object.entries(counted) as Array<[keyof typeof counted, number]>) {
    const stated = plan.summary[key];
    if (stated !== actual) issues.push({ where: `/summary/${key}`, message: `the summary says ${stated}, but the plan lists ${actual}` });
  }
  return issues;
}

/**
 * Typed as the plan's own union: a plan file passed its schema (parsePlanJson) first, and the checks
 * of members the schema requires stay for plans built in code.
 */
function actionIssues(plan: Plan, action: PlanAction, index: number): ErrorIssue[] {
  const where = `/actions/${index}`;
  const what = `${action.kind} of "${action.name}"`;
  const issues: ErrorIssue[] = [];
  const add = (message: string): void => void issues.push({ where, message: `${what}: ${message}` });
  for (const issue of action.resource === undefined ? bodyIssues(action) : kindBodyIssues(action)) add(issue);
  if (action.kind === "create") {
    if (action.id !== undefined) add("a create has no id");
    if (action.body === undefined) add("has no body to send");
    return issues;
  }
  if (action.id === undefined) return [{ where, message: `${what}: has no id` }];
  const known = ownValue(plan.fingerprints, action.id);
  if (known === undefined) add(`object ${action.id} is not among the live objects the plan read`);
  else if (action.fingerprint !== undefined && action.fingerprint !== known)
    add(`its fingerprint differs from the one the plan read for ${action.id}`);
  if (action.kind === "update" && action.body === undefined) add("has no body to send");
  if (action.kind === "delete") issues.push(...deleteIssues(plan, action, where, what));
  return issues;
}

function deleteIssues(plan: Plan, action: DeleteAction, where: string, what: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const prune = plan.options.prune;
  if (prune === false) issues.push({ where, message: `${what}: the plan does not prune (options.prune is false), so it deletes nothing` });
  else if (action.pruneReason !== prune)
    issues.push({
      where,
      message: `${what}: its prune reason ${JSON.stringify(action.pruneReason ?? null)} is not the plan's prune mode "${prune}"`,
    });
  const scope = plan.options.scopeSources;
  // A scope is of sources: another kind's objects are not in it (its sourceId is its own scope field's value).
  if (scope && action.resource === undefined && (action.sourceId === undefined || !scope.includes(action.sourceId))) {
    issues.push({ where, message: `${what}: source ${action.sourceId ?? "(none)"} is outside the plan's scope (${scope.join(", ")})` });
  }
  return issues;
}

function duplicateIds(plan: Plan): ErrorIssue[] {
  const seen = new Set<string>();
  const issues: ErrorIssue[] = [];
  plan.actions.forEach((a: PlanAction, index) => {
    const id = a.id;
    if (id === undefined) return;
    if (seen.has(id)) issues.push({ where: `/actions/${index}`, message: `object ${id} has more than one action` });
    seen.add(id);
  });
  return issues;
}

/**
 * The body of another kind's action (`resource`): the kind is one this transync knows, the body sends
 * only the kind's fields and only those a change lists, a create sends each as its change shows, and
 * an update sends no `fixed` field (only a create sets it: the API's update does not take it).
 */
function kindBodyIssues(action: PlanAction): string[] {
  const kind = kindNamed(action.resource!);
  if (kind === undefined) return [`no kind ${JSON.stringify(action.resource)} is known to this transync`];
  if (action.kind === "delete") return [];
  const sent = action.body as unknown as Record<string, unknown>;
  const shown = new Map(action.changes.map((c) => [c.field, c]));
  return Object.keys(sent).flatMap((field) => {
    if (!Object.hasOwn(kind.fields, field)) return [`its body sends ${field}, which a ${kind.name} does not have`];
    if (action.kind === "update" && kind.fields[field]!.fixed === true) return [`its body sends ${field}, which only a create sets`];
    const change = shown.get(field);
    if (change === undefined) return [`its body sends ${field}, which no change lists`];
    if (action.kind === "create" && !sameJson(change.after, sent[field]))
      return [`its body sends ${field} as another value than its change shows`];
    return [];
  });
}

/** Another kind's actions come after every Transformation's, as plan writes them (the guards and volumes index the Transformations' from 0). */
function kindOrderIssues(plan: Plan): ErrorIssue[] {
  const firstOther = plan.actions.findIndex((a) => a.resource !== undefined);
  if (firstOther < 0) return [];
  const late = plan.actions.findIndex((a, i) => i > firstOther && a.resource === undefined);
  return late < 0 ? [] : [{ where: `/actions/${late}`, message: `a Transformation's action after another kind's; plan writes them first` }];
}
