import type { Format } from "./formats.js";
import { escapeControls, escapeJsonText } from "../escape/text-escape.js";

/** Version of `drift --format json` (`schemas/drift-report.schema.json`). */
export const DRIFT_REPORT_VERSION = 1;

/** The newest audit event of a drifted object in the window (`--since`): who changed it, and when. */
export interface ChangedBy {
  actor: string;
  actorEmail?: string;
  type: string;
  timestamp: string;
}

/** One object whose live state differs from the applied commit: the change `plan` would make to undo it. */
export interface DriftedObject {
  kind: "create" | "update" | "delete";
  name: string;
  /** Absent for a create: the object is not live. */
  id?: string;
  /** The fields that differ. */
  fields: string[];
  /** The newest audit event of the object in the window; absent when none or attribution was unavailable. */
  changedBy?: ChangedBy;
}

/** What was compared: the environment's applied commit, or HEAD when none is recorded. */
export interface DriftBasis {
  commit: string;
  /** `applied`: refs/transync/applied/<env>; `HEAD`: no record, the checkout's HEAD instead. */
  source: "applied" | "HEAD";
  ref: string;
}

export interface DriftReport {
  version: number;
  environment: string;
  workspaceId: string;
  basis: DriftBasis;
  /** Days of audit trail read for attribution (`--since`). */
  sinceDays: number;
  drifted: DriftedObject[];
  /** Why no object could be attributed (a 401/403/404 of the audit trail); absent when it was read. */
  attributionUnavailable?: string;
}

/** `drift --format`: one renderer per format of FORMATS.drift. */
export const DRIFT_RENDERERS: Record<Format<"drift">, (report: DriftReport) => string> = {
  text: renderDriftText,
  json: (report) => `${escapeJsonText(JSON.stringify(report, null, 2))}\n`,
};

function renderDriftText(report: DriftReport): string {
  const lines = [basisText(report)];
  if (report.attributionUnavailable !== undefined) lines.push(`attribution unavailable (${report.attributionUnavailable})`);
  if (report.drifted.length === 0) lines.push(`No drift: live state of ${report.environment} matches the compared commit.`);
  else
    lines.push(
      `Drift: ${report.drifted.length} object${report.drifted.length === 1 ? "" : "s"} differ${report.drifted.length === 1 ? "s" : ""}.`,
    );
  for (const object of report.drifted) lines.push(...objectLines(object, report));
  // Names, fields, actors and event types come from files and the API: every line escaped (src/escape/text-escape.ts).
  return `${lines.map(escapeControls).join("\n")}\n`;
}

function basisText(report: DriftReport): string {
  const short = report.basis.commit.slice(0, 12);
  return report.basis.source === "applied"
    ? `Compared ${report.environment} (workspace ${report.workspaceId}) with its applied commit ${short} (${report.basis.ref}).`
    : `Compared ${report.environment} (workspace ${report.workspaceId}) with HEAD ${short}: no applied commit is recorded (${report.basis.ref}); run \`transync apply --record-ref\` to record one.`;
}

function objectLines(object: DriftedObject, report: DriftReport): string[] {
  const id = object.id !== undefined ? ` (${object.id})` : "";
  const lines = [`  ${object.kind} ${JSON.stringify(object.name)}${id}: ${object.fields.join(", ") || "no field listed"}`];
  if (object.changedBy !== undefined) lines.push(`    ${changedByText(object.changedBy)}`);
  else if (object.id !== undefined && report.attributionUnavailable === undefined)
    lines.push(`    no audit event in the last ${report.sinceDays} days`);
  return lines;
}

function changedByText(by: ChangedBy): string {
  const who = by.actorEmail !== undefined ? `${by.actorEmail} (${by.actor})` : by.actor;
  return `changed by ${who}, ${by.type}, ${by.timestamp}`;
}
