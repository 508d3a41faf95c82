import type { CliContext } from "./context.js";
import { UsageError } from "../errors.js";
import { projectFileTarget } from "../git/safe-settings.js";
import { HttpFilterPreview } from "../live/filter-preview.js";
import { SecretRegistry } from "../secrets/redact.js";
import type { TestCase } from "../simulate/test-cases/types.js";
import type { FqlEngine } from "../simulate/types.js";
import { createApi, type ApiFlags } from "../live/api-client.js";
import { DEFAULT_MAX_CHECKS, planSegmentChecks, runSegmentChecks, type LocatedTransformation } from "./check-with-segment.js";
import type { SegmentCheckReport } from "../simulate/test-cases/types.js";
import type { DesiredInput } from "./desired-input.js";
import { planFilterChecks, type FilterCheckScope } from "./filter-checks.js";

export interface SecondOpinionFlags extends ApiFlags {
  maxChecks?: number;
}

/** Asks Segment's engine the checks of these cases; the run's engine gives transync's answers. */
export type AskSegment = (
  located: readonly LocatedTransformation[],
  cases: readonly TestCase[],
  engine: FqlEngine,
  filters?: FilterCheckScope,
) => Promise<SegmentCheckReport>;

/**
 * `test --check-with-segment`: the API client made now, before any case runs, so a missing token or
 * an API URL transync.yaml may not name stops the run at once. The client goes where plan's goes
 * (flags, SEGMENT_API_URL, transync.yaml's apiUrl for --env, with its host allow-list and workspace
 * binding) with the same token.
 */
export function prepareSecondOpinion(ctx: CliContext, desired: DesiredInput, flags: SecondOpinionFlags): AskSegment {
  let preview: HttpFilterPreview;
  try {
    preview = new HttpFilterPreview(
      createApi(ctx, flags, projectFileTarget(desired.state.project, desired.origin.env, "read"), ctx.signal),
    );
  } catch (error) {
    if (error instanceof UsageError)
      throw new UsageError(`--check-with-segment asks Segment's API, and ${error.message}`, { cause: error });
    throw error;
  }
  return async (located, cases, engine, filters) => {
    const keys = new SecretRegistry();
    for (const { transformation } of located) {
      const key: unknown = transformation.hashPropertiesConfiguration?.key;
      if (typeof key === "string") keys.add(key);
    }
    // Hash keys (written or from TRANSYNC_KEY_*), the API token, GITHUB_TOKEN: none is ever in a body.
    const holdsSecret = (body: string): boolean => keys.redact(body) !== body || ctx.secrets.redact(body) !== body;
    const transformations = located.map((l) => l.transformation);
    // Cases on a destination instance: each of its filters sent whole too (filter-checks.ts).
    const filterChecks = filters === undefined ? [] : planFilterChecks(transformations, cases, engine, filters);
    const checks = [...planSegmentChecks(located, cases, engine), ...filterChecks];
    return runSegmentChecks(checks, preview, { maxChecks: flags.maxChecks ?? DEFAULT_MAX_CHECKS, holdsSecret });
  };
}
