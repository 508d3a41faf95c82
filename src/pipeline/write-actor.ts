import type { CliContext } from "./context.js";
import type { LiveApi } from "../live/live-api.js";
import type { ApplyResult } from "../apply/types.js";
import { readAuditTrail } from "../live/audit-trail.js";
import { escapeControls } from "../escape/text-escape.js";

/** The environment apply wrote to and the actors transync.yaml already names as transync's own there. */
export interface WriteActorCheck {
  env: string;
  selfActors: readonly string[];
}

/** How far before the run's start the audit trail is read: the API's clock is not ours. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;

/**
 * Says which audit-trail actor apply's writes are recorded as, when transync.yaml's
 * `environments.<env>.selfActors` does not name it yet, so a team can add it and `drift` stops
 * naming transync as who changed an object. The Public API's write replies do not say who wrote, so
 * the actor is read from the audit trail: the newest event of the first object written, after the
 * writes. Never fails the run: an audit trail this token cannot read is said at debug level.
 */
export async function sayWriteActor(ctx: CliContext, api: LiveApi, result: ApplyResult, check: WriteActorCheck): Promise<void> {
  const written = result.actions.find((a) => a.id !== undefined && ["created", "updated", "deleted"].includes(a.outcome));
  const reader = api.listAuditEvents?.bind(api);
  if (written?.id === undefined || reader === undefined) return;
  const startTime = new Date(Date.now() - result.durationMs - CLOCK_SLACK_MS).toISOString();
  try {
    const [newest] = await readAuditTrail({ listAuditEvents: reader }, { resourceId: written.id, startTime });
    if (newest === undefined || check.selfActors.includes(newest.actor)) return;
    ctx.logger.info(
      escapeControls(
        `transync's writes to ${check.env} are recorded in Segment's audit trail as ${newest.actor}: add it to environments.${check.env}.selfActors in transync.yaml so that \`transync drift\` names who else changed an object`,
      ),
    );
  } catch (error) {
    ctx.logger.debug({ err: error }, "the audit trail could not be read to find the actor transync writes as");
  }
}
