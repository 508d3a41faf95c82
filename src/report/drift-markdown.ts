import { code, escapeText } from "../escape/markdown-escape.js";
import {
  acknowledgementText,
  basisText,
  countOf,
  headline,
  placeText,
  resourceText,
  staleText,
  whoText,
  type DriftedObject,
  type DriftReport,
} from "./drift-report.js";

/**
 * `drift --format markdown`: for an issue, a pull-request comment or a job summary. Every name, id,
 * field, actor, reason and path comes from a file or the API: table cells hold them as inline code
 * (`code(…, true)`) or escaped text (`escapeText`), so no string can end a cell, add a link or HTML
 * (src/escape/markdown-escape.ts).
 */
export function renderDriftMarkdown(report: DriftReport): string {
  const title = report.drifted.length === 0 ? "no drift" : `${countOf(report.drifted.length, "object")} drifted`;
  const parts = [`## transync drift: ${code(report.environment)}, ${title}`, escapeText(basisText(report))];
  if (report.attributionUnavailable !== undefined)
    parts.push(`> ${escapeText(`attribution unavailable (${report.attributionUnavailable})`)}`);
  parts.push(escapeText(headline(report)));
  if (report.drifted.length > 0) parts.push(table(report.drifted, report));
  if (report.acknowledged !== undefined)
    parts.push(`### Acknowledged, not counted (${report.acknowledged.length})`, table(report.acknowledged, report));
  const stale = report.staleAcknowledgements ?? [];
  if (stale.length > 0)
    parts.push(`### Stale acknowledgements (${stale.length})`, stale.map((s) => `- ${escapeText(staleText(s))}`).join("\n"));
  return `${parts.join("\n\n")}\n`;
}

function table(objects: readonly DriftedObject[], report: DriftReport): string {
  const rows = objects.map((object) => {
    const id = object.pinnedId ?? object.id;
    const name = `${escapeText(resourceText(object))}${code(object.name, true)}${escapeText(placeText(object))}${id !== undefined ? ` ${code(id, true)}` : ""}${object.pinnedId !== undefined ? " (deleted live)" : ""}`;
    const fields = object.kind === "unmanaged" ? "made outside transync" : object.fields.map((f) => code(f, true)).join(", ");
    const who = escapeText(whoText(object, report) ?? "");
    const acks = (object.acknowledgements ?? []).map((a) => escapeText(acknowledgementText(a))).join("; ");
    return `| ${object.kind} | ${name} | ${fields} | ${who} | ${acks} |`;
  });
  // A report of Transformations alone keeps its header; another kind's row names its kind.
  const what = objects.some((object) => object.resource !== undefined) ? "object" : "transformation";
  return [`| change | ${what} | fields | changed by | acknowledgement |`, "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}
