import { InterruptedError } from "../errors.js";
import type { LiveApi } from "./live-api.js";
import type { LiveState } from "../model/live-state.js";
import { mapConcurrent } from "../map-concurrent.js";

/**
 * Reads `ids` again with `get` (the list omits fqlDefinedProperties) and returns live state with
 * those objects replaced by their full replies and the calls counted (8 in flight by default; the
 * client's rate limit still applies). `plan --events` uses it for deleted objects the plan read from
 * the list only (the plan's own gets go through LiveRead, which fetches them as their pages arrive).
 */
export async function readDetails(
  api: LiveApi,
  live: LiveState,
  ids: readonly string[],
  options: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<LiveState> {
  if (ids.length === 0) return live;
  const full = await mapConcurrent([...ids], options.concurrency ?? 8, (id) => {
    if (options.signal?.aborted) throw new InterruptedError("Interrupted while reading live state.");
    return api.get(id);
  });
  const byId = new Map(full.map((t) => [t.id, t]));
  return {
    ...live,
    transformations: live.transformations.map((t) => byId.get(t.id) ?? t),
    apiCalls: live.apiCalls + ids.length,
  };
}
