import type { Diagnostic } from "../desired/types.js";
import type { CaseResult } from "../simulate/test-cases/types.js";
import { annotationLine } from "./workflow-commands.js";
import { failureDetails, skipReason } from "./test-results.js";

/** How a report names a file: the path from the repository root (src/desired/repository-path.ts). */
export type PathFromRoot = (file: string) => string;

/** A finding of validate (or of a test file) as a GitHub annotation, titled with its rule. */
export function diagnosticAnnotation(d: Diagnostic, pathOf: PathFromRoot): string {
  return annotationLine({
    level: d.severity,
    file: pathOf(d.file),
    line: d.line,
    col: d.col,
    title: d.rule,
    message: d.path ? `${d.path}: ${d.message}` : d.message,
  });
}

/** `validate --format github` and test-file findings: one annotation a line (none for a warning its document silences). */
export function renderDiagnosticAnnotations(diagnostics: readonly Diagnostic[], pathOf: PathFromRoot): string {
  return diagnostics
    .filter((d) => d.silenced === undefined)
    .map((d) => `${diagnosticAnnotation(d, pathOf)}\n`)
    .join("");
}

/**
 * `test --format github`: an error on each failing case (its details as the message, several lines),
 * a notice on each skipped case (the variable it needs), a warning for each warning of a passing case,
 * at the case's line.
 */
export function renderCaseAnnotations(results: readonly CaseResult[], pathOf: PathFromRoot): string {
  const lines: string[] = [];
  for (const r of results) {
    const at = { file: pathOf(r.case.file), line: r.case.line };
    // A failing case's details hold its warnings already.
    if (r.status === "failed")
      lines.push(annotationLine({ level: "error", ...at, title: `test failed: ${r.case.name}`, message: failureDetails(r).join("\n") }));
    else if (r.status === "skipped")
      lines.push(annotationLine({ level: "notice", ...at, title: `test skipped: ${r.case.name}`, message: skipReason(r) }));
    else
      for (const warning of r.warnings)
        lines.push(annotationLine({ level: "warning", ...at, title: `test: ${r.case.name}`, message: warning }));
  }
  return lines.map((line) => `${line}\n`).join("");
}
