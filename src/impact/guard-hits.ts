/**
 * The changes over a limit of `guards:` (docs/impact.md, "Guards"), from each action's blast radius
 * (blast-radius.ts). Pure.
 */
import type { BlastRadiusLimits, BlastRadiusRule } from "../model/blast-radius-limits.js";
import type { GuardHit, PlanAction, PlanWarning, VolumeBasis } from "../plan/types.js";
import type { BlastRadius } from "./blast-radius.js";
import type { SideVolume } from "./volume.js";

/** The hits (in the plan's order, then by rule), and the warnings of figures `unknownVolume: warn` let through. */
export interface GuardFindings {
  hits: GuardHit[];
  warnings: PlanWarning[];
}

interface Check {
  rule: BlastRadiusRule;
  side: "dropped" | "changed";
  share: boolean;
}

const CHECKS: readonly Check[] = [
  { rule: "maxDroppedPerDay", side: "dropped", share: false },
  { rule: "maxDroppedShare", side: "dropped", share: true },
  { rule: "maxChangedShare", side: "changed", share: true },
];

/**
 * Every (action, limit) whose figure is over the limit. A figure that cannot be known (no volumes
 * for its source, an `if` that needs samples it has none of) is a hit with `value: null` and basis
 * `unknown` under `unknownVolume: refuse`, one warning per action under `warn`. A share of a source
 * with no events at all is 0: nothing to lose.
 */
export function guardFindings(
  actions: readonly PlanAction[],
  radii: ReadonlyArray<BlastRadius | undefined>,
  limits: BlastRadiusLimits,
  /** Each action's place in the plan's `actions`, when `actions` is not the plan's first ones in order. */
  indexes?: readonly number[],
): GuardFindings {
  const hits: GuardHit[] = [];
  const warnings: PlanWarning[] = [];
  actions.forEach((action, at) => {
    const radius = radii[at];
    const index = indexes?.[at] ?? at;
    const guarded = {
      index,
      kind: action.kind,
      ...(action.resource !== undefined ? { resource: action.resource } : {}),
      name: action.name,
      ...(action.id !== undefined ? { id: action.id } : {}),
    };
    let unknown = false;
    for (const check of CHECKS) {
      const limit = limits[check.rule];
      if (limit === undefined) continue;
      const figure = radius === undefined ? undefined : valueOf(radius, check);
      if (figure === undefined) {
        unknown = true;
        if (limits.unknownVolume === "refuse") hits.push({ action: guarded, rule: check.rule, value: null, limit, basis: "unknown" });
      } else if (figure.value > limit) hits.push({ action: guarded, rule: check.rule, value: figure.value, limit, basis: figure.basis });
    }
    if (unknown && limits.unknownVolume === "warn") warnings.push({ message: unknownWarning(action.name) });
  });
  return { hits, warnings };
}

/** The figure a check compares, or undefined when it cannot be known; no effect of that kind is a known 0. */
function valueOf(radius: BlastRadius, check: Check): { value: number; basis: VolumeBasis } | undefined {
  const side: SideVolume = radius[check.side];
  if (side.perDay === undefined || side.basis === "unknown") return undefined;
  if (!check.share) return { value: side.perDay, basis: side.basis };
  if (side.perDay === 0) return { value: 0, basis: side.basis };
  if (radius.sourcePerDay === undefined) return undefined;
  return { value: roundShare(radius.sourcePerDay === 0 ? 0 : side.perDay / radius.sourcePerDay), basis: side.basis };
}

/** Shares to four decimals (0.6251): what a report shows as a percentage, the same in JSON. */
function roundShare(share: number): number {
  return Math.round(share * 10_000) / 10_000;
}

function unknownWarning(name: string): string {
  return `blast radius of "${name}" unknown (no event volumes, or an if that needs --events samples); guards: unknownVolume: warn lets it through`;
}
