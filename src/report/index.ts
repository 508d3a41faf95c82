export { renderText } from "./render-text.js";
export { renderJson } from "./render-json.js";
export { renderMarkdown, planCommentMarker, commentMarkerEnv } from "./render-markdown.js";
export { parsePlanJson, planSchemaIssues } from "./parse-plan.js";
export { renderPlan, PLAN_RENDERERS, type PlanRenderOptions } from "./plan-formats.js";
export { FORMATS, defaultFormat, type Format, type FormattedCommand } from "./formats.js";
