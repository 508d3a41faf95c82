/**
 * How reports and apply's refusal say a blast-radius hit (docs/impact.md, "Guards"): one line each,
 * the change, what it newly does, the rule and its limit. Unescaped: each output escapes for its format.
 */
import type { GuardHit } from "../plan/types.js";
import { perDayText } from "../impact/per-day.js";

const VERB: Record<GuardHit["rule"], string> = {
  maxDroppedPerDay: "newly drops",
  maxDroppedShare: "newly drops",
  maxChangedShare: "newly alters",
};

/** `create "Drop Reddit events without click id": newly drops ~725,908 events/day (estimate), over maxDroppedPerDay 50,000`. */
export function guardHitText(hit: GuardHit): string {
  const kind = hit.action.resource === undefined ? "" : `${hit.action.resource} `;
  const what = `${hit.action.kind} ${kind}"${hit.action.name}"`;
  // A filter drops for its one instance: its figures are of its source's events reaching that instance.
  const reaching = hit.action.resource === undefined ? "" : " reaching its instance";
  const share = hit.rule !== "maxDroppedPerDay";
  const limit = share ? percent(hit.limit) : perDayText(hit.limit);
  if (hit.value === null)
    return `${what}: ${VERB[hit.rule]} an unknown number of its source's events${reaching} (no figure; unknownVolume: refuse counts it over ${hit.rule} ${limit})`;
  const value = share ? `${percent(hit.value)} of its source's events/day${reaching}` : `~${perDayText(hit.value)} events/day`;
  return `${what}: ${VERB[hit.rule]} ${value} (${hit.basis}), over ${hit.rule} ${limit}`;
}

/** The heading above the hits: how many, and what apply needs. */
export function guardHeading(hits: readonly GuardHit[]): string {
  const names = new Set(hits.map((h) => h.action.name)).size;
  const changes = names === 1 ? "1 change is" : `${names} changes are`;
  return `Blast radius: ${changes} over a limit of guards: in transync.yaml; apply refuses each unless --accept-blast-radius NAME names it`;
}

function percent(share: number): string {
  return `${Number((share * 100).toFixed(2))}%`;
}
