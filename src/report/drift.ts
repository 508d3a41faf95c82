import type { Format } from "./formats.js";
import { escapeControls, escapeJsonText } from "../escape/text-escape.js";
import { renderDriftMarkdown } from "./drift-markdown.js";
import { basisText, countOf, headline, objectLines, staleText, type DriftReport } from "./drift-report.js";

export {
  DRIFT_REPORT_VERSION,
  type ChangedBy,
  type DriftAcknowledgement,
  type DriftBasis,
  type DriftedObject,
  type DriftKind,
  type DriftReport,
  type StaleAcknowledgement,
  placeText,
  resourceText,
} from "./drift-report.js";

/** `drift --format`: one renderer per format of FORMATS.drift. */
export const DRIFT_RENDERERS: Record<Format<"drift">, (report: DriftReport) => string> = {
  text: renderDriftText,
  json: (report) => `${escapeJsonText(JSON.stringify(report, null, 2))}\n`,
  markdown: renderDriftMarkdown,
};

function renderDriftText(report: DriftReport): string {
  const lines = [basisText(report)];
  if (report.attributionUnavailable !== undefined) lines.push(`attribution unavailable (${report.attributionUnavailable})`);
  lines.push(headline(report));
  for (const object of report.drifted) lines.push(...objectLines(object, report));
  if (report.acknowledged !== undefined) {
    lines.push(`Acknowledged (not counted): ${countOf(report.acknowledged.length, "object")}.`);
    for (const object of report.acknowledged) lines.push(...objectLines(object, report));
  }
  for (const stale of report.staleAcknowledgements ?? []) lines.push(staleText(stale));
  // Names, fields, actors and event types come from files and the API: every line escaped (src/escape/text-escape.ts).
  return `${lines.map(escapeControls).join("\n")}\n`;
}
