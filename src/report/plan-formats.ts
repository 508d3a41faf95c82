import type { Plan } from "../plan/types.js";
import type { Format } from "./formats.js";
import type { EventSection } from "./render-event-changes.js";
import type { IdAliases } from "./id-aliases.js";
import { renderJson } from "./render-json.js";
import { renderMarkdown } from "./render-markdown.js";
import { renderText } from "./render-text.js";

export interface PlanRenderOptions {
  color: boolean;
  /** The events whose output changes (`plan --events`); the JSON plan has no place for them. */
  events?: EventSection;
  /** Aliases and slugs shown next to source and destination ids (text and Markdown); default: the plan's idNames. */
  aliases?: IdAliases;
}

/** `plan --format`: one renderer per format of FORMATS.plan. */
export const PLAN_RENDERERS: Record<Format<"plan">, (plan: Plan, options: PlanRenderOptions) => string> = {
  text: (plan, { color, events, aliases }) => renderText(plan, { color, events, aliases: aliases ?? plan.idNames }),
  json: (plan) => renderJson(plan),
  markdown: (plan, { events, aliases }) => renderMarkdown(plan, { events, aliases: aliases ?? plan.idNames }),
};

export function renderPlan(plan: Plan, format: Format<"plan">, options: PlanRenderOptions): string {
  return PLAN_RENDERERS[format](plan, options);
}
