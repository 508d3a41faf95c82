import type { NotifyMessage } from "./messages.js";
import { escapeSlack } from "../escape/slack-escape.js";

/** Lines listed in a Slack message; the rest are counted ("and 12 more"): the webhook body has them all. */
export const SLACK_MAX_LINES = 20;
/** Slack's limit on a section's text (https://api.slack.com/reference/block-kit/blocks#section), with room to spare. */
const SECTION_MAX_CHARS = 2900;

/**
 * The body of a Slack incoming webhook: `text` (the notification's line, and what clients without
 * blocks show) and `blocks`. Every string that came from a file or the API is escaped by Slack's
 * rule (src/escape/slack-escape.ts), so a name cannot mention a channel or write a link.
 */
export function slackBody(message: NotifyMessage): string {
  const headline = escapeSlack(message.headline);
  const shown = message.lines.slice(0, SLACK_MAX_LINES).map((line) => `• ${escapeSlack(line)}`);
  const more = message.lines.length - shown.length;
  if (more > 0) shown.push(`… and ${more} more`);
  const blocks: unknown[] = [{ type: "section", text: { type: "mrkdwn", text: `*${headline}*` } }];
  if (shown.length > 0) blocks.push({ type: "section", text: { type: "mrkdwn", text: cut(shown.join("\n")) } });
  return JSON.stringify({ text: headline, blocks });
}

/** Cut at a line's end (never inside an escape such as `&amp;`) when over Slack's limit. */
function cut(text: string): string {
  if (text.length <= SECTION_MAX_CHARS) return text;
  const head = text.slice(0, SECTION_MAX_CHARS);
  const end = head.lastIndexOf("\n");
  return `${end > 0 ? head.slice(0, end) : head.replace(/&[a-z]*$/, "")}\n…`;
}
