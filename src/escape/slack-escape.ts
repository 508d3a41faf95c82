import { escapeControls } from "./text-escape.js";

/**
 * Text inside a Slack message (`text`, and `mrkdwn` blocks): Slack's own rule, `&`, `<` and `>` as
 * `&amp;`, `&lt;` and `&gt;` (https://api.slack.com/reference/surfaces/formatting#escaping), so a
 * name cannot write a link (`<https://evil|click>`), a mention (`<!channel>`, `<@U123>`) or a date
 * token; control characters escaped first (src/escape/text-escape.ts), so it stays on its line.
 */
export function escapeSlack(text: string): string {
  return escapeControls(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
