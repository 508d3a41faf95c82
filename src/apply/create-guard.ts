import type { LiveApi } from "../live/live-api.js";
import type { Plan } from "../plan/types.js";
import { listAll } from "../live/read-live-state.js";

/**
 * Names may repeat in a workspace, so a create is the one write that can duplicate: another apply
 * (on a CI runner that shares no lock with this one), or a person, may have created the object
 * since the plan. One list just before the create phase finds any object holding a create's name
 * and source; that create is then refused instead of duplicated. Returns, by action index, why
 * each such create must not run (empty: every name is still free).
 */
export async function createsNowTaken(
  plan: Plan,
  indexes: readonly number[],
  api: LiveApi,
  signal?: AbortSignal,
): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  if (indexes.length === 0) return refused;
  let live;
  try {
    live = await listAll(api, { signal });
  } catch (error) {
    const why = `not created: the list that checks the name is still free failed (${(error as Error).message}); run apply again`;
    for (const i of indexes) refused.set(i, why);
    return refused;
  }
  const holders = new Map<string, string[]>();
  for (const t of live) {
    const key = nameKey(t.name, t.sourceId);
    holders.set(key, [...(holders.get(key) ?? []), t.id]);
  }
  for (const i of indexes) {
    const action = plan.actions[i];
    // The name that would be created is the body's (the action's name is for display, and may be redacted).
    const ids = action ? holders.get(nameKey(action.body?.name ?? action.name, action.sourceId)) : undefined;
    if (!action || !ids) continue;
    refused.set(
      i,
      `not created: "${action.name}" (${ids.join(", ")}) now exists in source ${action.sourceId}; it appeared after the plan was made ` +
        "(another apply, or an edit by hand), and creating it again would make a duplicate. Run plan again",
    );
  }
  return refused;
}

function nameKey(name: string, sourceId: string): string {
  return JSON.stringify([name, sourceId]);
}
