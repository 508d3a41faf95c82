import { DEFAULT_KIND, knownKinds } from "../kinds/index.js";
import { KindClient, type KindTransport } from "../live/kind-client.js";
import type { DesiredResource } from "../model/desired-resource.js";
import { planKind } from "../plan/kind-plan.js";
import { withKindPlan } from "../plan/kind-actions.js";
import type { Plan } from "../plan/types.js";

/**
 * The plan of every registered kind but Transformation that has documents, appended to the
 * Transformations' plan in the registry's order (src/plan/kind-actions.ts): each kind's objects read
 * with its KindClient (its pages counted in `apiCalls`), planned by planKind. A kind without documents is not read, so a project of
 * Transformations alone makes the calls it made before and its plan is byte-identical. Such a kind
 * prunes only with `prune: all` (what a pull request removed is known of Transformations only).
 */
export async function withOtherKinds(plan: Plan, api: KindTransport, documents: readonly DesiredResource[] | undefined): Promise<Plan> {
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
    const live = await new KindClient(counted, kind).listAll();
    const withCalls = { ...planned, apiCalls: planned.apiCalls + calls };
    planned = withKindPlan(withCalls, kind, planKind(kind, ofKind, live, { prune: plan.options.prune === "all" }));
  }
  return planned;
}
