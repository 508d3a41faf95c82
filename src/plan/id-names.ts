import type { Plan, PlanIdNames } from "./types.js";

/**
 * The names (alias or slug) of the ids this plan shows, for the reports of a saved plan: only the
 * ids of its actions, unmanaged objects and scope, so the plan carries no name it does not use.
 * Display only: apply sends ids.
 */
export function idNamesOf(plan: Pick<Plan, "actions" | "unmanaged" | "options">, names: PlanIdNames | undefined): PlanIdNames | undefined {
  if (names === undefined) return undefined;
  const sourceIds = new Set([
    ...plan.actions.map((a) => a.sourceId),
    ...plan.unmanaged.map((u) => u.sourceId),
    ...(plan.options.scopeSources ?? []),
  ]);
  const destinationIds = new Set(
    plan.actions.flatMap((a) => (typeof a.body?.destinationMetadataId === "string" ? [a.body.destinationMetadataId] : [])),
  );
  const pick = (map: Readonly<Record<string, string>>, ids: ReadonlySet<string>): Record<string, string> =>
    Object.fromEntries(
      Object.keys(map)
        .filter((id) => ids.has(id))
        .sort()
        .map((id) => [id, map[id]!]),
    );
  const sources = pick(names.sources, sourceIds);
  const destinations = pick(names.destinations, destinationIds);
  return Object.keys(sources).length + Object.keys(destinations).length > 0 ? { sources, destinations } : undefined;
}
