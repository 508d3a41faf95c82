import { oneLine } from "./render-event-changes.js";
import type { JsonValue } from "../simulate/types.js";
import type { CaseFailure, CaseResult, DiffLine, TestTotals } from "../simulate/test-cases/types.js";
import { beforeCut } from "../secrets/redact-cuts.js";
import { wrapLines } from "./wrap-lines.js";
import { markerShape, shapeName } from "../simulate/hash-shape.js";
import { TEST_HASH_KEY } from "../model/hash-key-variable.js";

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

/** The exact last line of the text report; skipped cases (a hash key unset) are counted when there are some. */
export const totalsLine = (t: TestTotals): string =>
  `${t.passed} passed, ${t.failed} failed${t.skipped > 0 ? `, ${t.skipped} skipped` : ""}`;

/** Why a skipped case did not run to the end: `needs TRANSYNC_KEY_EMAIL`. */
export const skipReason = (r: CaseResult): string => `needs ${r.needs.join(", ")}`;

/** An expected value as a diff says it: a shape (`{ hashed: sha256-hex }`) in words, anything else as JSON. */
function expectedText(value: JsonValue | undefined): string {
  const shape = markerShape(value);
  return shape === undefined ? preview(value) : `a ${shapeName(shape)} digest that differs from the input`;
}

function diffLine(d: DiffLine): string {
  const path = d.path === "" ? "(the whole event)" : d.path;
  if (d.sign === "-") return `- ${path}: expected ${expectedText(d.expected)}, missing in the output`;
  if (d.sign === "+") return `+ ${path}: ${preview(d.actual)}, in the output but not expected`;
  return `~ ${path}: expected ${expectedText(d.expected)}, got ${preview(d.actual)}`;
}

/**
 * Said once per run (on stderr) when a hash key's variable is unset: which variables, which
 * transformations hashed with the public test key instead, and what that means for the cases.
 */
export function testKeyNote(testKeyFor: ReadonlyMap<string, string>): string {
  const byVariable = new Map<string, string[]>();
  for (const [name, variable] of testKeyFor) byVariable.set(variable, [...(byVariable.get(variable) ?? []), name]);
  const which = [...byVariable]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([variable, names]) => `${variable} (${names.map((n) => JSON.stringify(n)).join(", ")})`)
    .join("; ");
  const note =
    `note: hash key variables not set, so these transformations hash with the test key "${TEST_HASH_KEY}" in this run: ${which}. ` +
    "Expectations { hashed: <algorithm>-<encoding> } are checked; a case expecting an exact digest of them is skipped " +
    '(docs/simulator.md, "Tests without secrets").';
  return `${wrapLines(oneLine(note))}\n`;
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
      : c.instance !== undefined
        ? `, destination instance ${c.instance}`
        : `, destination ${c.destination === c.destinationId ? c.destination : `${c.destination} (${c.destinationId})`}`;
  const lines = [`source:   ${source}${destination}`, `input:    ${preview(c.event)}`, "expected:"];
  for (const [key, value] of Object.entries(c.expect)) lines.push(`  ${key}: ${preview(value as JsonValue)}`);
  lines.push(`output:   ${r.dropped ? "dropped" : preview(r.output ?? undefined)}`);
  lines.push(`applied:  ${r.matched.length === 0 ? "(none)" : r.matched.map((name, i) => `${i + 1}. ${name}`).join(", ")}`);
  if (r.stoppedAt !== undefined) lines.push(`stopped:  ${r.stoppedAt}`);
  for (const f of r.failures) lines.push(...failureLines(f));
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  // Names, aliases and warnings come from YAML and may hold line breaks or escape sequences.
  return lines.map(oneLine);
}

/** One line per case (`PASS`/`FAIL file:line name`), the details of each failure, then the totals line. */
export function renderText(results: readonly CaseResult[], totals: TestTotals): string {
  const out: string[] = [];
  for (const r of results) {
    if (r.status === "skipped") out.push(oneLine(`SKIP ${caseWhere(r)} ${r.case.name} (skipped: ${skipReason(r)})`));
    else out.push(oneLine(`${r.status === "passed" ? "PASS" : "FAIL"} ${caseWhere(r)} ${r.case.name}`));
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
    ...(r.case.instance !== undefined ? { instance: r.case.instance } : {}),
    status: r.status,
    ...(r.status === "skipped" ? { needs: r.needs } : {}),
    failures: r.failures.map((f) => ({ expectation: f.expectation, message: f.message, ...(f.diff ? { diff: f.diff } : {}) })),
    dropped: r.dropped,
    output: r.output,
    matched: r.matched,
    ...(r.stoppedAt !== undefined ? { stoppedAt: r.stoppedAt } : {}),
    warnings: r.warnings,
  }));
  return `${JSON.stringify({ totals: { cases: results.length, ...totals }, cases }, null, 2)}\n`;
}
