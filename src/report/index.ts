/**
 * Room src/report/: every renderer of command output and the `--format` table (formats.ts); the
 * escaping of untrusted strings they use is on the ground floor (src/escape/).
 * May import: src/plan/, src/apply/, src/desired/, src/simulate/, src/impact/, src/live/, src/model/, src/kinds/, the ground floor.
 */
export { renderText } from "./render-text.js";
export { renderJson } from "./render-json.js";
export { renderMarkdown, planCommentMarker, commentMarkerEnv } from "./render-markdown.js";
export { parsePlanJson, planSchemaIssues } from "./parse-plan.js";
export { renderPlan, PLAN_RENDERERS, type PlanRenderOptions } from "./plan-formats.js";
export { FORMATS, defaultFormat, type Format, type FormattedCommand } from "./formats.js";
