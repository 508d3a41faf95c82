import { InternalError, ValidationError } from "../errors.js";
import type { KindObject, ResourceKind } from "../kinds/kind.js";
import { DEFAULT_KIND, knownKinds } from "../kinds/index.js";
import { KindClient, type KindTransport } from "../live/kind-client.js";
import type { PublicApiReads } from "../live/public-api.js";
import type { DesiredResource } from "../model/desired-resource.js";
import { planKind, type KindPlan, type RemovedDocuments } from "../plan/kind-plan.js";
import { withKindPlan } from "../plan/kind-actions.js";
import { kindPullRequestReasons } from "../plan/pull-request-reasons.js";
import { counterpartIn } from "../plan/write-only.js";
import type { Plan, PlanWarning } from "../plan/types.js";
import type { KindPullRequest, RemovedOfKind } from "./kind-pull-request.js";
import { placeOnInstances, placeRemoved, type InstanceFacts, type InstanceReads } from "./instance-refs.js";

/** What a kind on destination instances needs besides its documents: the Public API's reads, the source aliases, the scope. */
export interface OtherKindsContext extends InstanceReads {
  reads: PublicApiReads & { readonly calls?: number };
  /** The sources in scope (ids); undefined: the whole workspace. */
  scopeSources?: readonly string[];
}

/** One other kind as read for a plan: its documents, its live objects, and the calls the read made. */
export interface KindRead {
  kind: ResourceKind;
  documents: DesiredResource[];
  live: KindObject[];
  calls: number;
  /** A kind on destination instances: the instances its documents and objects are on (placedPlan labels its actions with them). */
  instances?: Map<string, InstanceFacts>;
  /** A kind on destination instances: the live objects outside scope.sources left out of its plan (InstanceRead.leftOut). */
  leftOut?: KindObject[];
  /** What the pull request removed of the kind, by id and identity: what `prune: removed` deletes. */
  removed?: RemovedDocuments;
  /** Removed documents whose instance no longer resolves: nothing is deleted for them, and the plan says so. */
  warnings?: PlanWarning[];
}

/**
 * The live objects of every registered kind but Transformation that has documents, or whose
 * documents `removed` says the pull request removed (prune: removed deletes them), in the registry's
 * order; each read with its KindClient, its pages counted. A kind with neither is not read, so a
 * project of Transformations alone makes the calls it made before. A kind on destination instances
 * (Destination Filters) has its documents placed on their instances first (src/pipeline/instance-refs.ts)
 * and is listed per instance (under `prune: all`, of every connected destination in scope too). The
 * documents the pull request removed are matched as a head document is: by pin, else by identity
 * (a kind on destination instances: once placed, on its own instance; one that does not place warns).
 */
export async function readOtherKinds(
  api: KindTransport,
  documents: readonly DesiredResource[] | undefined,
  removed: Readonly<Record<string, RemovedOfKind>> | undefined,
  { prune, context }: { prune: boolean; context?: OtherKindsContext },
): Promise<KindRead[]> {
  const reads: KindRead[] = [];
  for (const kind of knownKinds()) {
    if (kind === DEFAULT_KIND) continue;
    const ofKind = (documents ?? []).filter((doc) => doc.kind === kind.name);
    if (ofKind.length === 0 && removed?.[kind.name] === undefined) continue;
    // The plan's call count is every read it made: the kind's pages too, and the Public API's reads placing its documents.
    let calls = 0;
    const counted: KindTransport = {
      publicListPage: (...page) => (calls++, api.publicListPage(...page)),
      publicCall: (request) => (calls++, api.publicCall(request)),
    };
    const client = new KindClient(counted, kind);
    const readsBefore = context?.reads.calls ?? 0;
    const gone = removed?.[kind.name];
    if (kind.document?.onInstance) {
      // A document the pull request removed may be the last on its instance: list every instance in scope then.
      const read = await readOnInstances(kind, ofKind, client, { context, prune: prune || gone !== undefined, removed: gone });
      reads.push({ kind, ...read, calls: calls + (context?.reads.calls ?? 0) - readsBefore });
    } else {
      const identities = (gone?.documents ?? []).map((doc) => identityOf(kind, doc.spec as unknown as Record<string, unknown>));
      reads.push({
        kind,
        documents: ofKind,
        live: await client.listAll(),
        calls,
        ...(gone ? { removed: { ids: gone.ids, identities } } : {}),
      });
    }
  }
  return reads;
}

/** The live objects read, by the name and id a `--target`/`--exclude` pattern may give. */
export function namedObjects(reads: readonly KindRead[]): Array<{ name: string; id: string }> {
  return reads.flatMap(({ kind, live }) => live.map((o) => ({ name: String(o[kind.identity.name]), id: o.id })));
}

/**
 * The plan of every kind read, appended to the Transformations' plan in the registry's order
 * (src/plan/kind-actions.ts), planned by planKind: a kind prunes with `prune: all`, and with `prune:
 * removed` what the pull request removed of it. In a pull-request plan an update's reasons are told
 * apart against the base's document (src/plan/pull-request-reasons.ts), as a Transformation's are.
 * A kind on destination instances is refused over its per-instance limit and its actions placed.
 */
export function withOtherKinds(plan: Plan, reads: readonly KindRead[], pr: KindPullRequest | undefined): Plan {
  let planned = plan;
  for (const read of reads) {
    const { kind, documents, live, calls } = read;
    const removed = plan.options.prune === "removed" ? read.removed : undefined;
    let made = planKind(kind, documents, live, { prune: plan.options.prune === "all", ...(removed ? { removed } : {}) });
    if (read.instances !== undefined)
      made = placedPlan(kind, { documents, live, instances: read.instances, leftOut: read.leftOut ?? [] }, made);
    const withCalls = { ...planned, apiCalls: planned.apiCalls + calls, warnings: [...planned.warnings, ...(read.warnings ?? [])] };
    planned = withKindPlan(withCalls, kind, pr ? withReasons(kind, made, documents, pr) : made);
  }
  return planned;
}

/** Each update of the kind's plan with its pull-request reasons; its document is the one of its name (names are unique within a kind). */
function withReasons(kind: ResourceKind, made: KindPlan, documents: readonly DesiredResource[], pr: KindPullRequest): KindPlan {
  const atBase = counterpartIn(pr.baseDocuments.filter((doc) => doc.kind === kind.name));
  const actions = made.actions.map((action) => {
    const doc = documents.find((d) => d.name === action.name);
    return action.kind === "update" && doc !== undefined ? kindPullRequestReasons(kind, action, doc, atBase(doc)) : action;
  });
  return { ...made, actions };
}

/** A kind on destination instances as read for a plan: its documents placed on their instances, its live objects of those instances. */
export interface InstanceRead {
  documents: DesiredResource[];
  live: KindObject[];
  instances: Map<string, InstanceFacts>;
  /** Live objects on instances of sources outside `scope.sources` that no document names: never planned, still counted against the per-instance limit. */
  leftOut?: KindObject[];
  /** The pull request's removed documents, the unpinned ones by (instance, identity name) once placed. */
  removed?: RemovedDocuments;
  /** Each removed document whose source or instance no longer resolves: it deletes nothing. */
  warnings?: PlanWarning[];
}

/** The read half: the documents placed (src/pipeline/instance-refs.ts), the live objects listed per instance (under prune, of every connected destination in scope too). */
export async function readOnInstances(
  kind: ResourceKind,
  documents: readonly DesiredResource[],
  client: KindClient,
  { context, prune, removed }: { context: OtherKindsContext | undefined; prune: boolean; removed?: RemovedOfKind | undefined },
): Promise<InstanceRead> {
  const scopeField = kind.identity.scope;
  if (context === undefined || scopeField === undefined)
    throw new InternalError(`kind ${kind.name} is planned with the Public API's reads`);
  const pruneSources = prune ? (context.scopeSources ?? "every source") : undefined;
  const placed = await placeOnInstances(documents, scopeField, { ...context, ...(pruneSources ? { pruneSources } : {}) });
  const gone = removed === undefined ? undefined : await removedOnInstances(kind, scopeField, removed, context);
  const instances = new Map([...(gone?.instances ?? []), ...placed.instances]);
  const listed = await client.listAll([...instances.keys()]);
  const outside = instancesOutsideScope(placed.documents, context.scopeSources, scopeField);
  // As a Transformation outside scope.sources: a live object there is neither read as unmanaged nor pruned; one a document names (pin or name) is managed.
  const named = (o: KindObject) =>
    placed.documents.some((doc) => {
      const spec = doc.spec as unknown as Record<string, unknown>;
      return (
        spec[scopeField] === o[scopeField] &&
        (doc.id === o.id || (doc.id === undefined && spec[kind.identity.name] === o[kind.identity.name]))
      );
    });
  const kept = (o: KindObject) => !outside.has(String(o[scopeField])) || named(o);
  const pruned = gone === undefined ? {} : { removed: gone.removed, warnings: gone.warnings };
  return { documents: placed.documents, instances, live: listed.filter(kept), leftOut: listed.filter((o) => !kept(o)), ...pruned };
}

/**
 * The pull request's removed documents of a kind on destination instances, placed as the head's are
 * (src/pipeline/instance-refs.ts): each unpinned one then matches the live object of its identity
 * name on its own instance, never one of that name elsewhere. One that does not resolve deletes
 * nothing, and a warning names it and why.
 */
async function removedOnInstances(
  kind: ResourceKind,
  scopeField: string,
  removed: RemovedOfKind,
  context: OtherKindsContext,
): Promise<{ removed: RemovedDocuments; warnings: PlanWarning[]; instances: Map<string, InstanceFacts> }> {
  const placed = await placeRemoved(removed.documents, scopeField, context);
  const identities = placed.documents.map((doc) => identityOf(kind, doc.spec as unknown as Record<string, unknown>));
  const warnings = placed.unresolved.map((issue) => ({
    ...(issue.where !== undefined ? { where: issue.where } : {}),
    message: `${issue.message}: the pull request removed its document, but its instance does not resolve, so nothing is deleted for it (prune: removed)`,
  }));
  return { removed: { ids: removed.ids, identities }, warnings, instances: placed.instances };
}

/** A document's identity as its kind matches live objects: its identity name's value and its scope field's. */
function identityOf(kind: ResourceKind, spec: Readonly<Record<string, unknown>>): { name: string; scope?: string } {
  const scope = kind.identity.scope === undefined ? undefined : spec[kind.identity.scope];
  return { name: String(spec[kind.identity.name]), ...(typeof scope === "string" ? { scope } : {}) };
}

/** The instances of the placed documents whose source is outside `scope.sources` (none without a scope). */
function instancesOutsideScope(
  documents: readonly DesiredResource[],
  scope: readonly string[] | undefined,
  scopeField: string,
): Set<string> {
  const outside = new Set<string>();
  if (scope === undefined) return outside;
  for (const doc of documents) {
    const spec = doc.spec as unknown as Record<string, unknown>;
    if (!scope.includes(String(spec.sourceId))) outside.add(String(spec[scopeField]));
  }
  return outside;
}

/** The plan half, pure: the per-instance limit refused, each action and unmanaged object given its place (`web → Amplitude prod`). */
export function placedPlan(kind: ResourceKind, read: InstanceRead, kindPlan: KindPlan): KindPlan {
  refuseOverLimit(kind, read, kindPlan);
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
function refuseOverLimit(kind: ResourceKind, { documents, instances, leftOut }: InstanceRead, plan: KindPlan): void {
  const limit = kind.api.perScope;
  const field = kind.identity.scope;
  if (limit === undefined || field === undefined) return;
  const held = new Map<string, { documents: number; staying: number }>();
  const at = (scope: string) => held.get(scope) ?? held.set(scope, { documents: 0, staying: 0 }).get(scope)!;
  for (const doc of documents) at(String((doc.spec as unknown as Record<string, unknown>)[field])).documents++;
  for (const object of plan.unmanaged) if (object.scope !== undefined) at(object.scope).staying++;
  for (const object of leftOut ?? []) at(String(object[field])).staying++;
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
