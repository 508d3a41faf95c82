import type { PlanAction } from "../plan/types.js";
import { perDayText } from "../impact/per-day.js";

/**
 * An action's events per day as the text and Markdown reports show it (docs/impact.md):
 * `~41,203 events/day (exact, 7-day average)`, `~100 -> ~41,203 events/day (estimate, …)` when
 * the `if` or source changes, `?` for a side that cannot be known. Only numbers and transync's
 * words: nothing to escape. Undefined when the plan has no volume for the action.
 */
export function volumeText(action: PlanAction, arrow = "->"): string | undefined {
  const volume = action.volume;
  if (volume === undefined) return undefined;
  const { before, after, basis, days } = volume;
  if (before === undefined && after === undefined)
    return "events/day unknown (the condition reads more than the event's name and type; --events samples of its source give an estimate)";
  const shown = (perDay: number | undefined): string => (perDay === undefined ? "?" : `~${perDayText(perDay)}`);
  // An update with one known side and an unknown basis changed its `if`: the other side is the unknown one.
  const bothSides = (before !== undefined && after !== undefined) || (action.kind === "update" && basis === "unknown");
  const count = bothSides ? `${shown(before)} ${arrow} ${shown(after)}` : shown(before ?? after);
  return `${count} events/day (${basis}, ${days}-day average)`;
}
