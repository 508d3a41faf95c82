import { createHash } from "node:crypto";
import type { NotifyEvent } from "../model/notify-target.js";
import type { ApplyResult } from "../apply/types.js";
import { DRIFT_RENDERERS, placeText, resourceText, type DriftReport } from "../report/drift.js";
import { formatApplySummary } from "../apply/index.js";
import { escapeJsonText } from "../escape/text-escape.js";

/** Version of the JSON body of `reconcile-failed` (the other events post their command's `--format json` document). */
export const FAILURE_BODY_VERSION = 1;

/**
 * What one run tells its targets: the event, the environment, the digest that says whether it was
 * told already, the webhook body, and the lines of a Slack message (raw: slack.ts escapes them).
 */
export interface NotifyMessage {
  event: NotifyEvent;
  environment: string;
  /** sha256 hex of what happened: the same drift, apply or failure seen again is not told again. */
  digest: string;
  /** The webhook body, exactly as posted and signed. */
  json: string;
  headline: string;
  lines: string[];
  /** A clean drift check told because of `--notify-clean`: sent every run, never held back as told already. */
  heartbeat?: boolean;
}

function sha256(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/**
 * `drift`: the report as `drift --format json` prints it. The digest covers each drifted object, its
 * fields and its newest audit event, so a further change (another field, another object, another
 * edit of the same field) is told, and the same drift seen by the next scheduled run is not.
 */
export function driftMessage(report: DriftReport, heartbeat: boolean): NotifyMessage {
  const objects = report.drifted
    // Another kind's object is told apart from a Transformation of its name; a Transformation's entry is as before.
    .map((o) => [
      o.kind,
      ...(o.resource !== undefined ? [o.resource] : []),
      o.name,
      o.id ?? null,
      [...o.fields].sort(),
      o.changedBy ? [o.changedBy.actor, o.changedBy.timestamp] : null,
    ])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const count = report.drifted.length;
  const headline =
    count === 0
      ? `transync: no drift in ${report.environment}: live state matches commit ${report.basis.commit.slice(0, 12)}`
      : `transync: drift in ${report.environment}: ${count} object${count === 1 ? "" : "s"} differ${count === 1 ? "s" : ""} from commit ${report.basis.commit.slice(0, 12)}`;
  return {
    event: "drift",
    environment: report.environment,
    digest: sha256(["drift", report.workspaceId, objects]),
    json: DRIFT_RENDERERS.json(report),
    headline,
    lines: report.drifted.map((o) => {
      const by = o.changedBy ? `, changed by ${o.changedBy.actorEmail ?? o.changedBy.actor} at ${o.changedBy.timestamp}` : "";
      const named = `${resourceText(o)}"${o.name}"${placeText(o)}`;
      return `${o.kind} ${named}${o.id !== undefined ? ` (${o.id})` : ""}: ${o.fields.join(", ") || "no field listed"}${by}`;
    }),
    ...(heartbeat ? { heartbeat: true } : {}),
  };
}

/**
 * `apply` or `apply-failed`: `json` is the apply result as `apply --format json` prints it. The digest
 * covers each action and its outcome, so the same writes seen twice in a row (a reconciler undoing
 * the same edit again) are told once.
 */
export function applyMessage(environment: string, result: ApplyResult, json: string, failed: boolean): NotifyMessage {
  const event: NotifyEvent = failed ? "apply-failed" : "apply";
  const actions = result.actions.map((a) => [a.kind, a.name, a.id ?? null, a.outcome]);
  return {
    event,
    environment,
    digest: sha256([event, actions]),
    json,
    headline: `transync: ${failed ? "apply failed" : "applied"} in ${environment}: ${formatApplySummary(result.summary)}`,
    lines: result.actions.map((a) => `${a.outcome} ${a.kind} "${a.name}"${a.id !== undefined ? ` (${a.id})` : ""}`),
  };
}

/** `reconcile-failed`: the cycle's error; the same error cycle after cycle is told once, until it changes. */
export function reconcileFailedMessage(environment: string, error: string, issues: string[] = []): NotifyMessage {
  const body = { version: FAILURE_BODY_VERSION, event: "reconcile-failed", environment, error, ...(issues.length > 0 ? { issues } : {}) };
  return {
    event: "reconcile-failed",
    environment,
    digest: sha256(["reconcile-failed", error, issues]),
    json: `${escapeJsonText(JSON.stringify(body, null, 2))}\n`,
    headline: `transync: reconcile cycle failed in ${environment}`,
    lines: [error, ...issues],
  };
}
