import { ConflictError, InternalError, TransyncError } from "../errors.js";
import { kindNamed } from "../kinds/index.js";
import { KindClient, type KindTransport } from "../live/kind-client.js";
import type { LiveApi } from "../live/live-api.js";
import { kindParts, type KindPart } from "../plan/kind-actions.js";
import type { KindPlanAction } from "../plan/kind-plan.js";
import type { Plan } from "../plan/types.js";
import { applyKindPlan } from "./kind-apply.js";
import type { ActionOutcome, ApplyEvent } from "./types.js";

const DONE = { create: "created", update: "updated", delete: "deleted" } as const;

/**
 * The actions of every kind but Transformation (those with `resource`), after the Transformations':
 * each kind's through applyKindPlan (its stale check, duplicate-create guard and read-back), one
 * outcome per action, set at its index in `plan.actions`. A kind's stale check or guard refusing
 * fails every action of the kind; a write failing fails that action and leaves the rest of the kind
 * not attempted; a read-back that disagrees (or cannot be made) fails every action of the kind written.
 */
export async function executeKindActions(
  plan: Plan,
  api: LiveApi,
  outcomes: Map<number, ActionOutcome>,
  emit: (event: ApplyEvent) => void,
): Promise<void> {
  for (const part of kindParts(plan)) {
    const started = performance.now();
    const written = new Map<KindPlanAction, string>();
    let failure: TransyncError | undefined;
    try {
      const kind = kindNamed(part.resource);
      if (kind === undefined) throw new ConflictError(`no kind ${JSON.stringify(part.resource)} is known to this transync`);
      await applyKindPlan(new KindClient(transportOf(api), kind), part.plan, { onWritten: (action, id) => written.set(action, id) });
    } catch (error) {
      if (!(error instanceof TransyncError) || error instanceof InternalError) throw error;
      failure = error;
    }
    const ms = Math.round(performance.now() - started);
    for (const outcome of kindOutcomes(part, written, failure, ms)) {
      outcomes.set(outcome.index, outcome);
      emit({ type: "done", outcome });
    }
  }
}

function kindOutcomes(
  part: KindPart,
  written: Map<KindPlanAction, string>,
  failure: TransyncError | undefined,
  ms: number,
): ActionOutcome[] {
  const everyWritten = written.size === part.plan.actions.length;
  let failedOne = false;
  return part.plan.actions.map((action, i) => {
    const id = written.get(action) ?? action.id;
    const base = {
      index: part.indexes[i]!,
      resource: part.resource,
      kind: action.kind,
      name: action.name,
      ...(id !== undefined ? { id } : {}),
      ms,
    };
    const error = failure && { message: failure.message };
    // Refused before any write (stale, a name taken), or written and not read back as sent: the action failed.
    if (error && (failure instanceof ConflictError || (everyWritten && written.has(action))))
      return { ...base, outcome: "failed", error, attempts: written.has(action) ? 1 : 0 };
    if (written.has(action)) return { ...base, outcome: DONE[action.kind], attempts: 1 };
    if (error && !failedOne) {
      failedOne = true;
      return { ...base, outcome: "failed", error, attempts: 1 };
    }
    return { ...base, outcome: "skipped", note: "not attempted: an earlier write of its kind failed", attempts: 0 };
  });
}

/** The kind client's transport: the HTTP client's generic list page and call (HttpLiveApi). */
function transportOf(api: LiveApi): KindTransport {
  const transport = api as Partial<KindTransport>;
  if (typeof transport.publicCall !== "function" || typeof transport.publicListPage !== "function")
    throw new InternalError("apply of a kind other than Transformation needs the HTTP client (HttpLiveApi)");
  return api as unknown as KindTransport;
}
