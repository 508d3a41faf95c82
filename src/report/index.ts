export { renderText } from "./render-text.js";
export { renderJson } from "./render-json.js";
export { renderMarkdown, planCommentMarker, commentMarkerEnv } from "./render-markdown.js";
export { parsePlanJson, planSchemaIssues } from "./parse-plan.js";
