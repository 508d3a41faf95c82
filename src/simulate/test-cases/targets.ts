import type { Diagnostic } from "../../desired/types.js";
import type { SourceLocation } from "../../model/desired-resource.js";
import type { TestCase } from "./types.js";

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
