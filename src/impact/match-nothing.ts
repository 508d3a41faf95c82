import type { DailyEventVolume } from "../model/event-volume.js";
import type { PlanAction, PlanWarning } from "../plan/types.js";
import { parseFql } from "../fql/parse-fql.js";
import { nearest } from "../desired/name-match.js";
import { shorten } from "../secrets/redact-cuts.js";
import { isPlainSelector, selectedNames } from "./selector.js";
import { rowTotal } from "./volume.js";
import { locationText } from "../model/desired-resource.js";
import { perDayText } from "./per-day.js";

export { perDayText };

/** Names of one document checked with a suggestion; the rest are counted in one more warning. */
const MAX_NAMES_CHECKED = 5;
/** Longest name a warning quotes whole (names are the documents' and the API's: anyone's). */
const MAX_NAME_SHOWN = 80;

/** The events per day of each name (or type) with any event in the window, by name. */
type DailyByName = ReadonlyMap<string, number>;

/**
 * Warnings for the rules that match nothing: each create or update whose `if` is a plain selector
 * (selector.ts) and asks, by `=` or `in`, for an event name or type that `sourceName`'s source sent
 * no event of in the window, names the nearest names (or types) that have events, with their
 * events per day: "no 'Order Complted' events from web in 7 days; did you mean 'Order Completed'
 * (41,203/day)?". `where` is the document's position. Sources not read give no warning.
 */
export function matchNothingWarnings(
  actions: readonly PlanAction[],
  volumes: ReadonlyMap<string, readonly DailyEventVolume[]>,
  days: number,
  sourceName: (sourceId: string) => string,
): PlanWarning[] {
  const warnings: PlanWarning[] = [];
  for (const action of actions) {
    if (action.kind === "delete" || action.body.if === undefined) continue;
    const sourceId = action.body.sourceId ?? action.sourceId;
    const rows = volumes.get(sourceId);
    const parsed = parseFql(action.body.if);
    if (rows === undefined || !parsed.ok || !isPlainSelector(parsed.ast)) continue;
    const where = locationText(action.location);
    const asked = selectedNames(parsed.ast);
    const byName = dailyBy(rows, days, (row) => row.eventName);
    const byType = dailyBy(rows, days, (row) => row.eventType.toLowerCase());
    const missing = [
      ...asked.events.filter((name) => !byName.has(name)).map((name) => [name, byName] as const),
      ...asked.types.filter((type) => !byType.has(type)).map((type) => [type, byType] as const),
    ];
    const source = sourceName(sourceId);
    for (const [name, known] of missing.slice(0, MAX_NAMES_CHECKED))
      warnings.push({ where, message: noEventsMessage(name, source, days, known) });
    if (missing.length > MAX_NAMES_CHECKED)
      warnings.push({
        where,
        message: `and ${missing.length - MAX_NAMES_CHECKED} more names this \`if\` asks for have no events from ${source} in ${days} days`,
      });
  }
  return warnings;
}

/** The events per day of each key with any event in the window. */
function dailyBy(rows: readonly DailyEventVolume[], days: number, key: (row: DailyEventVolume) => string | undefined): DailyByName {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const name = key(row);
    const total = rowTotal(row);
    if (name !== undefined && total > 0) totals.set(name, (totals.get(name) ?? 0) + total);
  }
  return new Map([...totals].map(([name, total]) => [name, total / days]));
}

/** The warning of one name, with the nearest names that have events (up to three, all at the smallest distance). */
export function noEventsMessage(name: string, source: string, days: number, known: DailyByName): string {
  const head = `no ${quoted(name)} events from ${source} in ${days} days`;
  // nearest() offers only the names at the smallest distance: a name one typo away is the answer, a farther one only noise beside it.
  const closest = nearest(name, known.keys());
  if (closest.length === 0) return head;
  return `${head}; did you mean ${closest.map((candidate) => `${quoted(candidate)} (${perDayText(known.get(candidate)!)}/day)`).join(", ")}?`;
}

/** `'Order Completed'`; a huge name is cut (the escaping of each output format does the rest). */
function quoted(name: string): string {
  return `'${shorten(name, MAX_NAME_SHOWN)}'`;
}
