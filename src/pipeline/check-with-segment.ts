import type { SourceLocation } from "../model/desired-resource.js";
import { previewBody, type FilterPreview } from "../live/filter-preview.js";
import { mapConcurrent } from "../map-concurrent.js";
import { orderTransformations } from "../simulate/transform-chain.js";
import type { CheckedCase, SegmentCheck, SegmentCheckReport, TestCase } from "../simulate/test-cases/types.js";
import type { FqlEngine, JsonObject, SimTransformation } from "../simulate/types.js";
import { jsonEqual } from "../simulate/json.js";

/** `--max-checks` when not given: a run's requests stay well inside the API's budget. */
export const DEFAULT_MAX_CHECKS = 200;
/** Previews in flight at most; the client's pacer keeps them within the server's rate besides. */
const CHECKS_IN_FLIGHT = 4;

/** A desired transformation as the check names it: where it is written. */
export interface LocatedTransformation {
  transformation: SimTransformation;
  at: SourceLocation;
}

/**
 * Every check of the cases, in case order: for each case, each transformation the simulator would
 * look at for it (enabled, of its source, and of its destination when it names one, in simulated
 * order), with transync's answer on the case's event as written. Pure but for the engine's budget.
 */
export function planSegmentChecks(
  located: readonly LocatedTransformation[],
  cases: readonly TestCase[],
  engine: FqlEngine,
): SegmentCheck[] {
  const where = new Map(located.map((l) => [l.transformation, l.at]));
  const transformations = located.map((l) => l.transformation);
  return cases.flatMap((test) =>
    orderTransformations(transformations, { sourceId: test.sourceId, destinationId: test.destinationId }).map((t) => ({
      test,
      name: t.name,
      condition: t.if,
      at: where.get(t)!,
      transyncDrops: engine.matches(t.if, test.event),
    })),
  );
}

export interface RunChecksOptions {
  maxChecks: number;
  /** Whether a request body would hold a secret; such a check is withheld, never sent. */
  holdsSecret: (body: string) => boolean;
}

/** Asks Segment the first `maxChecks` checks (those holding no secret) and compares each answer with transync's. */
export async function runSegmentChecks(
  checks: readonly SegmentCheck[],
  preview: FilterPreview,
  options: RunChecksOptions,
): Promise<SegmentCheckReport> {
  const withheld: SegmentCheck[] = [];
  const sendable = checks.filter((check) => {
    const held = options.holdsSecret(JSON.stringify(bodyOf(check)));
    if (held) withheld.push(check);
    return !held;
  });
  const sent = sendable.slice(0, options.maxChecks);
  const checked = await mapConcurrent(sent, CHECKS_IN_FLIGHT, (check) => ask(preview, check));
  const disagreements = checked.filter((c) =>
    c.filter === undefined ? c.segmentDrops !== c.transyncDrops : !jsonEqual(c.segmentResult ?? null, c.filter.transyncResult),
  );
  return {
    maxChecks: options.maxChecks,
    ran: checked.length,
    agreed: checked.length - disagreements.length,
    disagreements,
    skipped: sendable.length - sent.length,
    withheld,
  };
}

/** The request a check sends: a filter check's filter as written, else the `if` with a DROP action. */
function bodyOf(check: SegmentCheck): object {
  if (check.filter === undefined) return previewBody(check.condition, check.test.event);
  return { filter: { if: check.condition, actions: check.filter.actions }, payload: check.filter.payload };
}

async function ask(preview: FilterPreview, check: SegmentCheck): Promise<CheckedCase> {
  if (check.filter === undefined) return { ...check, segmentDrops: await preview.dropsEvent(check.condition, check.test.event) };
  const result = await preview.previewFilter({ if: check.condition, actions: check.filter.actions }, check.filter.payload);
  return { ...check, segmentDrops: result === null, segmentResult: result as JsonObject | null };
}
