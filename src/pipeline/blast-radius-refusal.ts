/**
 * Apply's and reconcile's refusal of a change over a limit of `guards:` (docs/impact.md, "Guards"):
 * light, so that every apply can check a plan's hits without loading what computes them
 * (blast-radius-gate.ts).
 */
import type { CliContext } from "./context.js";
import type { GuardHit, Plan } from "../plan/types.js";
import type { LiveState } from "../model/live-state.js";
import type { BlastRadiusLimits } from "../model/blast-radius-limits.js";
import type { EventVolumeReads } from "../model/event-volume.js";
import { BlastRadiusError } from "../errors.js";
import { escapeControls } from "../escape/text-escape.js";
import { guardHeading, guardHitText } from "../report/guard-text.js";

/**
 * Apply's check before any write: every hit whose transformation `--accept-blast-radius` does not
 * name stops the run (BlastRadiusError listing each). Accepted hits are logged on stderr.
 */
export function refuseUnaccepted(ctx: CliContext, plan: Plan, accepted: readonly string[]): void {
  const hits = plan.guards ?? [];
  const taken = new Set(accepted);
  const refused = hits.filter((hit) => !taken.has(hit.action.name));
  for (const name of taken)
    if (!hits.some((hit) => hit.action.name === name))
      ctx.logger.warn({ name }, "--accept-blast-radius names no change over a limit of this plan; it accepts nothing");
  const acceptedHits = hits.filter((hit) => taken.has(hit.action.name));
  if (acceptedHits.length > 0)
    ctx.logger.warn({ accepted: acceptedHits.map(guardHitText) }, "blast radius accepted with --accept-blast-radius");
  if (refused.length === 0) return;
  const names = [...new Set(refused.map((hit) => hit.action.name))];
  // Names are anyone's: a line break in one must not start a line of the message (src/escape/text-escape.ts).
  const shown = (hit: GuardHit): string => guardHitText({ ...hit, action: { ...hit.action, name: escapeControls(hit.action.name) } });
  throw new BlastRadiusError(
    [
      `${guardHeading(refused)}; nothing was written.`,
      ...refused.map((hit) => `  ${shown(hit)}`),
      `Accept it, once this is intended, with ${names.map((n) => `--accept-blast-radius ${JSON.stringify(n)}`).join(" ")}.`,
    ].join("\n"),
  );
}

/**
 * A saved plan under the lock (apply PLANFILE), before any write: the hits it recorded and those of
 * the checkout's `guards:` (when set) against live state as read now, each once; refused unless accepted.
 */
export async function refuseSavedPlanOverLimits(
  ctx: CliContext,
  plan: Plan,
  guards: { limits: BlastRadiusLimits; reads: EventVolumeReads } | undefined,
  live: LiveState,
  accepted: readonly string[],
): Promise<void> {
  const recorded = plan.guards ?? [];
  const now = guards ? await (await import("./blast-radius-gate.js")).savedPlanHits(ctx, plan, guards, live.transformations) : [];
  const key = (hit: GuardHit): string => `${hit.action.index} ${hit.rule}`;
  const seen = new Set(recorded.map(key));
  refuseUnaccepted(ctx, { ...plan, guards: [...recorded, ...now.filter((hit) => !seen.has(key(hit)))] }, accepted);
}
