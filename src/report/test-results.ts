import { oneLine } from "./render-event-changes.js";
import type { JsonValue } from "../simulate/types.js";
import type { CaseFailure, CaseResult, DiffLine, TestTotals } from "../simulate/test-cases/types.js";
import { beforeCut } from "../secrets/redact-cuts.js";
import { wrapLines } from "./wrap-lines.js";

/** A value longer than this (as JSON) is cut in text reports: thousands of failing cases stay readable. */
const MAX_VALUE = 2_000;
/** Diff lines shown per failure in text reports. */
const MAX_DIFF_LINES = 40;

/** Compact JSON, cut with a note past `MAX_VALUE` characters. */
export function preview(value: JsonValue | undefined): string {
  const text = value === undefined ? "(missing)" : beforeCut(JSON.stringify(value));
  return text.length <= MAX_VALUE ? text : `${text.slice(0, MAX_VALUE)}… (${text.length} characters in all)`;
}

/** `file:line`, how every report points at a case. */
export const caseWhere = (r: CaseResult): string => `${r.case.file}:${r.case.line}`;

/** The exact last line of the text report. */
export const totalsLine = (t: TestTotals): string => `${t.passed} passed, ${t.failed} failed`;

function diffLine(d: DiffLine): string {
  const path = d.path === "" ? "(the whole event)" : d.path;
  if (d.sign === "-") return `- ${path}: expected ${preview(d.expected)}, missing in the output`;
  if (d.sign === "+") return `+ ${path}: ${preview(d.actual)}, in the output but not expected`;
  return `~ ${path}: expected ${preview(d.expected)}, got ${preview(d.actual)}`;
}

function failureLines(f: CaseFailure): string[] {
  const lines = [`${f.expectation}: ${f.message}`];
  const diff = f.diff ?? [];
  for (const d of diff.slice(0, MAX_DIFF_LINES)) lines.push(`  ${diffLine(d)}`);
  if (diff.length > MAX_DIFF_LINES) lines.push(`  … and ${diff.length - MAX_DIFF_LINES} more differences`);
  return lines;
}

/**
 * What a failing case shows: input, what was expected, what came out, where it differs, what applied;
 * one item per line, control characters shown escaped (`\u000a`).
 */
export function failureDetails(r: CaseResult): string[] {
  const c = r.case;
  const source = c.source === c.sourceId ? c.source : `${c.source} (${c.sourceId})`;
  const destination =
    c.destination === undefined
      ? ""
      : `, destination ${c.destination === c.destinationId ? c.destination : `${c.destination} (${c.destinationId})`}`;
  const lines = [`source:   ${source}${destination}`, `input:    ${preview(c.event)}`, "expected:"];
  for (const [key, value] of Object.entries(c.expect)) lines.push(`  ${key}: ${preview(value as JsonValue)}`);
  lines.push(`output:   ${r.dropped ? "dropped" : preview(r.output ?? undefined)}`);
  lines.push(`applied:  ${r.matched.length === 0 ? "(none)" : r.matched.map((name, i) => `${i + 1}. ${name}`).join(", ")}`);
  for (const f of r.failures) lines.push(...failureLines(f));
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  // Names, aliases and warnings come from YAML and may hold line breaks or escape sequences.
  return lines.map(oneLine);
}

/** One line per case (`PASS`/`FAIL file:line name`), the details of each failure, then the totals line. */
export function renderText(results: readonly CaseResult[], totals: TestTotals): string {
  const out: string[] = [];
  for (const r of results) {
    out.push(oneLine(`${r.status === "passed" ? "PASS" : "FAIL"} ${caseWhere(r)} ${r.case.name}`));
    if (r.status === "failed") out.push(...failureDetails(r).map((l) => `    ${l}`));
  }
  out.push("", totalsLine(totals));
  // Messages and warnings can be long: every line wraps at LINE_WIDTH (src/report/wrap-lines.ts).
  return `${wrapLines(out.join("\n"))}\n`;
}

/** `transync test --format json`: one entry per case, in run order, and the totals (docs/simulator.md). */
export function renderJson(results: readonly CaseResult[], totals: TestTotals): string {
  const cases = results.map((r) => ({
    file: r.case.file,
    line: r.case.line,
    name: r.case.name,
    source: r.case.sourceId,
    ...(r.case.destinationId !== undefined ? { destination: r.case.destinationId } : {}),
    status: r.status,
    failures: r.failures.map((f) => ({ expectation: f.expectation, message: f.message, ...(f.diff ? { diff: f.diff } : {}) })),
    dropped: r.dropped,
    output: r.output,
    matched: r.matched,
    warnings: r.warnings,
  }));
  return `${JSON.stringify({ totals: { cases: results.length, ...totals }, cases }, null, 2)}\n`;
}
