import { ApplyError, ConflictError } from "../errors.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";
import type { KindClient } from "../live/kind-client.js";
import { sameJson } from "../plan/canonical.js";
import { kindFingerprint, type KindPlan, type KindPlanAction } from "../plan/kind-plan.js";

/** What one kind's apply did: each action and the id of the object it wrote. */
export interface KindApplied {
  done: Array<{ action: KindPlanAction; id: string }>;
}

/**
 * Carries out a kind's plan (src/plan/kind-plan.ts) with the guards of every apply: the live objects
 * read again first, and the plan refused if one it acts on changed since (its fingerprint) or if an
 * object of a name it creates exists now (no duplicate create); then the writes in the plan's order;
 * then every object written read back and checked against what was sent. `onWritten` is told of
 * each write as it succeeds (apply's report of a run that stops half-way).
 */
export async function applyKindPlan(
  client: KindClient,
  plan: KindPlan,
  options: { onWritten?: (action: KindPlanAction, id: string) => void } = {},
): Promise<KindApplied> {
  const { kind } = client;
  // A nested kind (Destination Filters) is read on the parents its actions are on: their scope.
  const parents = plan.actions.flatMap((action) => (action.scope !== undefined ? [action.scope] : []));
  const before = await client.listAll(parents);
  for (const action of plan.actions) {
    const live = before.find((o) => o.id === action.id);
    if (action.id !== undefined && (live === undefined || kindFingerprint(kind, live) !== action.fingerprint))
      throw new ConflictError(`${kind.labels.singular} "${action.name}" (${action.id}) changed since the plan was made; plan again`);
    if (action.kind === "create" && before.some((o) => sameIdentity(kind, o, action)))
      throw new ConflictError(`a ${kind.labels.singular} named "${action.name}" exists now; plan again instead of creating a second one`);
  }
  const done: KindApplied["done"] = [];
  for (const action of plan.actions) {
    done.push({ action, id: await write(client, action) });
    options.onWritten?.(action, done.at(-1)!.id);
  }
  const after = await client.listAll(parents);
  const wrong = done.filter(
    ({ action, id }) =>
      action.kind !== "delete" &&
      !holds(
        kind,
        after.find((o) => o.id === id),
        action,
      ),
  );
  if (wrong.length > 0)
    throw new ApplyError(
      `the API does not hold what was sent for ${wrong.map(({ action }) => `"${action.name}"`).join(", ")}`,
      wrong.length,
    );
  return { done };
}

async function write(client: KindClient, action: KindPlanAction): Promise<string> {
  if (action.kind === "create") return (await client.create(action.body!)).id;
  if (action.kind === "update") return (await client.update(action.id!, action.body!, action.scope)).id;
  await client.remove(action.id!, action.scope);
  return action.id!;
}

/** Whether a live object has the name a create gives (its body's, else the action's) in the create's scope. */
function sameIdentity(kind: ResourceKind, live: KindObject, action: KindPlanAction): boolean {
  const { name, scope } = kind.identity;
  const named = action.body?.[name] ?? action.name;
  return live[name] === named && (scope === undefined || action.scope === undefined || live[scope] === action.scope);
}

/** Whether the object read back carries each value sent (a cleared field: absent or at its clearing value; write-only fields are never read). */
function holds(kind: ResourceKind, object: KindObject | undefined, action: KindPlanAction): boolean {
  if (object === undefined) return false;
  return action.changes.every(({ field, after }) => {
    const facts = kind.fields[field];
    if (facts === undefined || facts.returned === "never") return true;
    const read = object[field];
    if (after === undefined) return read === undefined || read === null || sameJson(read, facts.clearedWith);
    return sameJson(read, after) || (facts.compare === "set" && sameSet(read, after));
  });
}

function sameSet(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x) => b.some((y) => sameJson(x, y)));
}
