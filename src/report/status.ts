import type { Format } from "./formats.js";
import { escapeControls, escapeJsonText } from "../escape/text-escape.js";

/** An applied record (read by src/git/applied-ref.ts, `readAppliedRecord`). */
export interface AppliedRecord {
  commit: string;
  subject: string;
  /** ISO 8601, UTC. */
  committedAt: string;
  /** When the record was written, where this repository's log of the ref says (ISO 8601, UTC). */
  recordedAt?: string;
}

/** One environment of transync.yaml as `transync status` reports it. */
export interface EnvironmentStatus {
  name: string;
  /** `workspace:` of the environment, when set. */
  workspace?: string;
  /** `refs/transync/applied/<name>`. */
  ref: string;
  /** The applied record; undefined: never applied (no record in this repository). */
  applied?: AppliedRecord;
  /** `after:`: the environment that applies every change first. */
  after?: string;
}

/**
 * How far an environment lags the one it comes after (docs/environments.md, "Staging first"): the
 * documents whose effective content for `after`, read at `after`'s applied commit, differs from the
 * same environment's effective content read at `environment`'s applied commit (none applied: no
 * documents). `documents` undefined: `after` has never been applied, so there is nothing to lag.
 */
export interface OrderLag {
  environment: string;
  after: string;
  documents?: string[];
}

/** Whether the checkout holds any applied record; none (a CI clone fetches branches only): every environment's state is unknown. */
export interface AppliedRecords {
  inCheckout: boolean;
  /** With none in the checkout: the command that fetches them. */
  fetch?: string;
}

export interface StatusReport {
  environments: EnvironmentStatus[];
  lags: OrderLag[];
  records: AppliedRecords;
}

/** `status --format`: one renderer per format of FORMATS.status. */
export const STATUS_RENDERERS: Record<Format<"status">, (report: StatusReport) => string> = {
  text: renderStatusText,
  json: renderStatusJson,
};

function renderStatusText(report: StatusReport): string {
  if (report.environments.length === 0) return "transync.yaml defines no environments.\n";
  const width = Math.max(...report.environments.map((e) => e.name.length));
  const workspaceWidth = Math.max(...report.environments.map((e) => workspaceText(e).length));
  const known = report.records.inCheckout;
  const lines = report.environments.map(
    (e) => `${e.name.padEnd(width)}  ${workspaceText(e).padEnd(workspaceWidth)}  ${known ? appliedText(e) : UNKNOWN_STATE}`,
  );
  for (const lag of report.lags) lines.push(known ? lagText(lag) : unknownLagText(lag));
  if (!known)
    lines.push(
      `The records were not fetched (a CI checkout fetches branches only), or no environment was ever applied with --record-ref: ${report.records.fetch ?? ""}`,
    );
  // Names, subjects and workspaces come from files and commits: each line shown escaped (src/escape/text-escape.ts).
  return `${lines.map(escapeControls).join("\n")}\n`;
}

const UNKNOWN_STATE = "applied state unknown: this checkout has no applied record (no refs/transync/applied/*)";

function unknownLagText(lag: OrderLag): string {
  return `${lag.environment} comes after ${lag.after}, whose applied record is not in this checkout: how far it lags is unknown`;
}

function workspaceText(e: EnvironmentStatus): string {
  return e.workspace !== undefined ? `workspace ${e.workspace}` : "no workspace binding";
}

function appliedText(e: EnvironmentStatus): string {
  const a = e.applied;
  if (a === undefined) return `never applied (no ${e.ref})`;
  const when = a.recordedAt !== undefined ? `applied ${a.recordedAt}` : `record time not in this clone; committed ${a.committedAt}`;
  return `${a.commit.slice(0, 12)} ${JSON.stringify(a.subject)} (${when})`;
}

function lagText(lag: OrderLag): string {
  const pair = `${lag.environment} lags ${lag.after}`;
  if (lag.documents === undefined) return `${lag.environment} comes after ${lag.after}, which has never been applied`;
  if (lag.documents.length === 0)
    return `${lag.environment} is level with ${lag.after}: no change of ${lag.after}'s applied commit is missing`;
  const count = lag.documents.length === 1 ? "1 change" : `${lag.documents.length} changes`;
  return `${pair} by ${count}: ${lag.documents.map((n) => JSON.stringify(n)).join(", ")}`;
}

/** An environment's state in JSON: `unknown` when the checkout holds no record at all. */
function stateOf(e: EnvironmentStatus, records: AppliedRecords): "applied" | "never-applied" | "unknown" {
  if (!records.inCheckout) return "unknown";
  return e.applied ? "applied" : "never-applied";
}

function renderStatusJson(report: StatusReport): string {
  const known = report.records.inCheckout;
  const body = {
    records: { inCheckout: known, fetch: report.records.fetch ?? null },
    environments: report.environments.map((e) => ({
      name: e.name,
      workspace: e.workspace ?? null,
      ref: e.ref,
      after: e.after ?? null,
      applied: e.applied
        ? {
            commit: e.applied.commit,
            subject: e.applied.subject,
            committedAt: e.applied.committedAt,
            recordedAt: e.applied.recordedAt ?? null,
          }
        : null,
      state: stateOf(e, report.records),
    })),
    lags: report.lags.map((l) => ({
      environment: l.environment,
      after: l.after,
      afterApplied: known ? l.documents !== undefined : null,
      changes: l.documents?.length ?? 0,
      documents: l.documents ?? [],
    })),
  };
  return `${escapeJsonText(JSON.stringify(body, null, 2))}\n`;
}
