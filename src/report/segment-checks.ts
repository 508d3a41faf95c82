import type { CheckedCase, SegmentCheck, SegmentCheckReport } from "../simulate/test-cases/types.js";
import type { JsonObject } from "../simulate/types.js";
import type { Format } from "./formats.js";
import type { PathFromRoot } from "./annotations.js";
import { oneLine } from "./render-event-changes.js";
import { preview } from "./test-results.js";
import { annotationLine } from "./workflow-commands.js";
import { wrapLines } from "./wrap-lines.js";

const answer = (drops: boolean): string => (drops ? "dropped (the if matches)" : "kept (the if does not match)");
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
const at = (check: SegmentCheck): string => `${check.at.file}:${check.at.line}`;

/** The last line of the section: how many checks ran, agreed, were skipped by --max-checks or withheld. */
export function checksSummary(report: SegmentCheckReport): string {
  const disagreed = report.disagreements.length;
  const parts = [
    `${plural(report.ran, "check", "checks")} against Segment's engine: ${report.agreed} agree, ${disagreed} disagree${disagreed === 1 ? "s" : ""}`,
  ];
  parts.push(`${report.skipped} skipped by --max-checks ${report.maxChecks}`);
  if (report.withheld.length > 0) parts.push(`${report.withheld.length} not sent (the request would hold a secret)`);
  return parts.join("; ");
}

/** A filter check's whole result: the event that comes out, or dropped. */
const result = (value: JsonObject | null | undefined): string => (value === null || value === undefined ? "dropped" : preview(value));

/** One disagreement, a line each: the case, the transformation (or filter) and where it is written, its `if`, both answers. */
function disagreementLines(c: CheckedCase): string[] {
  const what = c.filter === undefined ? `"${c.name}"` : `filter "${c.name}" of ${c.test.instance ?? "?"}`;
  const answers =
    c.filter === undefined
      ? [`    transync: ${answer(c.transyncDrops)}`, `    Segment:  ${answer(c.segmentDrops)}`]
      : [`    transync: ${result(c.filter.transyncResult)}`, `    Segment:  ${result(c.segmentResult)}`];
  return [
    `DISAGREE ${c.test.file}:${c.test.line} ${c.test.name} × ${what} (${at(c)})`,
    `    input:    ${preview(c.filter?.payload ?? c.test.event)}`,
    `    if:       ${c.condition}`,
    ...answers,
  ].map(oneLine);
}

function withheldLine(c: SegmentCheck): string {
  return oneLine(
    `NOT SENT ${c.test.file}:${c.test.line} ${c.test.name} × "${c.name}" (${at(c)}): the event or the if holds a secret (a hash key or a token), which is never sent`,
  );
}

/** The text section after the test report (docs/impact.md, "Segment's engine as a second opinion"). */
export function renderChecksText(report: SegmentCheckReport): string {
  const lines = [
    "",
    "Segment's engine as a second opinion (POST /destination/filters/preview, each if as a filter with a DROP action, each Destination Filter of a case's instance as written):",
  ];
  for (const c of report.disagreements) lines.push(...disagreementLines(c));
  for (const c of report.withheld) lines.push(withheldLine(c));
  lines.push(checksSummary(report));
  return `${wrapLines(lines.join("\n"))}\n`;
}

/** The `segmentChecks` member of `test --format json`. */
export function checksJson(report: SegmentCheckReport): Record<string, unknown> {
  const ref = (c: SegmentCheck) => ({
    file: c.test.file,
    line: c.test.line,
    case: c.test.name,
    transformation: c.name,
    at: { file: c.at.file, line: c.at.line },
    if: c.condition,
  });
  return {
    ran: report.ran,
    agreed: report.agreed,
    disagreed: report.disagreements.length,
    skipped: report.skipped,
    maxChecks: report.maxChecks,
    disagreements: report.disagreements.map((c) => ({
      ...ref(c),
      transync: c.transyncDrops ? "dropped" : "kept",
      segment: c.segmentDrops ? "dropped" : "kept",
      ...(c.filter !== undefined
        ? { filter: c.name, instance: c.test.instance, transyncResult: c.filter.transyncResult, segmentResult: c.segmentResult ?? null }
        : {}),
    })),
    withheld: report.withheld.map(ref),
  };
}

/** An error annotation at the transformation's line for each disagreement, then the summary line. */
function renderChecksGithub(report: SegmentCheckReport, pathOf: PathFromRoot): string {
  const lines = report.disagreements.map((c) =>
    annotationLine({
      level: "error",
      file: pathOf(c.at.file),
      line: c.at.line,
      title: `Segment disagrees: ${c.name}`,
      message: disagreementLines(c).join("\n"),
    }),
  );
  return `${[...lines, checksSummary(report)].join("\n")}\n`;
}

type WithChecks = (rendered: string, report: SegmentCheckReport, pathOf: PathFromRoot) => { stdout: string; stderr: string };

/**
 * Where each format of `test` puts the checks: text and github append their section, JSON gains
 * `segmentChecks`. JUnit XML has no place for them: they go to `stderr` as text (docs/impact.md).
 * A format of `test` without its entry here does not compile.
 */
const CHECKS_BY_FORMAT: Record<Format<"test">, WithChecks> = {
  text: (rendered, report) => ({ stdout: rendered + renderChecksText(report), stderr: "" }),
  json: (rendered, report) => ({
    stdout: `${JSON.stringify({ ...(JSON.parse(rendered) as object), segmentChecks: checksJson(report) }, null, 2)}\n`,
    stderr: "",
  }),
  junit: (rendered, report) => ({ stdout: rendered, stderr: renderChecksText(report) }),
  github: (rendered, report, pathOf) => ({ stdout: rendered + renderChecksGithub(report, pathOf), stderr: "" }),
};

/** The test report with the checks, where its format puts them (`CHECKS_BY_FORMAT`). */
export function withChecks(
  format: Format<"test">,
  rendered: string,
  report: SegmentCheckReport,
  pathOf: PathFromRoot,
): { stdout: string; stderr: string } {
  return CHECKS_BY_FORMAT[format](rendered, report, pathOf);
}
