import { kindPrefix, placeText } from "./format.js";
import type { Plan } from "../plan/types.js";
import type { ApiStats } from "../live/live-api.js";
import type { ActionError, ActionOutcome, ApplyResult } from "../apply/types.js";
import type { Verification } from "../apply/verify.js";
import { formatApplySummary } from "../apply/execute.js";
import { describeDivergence, isConverged, redactKeys } from "../apply/verify.js";
import type { Format } from "./formats.js";
import { escapeControls } from "../escape/text-escape.js";
import { wrapLines } from "./wrap-lines.js";

/** A freeze overridden with `--break-freeze REASON`: the windows that were on (`endsAt`: UTC, ISO 8601) and the reason. */
export interface FreezeBreak {
  windows: { name: string; endsAt: string }[];
  reason: string;
}

/**
 * Staging first skipped with `--skip-order REASON`: the environment before this one, the documents it had not
 * applied, the commit it was at (absent: never applied, or no git repository to ask) and the reason.
 */
export interface OrderSkip {
  after: string;
  documents: string[];
  afterCommit?: string;
  reason: string;
}

/** What an operator overrode for this apply: printed first in the text, recorded in the JSON. */
export interface ApplyOverrides {
  freezeBroken?: FreezeBreak;
  orderSkipped?: OrderSkip;
}

/**
 * `apply --format json`: every action with its outcome, the check after the writes, and the API
 * calls made (the reads of that check included), retries and time waited.
 */
export function renderApplyResultJson(
  result: ApplyResult,
  opts: { apiStats?: ApiStats; verification?: Verification } & ApplyOverrides = {},
): string {
  const stats: Partial<ApiStats> = opts.apiStats ?? {};
  const v = opts.verification;
  const body = {
    summary: result.summary,
    summaryText: formatApplySummary(result.summary),
    interrupted: result.interrupted,
    durationMs: result.durationMs,
    converged: v ? isConverged(v) : null,
    verification: v
      ? { checked: v.checked, diverged: v.diverged.map((d) => redactKeys(d)), notDeleted: v.notDeleted, unreadable: v.unreadable }
      : null,
    api: { ...stats, calls: stats.calls ?? null, retries: stats.retries ?? null, waitedMs: stats.waitedMs ?? null },
    actions: result.actions.map(jsonAction),
    ...(opts.freezeBroken ? { freezeBroken: opts.freezeBroken } : {}),
    ...(opts.orderSkipped ? { orderSkipped: opts.orderSkipped } : {}),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

function jsonAction(a: ActionOutcome): Record<string, unknown> {
  return {
    index: a.index,
    ...(a.resource !== undefined ? { resource: a.resource } : {}),
    kind: a.kind,
    name: a.name,
    id: a.id ?? null,
    outcome: a.outcome,
    attempts: a.attempts,
    ms: a.ms,
    ...(a.note ? { note: a.note } : {}),
    ...(a.error ? { error: a.error } : {}),
  };
}

/** One line per action, then the fields that did not converge, then the summary. */
export function renderApplyText(plan: Plan, result: ApplyResult, verification?: Verification, overrides: ApplyOverrides = {}): string {
  const lines = result.actions.map((outcome) => {
    const action = plan.actions[outcome.index];
    const what = `${outcome.outcome.padEnd(8)} ${action?.kind ?? ""} ${action ? kindPrefix(action) : ""}"${outcome.name}"${action ? placeText(action) : ""}${outcome.id ? ` (${outcome.id})` : ""}`;
    return outcome.error ? `${what}: ${formatActionError(outcome.error)}` : what;
  });
  const interrupted = result.interrupted
    ? ["Interrupted: in-flight calls finished, the rest were not started. Run apply again to converge."]
    : [];
  // Names, ids and the API's messages are data: each line shown escaped (src/escape/text-escape.ts).
  const shown = [
    ...(overrides.freezeBroken ? [freezeBreakLine(overrides.freezeBroken)] : []),
    ...(overrides.orderSkipped ? [orderSkipLine(overrides.orderSkipped)] : []),
    ...lines,
    ...interrupted,
    ...verificationLines(verification),
    formatApplySummary(result.summary),
  ].map(escapeControls);
  return `${wrapLines(shown.join("\n"))}\n`;
}

/** The override of a freeze, first in apply's text: which windows were on and the operator's reason. */
export function freezeBreakLine(b: FreezeBreak): string {
  const windows = b.windows.map((w) => `"${w.name}" (until ${w.endsAt})`).join(", ");
  return `Change freeze broken (--break-freeze): window ${windows}; reason: ${b.reason}`;
}

/** The override of staging first, first in apply's text: what the environment before had not applied, and the operator's reason. */
export function orderSkipLine(s: OrderSkip): string {
  const at = s.afterCommit !== undefined ? `at ${s.afterCommit.slice(0, 12)}` : "no applied commit known";
  const names = s.documents.map((n) => JSON.stringify(n)).join(", ");
  return `Staging first skipped (--skip-order): ${s.after} (${at}) had not applied ${names}; reason: ${s.reason}`;
}

/** `422 input-validation if: message`, leaving out what the error lacks (never `: :`). */
export function formatActionError(e: ActionError): string {
  const head = [e.status, e.type, e.field].filter((part) => part !== undefined && part !== "").join(" ");
  const message = (e.message ?? "").replace(/\s+/g, " ").trim();
  return head !== "" && message !== "" ? `${head}: ${message}` : head || message;
}

function verificationLines(v: Verification | undefined): string[] {
  if (isConverged(v) || !v) return [];
  const lines: string[] = [];
  if (v.diverged.length > 0) {
    lines.push(
      `Did not converge: the server did not take ${v.diverged.length} field${v.diverged.length === 1 ? "" : "s"} (read back after the writes):`,
    );
    for (const d of v.diverged) lines.push(`  ${describeDivergence(d)}`);
  }
  if (v.notDeleted.length > 0) {
    const one = v.notDeleted.length === 1;
    lines.push(
      `Did not converge: ${v.notDeleted.length} deleted object${one ? " still exists" : "s still exist"} (read back after the writes):`,
    );
    for (const o of v.notDeleted)
      lines.push(`  "${o.name}" (${o.id}): the DELETE was answered with success, but the object is still there`);
  }
  if (v.unreadable.length > 0) {
    lines.push(`Not verified: ${v.unreadable.length} object${v.unreadable.length === 1 ? "" : "s"} could not be read back:`);
    for (const u of v.unreadable) lines.push(`  "${u.name}" (${u.id}): ${u.message}`);
  }
  return lines;
}

/** What `apply` reports after its writes (or with nothing to write: no plan to show, `result` empty). */
export interface ApplyReport {
  plan?: Plan;
  /** The freeze windows on that `--break-freeze` overrode, and its reason: printed and recorded. */
  freezeBroken?: FreezeBreak;
  /** What `--skip-order` let through, and its reason: printed and recorded. */
  orderSkipped?: OrderSkip;
  result: ApplyResult;
  verification?: Verification;
  apiStats?: ApiStats;
}

/** apply's whole text output when the plan has no changes (the GitHub Action's `changes` output reads it). */
export const NOTHING_TO_APPLY = "No changes. Nothing to apply.\n";

/** `apply --format`: one renderer per format of FORMATS.apply. */
export const APPLY_RENDERERS: Record<Format<"apply">, (report: ApplyReport) => string> = {
  text: ({ plan, result, verification, freezeBroken, orderSkipped }) =>
    // Nothing written, nothing overridden: the text stays the one the Action's `changes` output compares with (the log says it).
    plan === undefined ? NOTHING_TO_APPLY : renderApplyText(plan, result, verification, { freezeBroken, orderSkipped }),
  json: ({ result, verification, apiStats, freezeBroken, orderSkipped }) =>
    renderApplyResultJson(result, { apiStats, verification, freezeBroken, orderSkipped }),
};

/** The result of an apply with nothing to write. */
export function emptyApplyResult(): ApplyResult {
  return { actions: [], summary: { created: 0, updated: 0, deleted: 0, failed: 0, skipped: 0 }, interrupted: false, durationMs: 0 };
}
