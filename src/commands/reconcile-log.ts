import type { CliContext } from "../pipeline/context.js";
import type { BuiltPlan } from "../pipeline/build-plan.js";
import type { ApplyEvent } from "../apply/index.js";
import { escapeControls } from "../escape/text-escape.js";
import { DEFAULT_KIND } from "../kinds/index.js";

/** The object's kind for a log line (a plan action's `resource`; absent: a Transformation), so a log reader can filter by it. */
export function resourceOf(action: { resource?: string }): string {
  return escapeControls(action.resource ?? DEFAULT_KIND.name);
}

/** Each object a cycle created, updated or deleted (or failed to), as it happens: the action (`kind`), the object's kind (`resource`), name, id. */
export function logApplied(ctx: CliContext, event: ApplyEvent): void {
  if (event.type !== "done") return;
  const { kind, name, id, outcome, note, error } = event.outcome;
  const fields = { kind, resource: resourceOf(event.outcome), name: escapeControls(name), id, outcome, ...(note ? { note } : {}) };
  if (outcome === "failed") ctx.logger.error({ ...fields, err: error?.message }, `apply: ${kind} failed`);
  else ctx.logger.info(fields, `apply: ${outcome}`);
}

/** A dry run's changes over a limit of `guards:`, one line each: a cycle that writes would skip them. */
export async function logDryRunHits(ctx: CliContext, built: BuiltPlan): Promise<void> {
  const limits = built.desired.state.project.guards;
  if (limits === undefined) return;
  const guarded = await (await import("../pipeline/blast-radius-gate.js")).guardedPlan(ctx, built, limits);
  for (const { action, rule, value, limit, basis } of guarded.guards ?? [])
    ctx.logger.warn({ kind: action.kind, name: action.name, rule, value, limit, basis }, "dry run: over a limit of guards:");
}
