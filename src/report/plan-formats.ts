import type { Plan } from "../plan/types.js";
import type { Format } from "./formats.js";
import type { EventSection } from "./render-event-changes.js";
import { renderJson } from "./render-json.js";
import { renderMarkdown } from "./render-markdown.js";
import { renderText } from "./render-text.js";

export interface PlanRenderOptions {
  color: boolean;
  /** The events whose output changes (`plan --events`); the JSON plan has no place for them. */
  events?: EventSection;
}

/** `plan --format`: one renderer per format of FORMATS.plan. */
export const PLAN_RENDERERS: Record<Format<"plan">, (plan: Plan, options: PlanRenderOptions) => string> = {
  text: (plan, { color, events }) => renderText(plan, { color, events }),
  json: (plan) => renderJson(plan),
  markdown: (plan, { events }) => renderMarkdown(plan, { events }),
};

export function renderPlan(plan: Plan, format: Format<"plan">, options: PlanRenderOptions): string {
  return PLAN_RENDERERS[format](plan, options);
}
