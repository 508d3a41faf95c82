import type { Diagnostic } from "../../desired/types.js";
import type { SourceLocation } from "../../model/desired-resource.js";
import type { TestCase } from "./types.js";
import type { SimulatedInstance } from "./instances.js";

/** What the check needs of a desired transformation. */
export interface TargetTransformation {
  sourceId: string;
  destinationMetadataId?: string | null;
}

/**
 * A case whose source (or destination) no desired transformation names tests nothing: most likely a
 * misspelt id, which would otherwise pass as "nothing changed". Disabled transformations count, so a
 * case may show that one does not apply.
 */
export function checkCaseTargets(cases: readonly TestCase[], transformations: readonly TargetTransformation[]): Diagnostic[] {
  const destinations = new Map<string, Set<string>>();
  for (const t of transformations) {
    const set = destinations.get(t.sourceId) ?? new Set<string>();
    if (t.destinationMetadataId) set.add(t.destinationMetadataId);
    destinations.set(t.sourceId, set);
  }
  const out: Diagnostic[] = [];
  for (const c of cases) {
    const known = destinations.get(c.sourceId);
    // A case on a destination instance tests its filters too: checkInstanceCases judges it.
    if (c.instance !== undefined) continue;
    if (known === undefined) {
      const shown = c.source === c.sourceId ? `"${c.source}"` : `"${c.source}" (${c.sourceId})`;
      out.push(
        finding(
          c.at.source,
          `cases.${c.index}.source`,
          `no desired transformation has source ${shown}, so this case tests nothing; use a source id or alias that transformations name`,
        ),
      );
    } else if (c.destinationId !== undefined && !known.has(c.destinationId)) {
      const shownDestination = c.destination === c.destinationId ? `"${c.destination}"` : `"${c.destination}" (${c.destinationId})`;
      const list =
        known.size > 0
          ? `; those of source "${c.source}": ${[...known].sort().join(", ")}`
          : `; no transformation of source "${c.source}" is scoped to a destination`;
      out.push(
        finding(
          c.at.destination ?? c.at.source,
          `cases.${c.index}.destination`,
          `no desired transformation of source "${c.source}" is scoped to destination ${shownDestination}${list}; omit destination to test source-scoped transformations only`,
        ),
      );
    }
  }
  return out;
}

function finding(at: SourceLocation, path: string, message: string): Diagnostic {
  return { ...at, severity: "error", path, rule: "test-target", message };
}

/**
 * Cases on a destination instance (`destination:` an alias of `connections:`): the instance must have
 * enabled filters or transformations to test, and `sampled` needs SAMPLE actions that all have a
 * `path` (without one Segment picks at random, so no case can say what happens).
 */
export function checkInstanceCases(
  cases: readonly TestCase[],
  instances: ReadonlyMap<string, SimulatedInstance>,
  transformations: readonly TargetTransformation[],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const c of cases) {
    const instance = c.instance === undefined ? undefined : instances.get(c.instance);
    if (instance === undefined) continue;
    const where = c.at.destination ?? c.at.source;
    const samples = instance.filters.filter((f) => f.enabled !== false).flatMap((f) => f.actions.filter((a) => a.type === "SAMPLE"));
    if (c.expect.sampled !== undefined && (samples.length === 0 || samples.some((a) => a.path === undefined))) {
      const why =
        samples.length === 0
          ? "none of its enabled filters samples"
          : "a SAMPLE of its enabled filters has no path, so Segment picks at random";
      out.push(
        finding(
          where,
          `cases.${c.index}.expect.sampled`,
          `sampled: instance "${c.instance}" ${why}; assert sampled only when every SAMPLE has a path`,
        ),
      );
    }
    if (instance.filters.length === 0 && !transformations.some((t) => t.sourceId === c.sourceId)) {
      const message = `instance "${c.instance}" has no DestinationFilter documents and no desired transformation has source "${c.source}", so this case tests nothing`;
      out.push(finding(where, `cases.${c.index}.destination`, message));
    }
  }
  return out;
}
