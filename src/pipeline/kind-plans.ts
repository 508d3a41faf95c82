import { InternalError, ValidationError } from "../errors.js";
import { DEFAULT_KIND, knownKinds } from "../kinds/index.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";
import { KindClient, type KindTransport } from "../live/kind-client.js";
import type { PublicApiReads } from "../live/public-api.js";
import type { DesiredResource } from "../model/desired-resource.js";
import { planKind, type KindPlan } from "../plan/kind-plan.js";
import { withKindPlan } from "../plan/kind-actions.js";
import type { Plan } from "../plan/types.js";
import { placeOnInstances, type InstanceFacts, type InstanceReads } from "./instance-refs.js";

/** What a kind on destination instances needs besides its documents: the Public API's reads, the source aliases, the scope. */
export interface OtherKindsContext extends InstanceReads {
  reads: PublicApiReads & { readonly calls?: number };
  /** The sources in scope (ids); undefined: the whole workspace. */
  scopeSources?: readonly string[];
}

/**
 * The plan of every registered kind but Transformation that has documents, appended to the
 * Transformations' plan in the registry's order (src/plan/kind-actions.ts): each kind's objects read
 * with its KindClient (its pages counted in `apiCalls`), planned by planKind. A kind without documents is not read, so a project of
 * Transformations alone makes the calls it made before and its plan is byte-identical. Such a kind
 * prunes only with `prune: all` (what a pull request removed is known of Transformations only).
 * A kind on destination instances (Destination Filters) has its documents placed on their instances
 * first (src/pipeline/instance-refs.ts), is listed per instance, and is refused over its per-instance limit.
 */
export async function withOtherKinds(
  plan: Plan,
  api: KindTransport,
  documents: readonly DesiredResource[] | undefined,
  context?: OtherKindsContext,
): Promise<Plan> {
  let planned = plan;
  for (const kind of knownKinds()) {
    if (kind === DEFAULT_KIND) continue;
    const ofKind = (documents ?? []).filter((doc) => doc.kind === kind.name);
    if (ofKind.length === 0) continue;
    // The plan's call count is every read it made: the kind's pages too.
    let calls = 0;
    const counted: KindTransport = {
      publicListPage: (...page) => (calls++, api.publicListPage(...page)),
      publicCall: (request) => (calls++, api.publicCall(request)),
    };
    const prune = plan.options.prune === "all";
    const readsBefore = context?.reads.calls ?? 0;
    const kindPlan = kind.document?.onInstance
      ? await planOnInstances(kind, ofKind, new KindClient(counted, kind), { context, prune })
      : planKind(kind, ofKind, await new KindClient(counted, kind).listAll(), { prune });
    const withCalls = { ...planned, apiCalls: planned.apiCalls + calls + (context?.reads.calls ?? 0) - readsBefore };
    planned = withKindPlan(withCalls, kind, kindPlan);
  }
  return planned;
}

async function planOnInstances(
  kind: ResourceKind,
  documents: readonly DesiredResource[],
  client: KindClient,
  { context, prune }: { context: OtherKindsContext | undefined; prune: boolean },
): Promise<KindPlan> {
  const read = await readOnInstances(kind, documents, client, { context, prune });
  return placedPlan(kind, read, planKind(kind, read.documents, read.live, { prune }));
}

/** A kind on destination instances as read for a plan: its documents placed on their instances, its live objects of those instances. */
export interface InstanceRead {
  documents: DesiredResource[];
  live: KindObject[];
  instances: Map<string, InstanceFacts>;
}

/** The read half: the documents placed (src/pipeline/instance-refs.ts), the live objects listed per instance (under prune, of every connected destination in scope too). */
export async function readOnInstances(
  kind: ResourceKind,
  documents: readonly DesiredResource[],
  client: KindClient,
  { context, prune }: { context: OtherKindsContext | undefined; prune: boolean },
): Promise<InstanceRead> {
  const scopeField = kind.identity.scope;
  if (context === undefined || scopeField === undefined)
    throw new InternalError(`kind ${kind.name} is planned with the Public API's reads`);
  const pruneSources = prune ? (context.scopeSources ?? "every source") : undefined;
  const placed = await placeOnInstances(documents, scopeField, { ...context, ...(pruneSources ? { pruneSources } : {}) });
  return { ...placed, live: await client.listAll([...placed.instances.keys()]) };
}

/** The plan half, pure: the per-instance limit refused, each action and unmanaged object given its place (`web → Amplitude prod`). */
export function placedPlan(kind: ResourceKind, read: InstanceRead, kindPlan: KindPlan): KindPlan {
  refuseOverLimit(kind, read.documents, kindPlan, read.instances);
  const placeOf = (scope: string | undefined) => {
    const facts = scope === undefined ? undefined : read.instances.get(scope);
    return facts === undefined ? {} : { place: `${facts.source} → ${facts.name}` };
  };
  return {
    ...kindPlan,
    actions: kindPlan.actions.map((action) => ({ ...action, ...placeOf(action.scope) })),
    unmanaged: kindPlan.unmanaged.map((object) => ({ ...object, ...placeOf(object.scope) })),
  };
}

/**
 * The API's most objects per scope value (`api.perScope`: 10 filters per destination instance):
 * the documents on each instance and the live objects there that stay (no document matches them, no
 * prune deletes them) together. Refused at plan, before apply writes anything.
 */
function refuseOverLimit(
  kind: ResourceKind,
  documents: readonly DesiredResource[],
  plan: KindPlan,
  instances: ReadonlyMap<string, InstanceFacts>,
): void {
  const limit = kind.api.perScope;
  const field = kind.identity.scope;
  if (limit === undefined || field === undefined) return;
  const held = new Map<string, { documents: number; staying: number }>();
  const at = (scope: string) => held.get(scope) ?? held.set(scope, { documents: 0, staying: 0 }).get(scope)!;
  for (const doc of documents) at(String((doc.spec as unknown as Record<string, unknown>)[field])).documents++;
  for (const object of plan.unmanaged) if (object.scope !== undefined) at(object.scope).staying++;
  const over = [...held.entries()].filter(([, n]) => n.documents + n.staying > limit);
  if (over.length === 0) return;
  throw new ValidationError(
    `the API allows at most ${limit} ${kind.labels.plural} per destination instance; nothing was written.`,
    over.map(([scope, n]) => {
      const facts = instances.get(scope);
      const name = facts === undefined ? scope : `"${facts.name}" (${facts.source} → ${scope})`;
      const staying = n.staying > 0 ? ` and ${n.staying} live ${n.staying === 1 ? "one" : "ones"} no document names` : "";
      return {
        message: `instance ${name} would hold ${n.documents + n.staying}: ${n.documents} document${n.documents === 1 ? "" : "s"}${staying}`,
      };
    }),
  );
}
