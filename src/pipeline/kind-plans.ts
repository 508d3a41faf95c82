import type { KindObject, ResourceKind } from "../kinds/kind.js";
import { DEFAULT_KIND, knownKinds } from "../kinds/index.js";
import { KindClient, type KindTransport } from "../live/kind-client.js";
import type { DesiredResource } from "../model/desired-resource.js";
import { planKind, type KindPlan, type RemovedDocuments } from "../plan/kind-plan.js";
import { withKindPlan } from "../plan/kind-actions.js";
import { kindPullRequestReasons } from "../plan/pull-request-reasons.js";
import { counterpartIn } from "../plan/write-only.js";
import type { Plan } from "../plan/types.js";
import type { KindPullRequest } from "./kind-pull-request.js";

/** One other kind as read for a plan: its documents, its live objects, and the calls the read made. */
export interface KindRead {
  kind: ResourceKind;
  documents: DesiredResource[];
  live: KindObject[];
  calls: number;
}

/**
 * The live objects of every registered kind but Transformation that has documents, or whose
 * documents `removed` says the pull request removed (prune: removed deletes them), in the registry's
 * order; each read with its KindClient, its pages counted. A kind with neither is not read, so a
 * project of Transformations alone makes the calls it made before.
 */
export async function readOtherKinds(
  api: KindTransport,
  documents: readonly DesiredResource[] | undefined,
  removed: Readonly<Record<string, RemovedDocuments>> | undefined,
): Promise<KindRead[]> {
  const reads: KindRead[] = [];
  for (const kind of knownKinds()) {
    if (kind === DEFAULT_KIND) continue;
    const ofKind = (documents ?? []).filter((doc) => doc.kind === kind.name);
    if (ofKind.length === 0 && removed?.[kind.name] === undefined) continue;
    // The plan's call count is every read it made: the kind's pages too.
    let calls = 0;
    const counted: KindTransport = {
      publicListPage: (...page) => (calls++, api.publicListPage(...page)),
      publicCall: (request) => (calls++, api.publicCall(request)),
    };
    const live = await new KindClient(counted, kind).listAll();
    reads.push({ kind, documents: ofKind, live, calls });
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
 */
export function withOtherKinds(plan: Plan, reads: readonly KindRead[], pr: KindPullRequest | undefined): Plan {
  let planned = plan;
  for (const { kind, documents, live, calls } of reads) {
    const removed = plan.options.prune === "removed" ? pr?.removed[kind.name] : undefined;
    const made = planKind(kind, documents, live, { prune: plan.options.prune === "all", ...(removed ? { removed } : {}) });
    const withCalls = { ...planned, apiCalls: planned.apiCalls + calls };
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
