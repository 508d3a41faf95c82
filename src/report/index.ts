/**
 * Room src/report/: every renderer of command output, the `--format` table (formats.ts), and the
 * escaping of every untrusted string (text-escape.ts, markdown-escape.ts).
 * May import: src/plan/, src/apply/, src/desired/, src/simulate/, src/live/, src/model/, the ground floor.
 */
export { renderText } from "./render-text.js";
export { renderJson } from "./render-json.js";
export { renderMarkdown, planCommentMarker, commentMarkerEnv } from "./render-markdown.js";
export { parsePlanJson, planSchemaIssues } from "./parse-plan.js";
export { renderPlan, PLAN_RENDERERS, type PlanRenderOptions } from "./plan-formats.js";
export { FORMATS, defaultFormat, type Format, type FormattedCommand } from "./formats.js";
