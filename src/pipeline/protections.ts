import type { DesiredResource, Protection } from "../model/desired-resource.js";
import { kindNamed } from "../kinds/index.js";
import type { DesiredState } from "../desired/types.js";
import type { Plan } from "../plan/types.js";
import { PlanError, protectedHead, protectionIssues } from "../plan/index.js";
import { ConflictError } from "../errors.js";
import { escapeStrings } from "../escape/text-escape.js";

/**
 * The protections a desired state writes (docs/gitops.md, "Protected objects"): each document's
 * `protect: true`, of every kind (its pinned id, else its name) and transync.yaml's `protect:` lists. `atBase`
 * marks those read at a pull request's base: the plan unites them with the head's, so the pull
 * request, which writes the head, cannot remove a protection and the object in one step.
 */
export function protectionsOf(state: Pick<DesiredState, "project" | "resources" | "otherKinds">, atBase?: string): Protection[] {
  const documents = [...state.resources, ...(state.otherKinds ?? [])];
  const fromDocuments = documents.flatMap((doc): Protection[] =>
    doc.protectedAt === undefined
      ? []
      : [doc.id !== undefined ? { id: doc.id, where: doc.protectedAt } : { name: liveName(doc), where: doc.protectedAt }],
  );
  const all = [...fromDocuments, ...(state.project.protect ?? [])];
  return atBase === undefined ? all : all.map((p) => ({ ...p, atBase }));
}

/**
 * `apply PLANFILE` replays a saved plan without planning again: its deletes and moves are checked
 * against the protections of transync.yaml where apply runs, so a plan saved before an object was
 * protected there is refused too. (A document's `protect: true` is checked when the plan is made:
 * a saved plan holds no documents.)
 */
export function refuseProtectedInPlan(plan: Plan, protections: readonly Protection[], file: string): void {
  refuseProtected(plan, protections, (count) => `${protectedHead(count)}: the saved plan ${file} cannot be applied`);
}

/**
 * The deletes (and moves) of a plan buildPlan made, every kind's (computePlan left the
 * Transformations' to this, `protectionsRefused`): one refusal lists every protected object, the
 * Transformations' first, before anything is written.
 */
export function refuseProtectedActions(plan: Plan, protections: readonly Protection[]): void {
  refuseProtected(plan, protections, protectedHead);
}

/** The one refusal of a plan's protected deletes and moves, its names escaped, under the head given their count. */
function refuseProtected(plan: Plan, protections: readonly Protection[], head: (count: number) => string): void {
  const issues = protectionIssues(plan.actions, protections);
  if (issues.length > 0) throw new ConflictError(new PlanError(escapeStrings(issues), head(issues.length)).message);
}

/**
 * The name the document's live object answers to, as its plan action carries it: a Transformation's
 * name; another kind's identity name (a Destination Filter's title, which defaults to the document's `name`).
 */
function liveName(doc: DesiredResource): string {
  const kind = doc.kind === undefined ? undefined : kindNamed(doc.kind);
  const named = kind === undefined ? undefined : (doc.spec as unknown as Record<string, unknown>)[kind.identity.name];
  return typeof named === "string" ? named : doc.name;
}
