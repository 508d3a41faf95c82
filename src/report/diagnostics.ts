import type { Diagnostic } from "../desired/types.js";
import { kindNamed } from "../kinds/index.js";
import { formatDiagnosticLine } from "../desired/format-diagnostics.js";
import type { Format } from "./formats.js";
import { renderDiagnosticAnnotations, type PathFromRoot } from "./annotations.js";
import { renderSarif } from "./sarif.js";

/** One line per diagnostic, errors and warnings in file order; a warning its document silences is not printed (the summary counts it). */
export function formatDiagnosticsText(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .filter((d) => d.silenced === undefined)
    .map((d) => `${formatDiagnosticLine(d)}\n`)
    .join("");
}

export interface ValidationSummary {
  /** Documents of Transformations (valid or not). */
  transformations: number;
  /** Documents of each other kind (src/kinds/index.ts), valid or not, by the kind's name; absent when there are none, so today's reports are as before. */
  otherKinds?: Record<string, number>;
  files: number;
  errors: number;
  /** Every warning, the silenced ones included. */
  warnings: number;
  /** Of the warnings, those their document's `lint.ignore` silences. */
  silenced: number;
}

export function summarize(
  diagnostics: readonly Diagnostic[],
  transformations: number,
  files: number,
  otherKinds: Readonly<Record<string, number>> = {},
): ValidationSummary {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const silenced = diagnostics.filter((d) => d.silenced !== undefined).length;
  const others = Object.keys(otherKinds).length > 0 ? { otherKinds: { ...otherKinds } } : {};
  return { transformations, ...others, files, errors, warnings: diagnostics.length - errors, silenced };
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** `Validated 12 transformations in 6 files: 0 errors, 2 warnings (1 silenced).` */
export function formatSummaryLine(s: ValidationSummary): string {
  const silenced = s.silenced > 0 ? ` (${s.silenced} silenced)` : "";
  const others = Object.entries(s.otherKinds ?? {}).map(([name, n]) => {
    const labels = kindNamed(name)?.labels ?? { singular: name, plural: `${name}s` };
    return ` and ${plural(n, labels.singular, labels.plural)}`;
  });
  return `Validated ${plural(s.transformations, "transformation")}${others.join("")} in ${plural(s.files, "file")}: ${plural(s.errors, "error")}, ${plural(s.warnings, "warning")}${silenced}.`;
}

/** The machine-readable report of `validate --format json` (stable field names for tools). */
export function formatDiagnosticsJson(diagnostics: readonly Diagnostic[], summary: ValidationSummary): string {
  const report = {
    valid: summary.errors === 0,
    summary,
    diagnostics: diagnostics.map((d) => ({
      severity: d.severity,
      file: d.file,
      line: d.line,
      col: d.col,
      path: d.path,
      message: d.message,
      rule: d.rule,
      ...(d.silenced ? { silenced: { reason: d.silenced.reason } } : {}),
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * `validate --format`: one renderer per format of FORMATS.validate. `pathOf` names a file from the
 * repository root, for the formats GitHub reads (annotations, SARIF); text and JSON keep the paths
 * as the run saw them.
 */
export const VALIDATE_RENDERERS: Record<
  Format<"validate">,
  (diagnostics: readonly Diagnostic[], summary: ValidationSummary, pathOf: PathFromRoot) => string
> = {
  text: (diagnostics, summary) => `${formatDiagnosticsText(diagnostics)}${formatSummaryLine(summary)}\n`,
  json: (diagnostics, summary) => formatDiagnosticsJson(diagnostics, summary),
  github: (diagnostics, summary, pathOf) => `${renderDiagnosticAnnotations(diagnostics, pathOf)}${formatSummaryLine(summary)}\n`,
  sarif: (diagnostics, _summary, pathOf) => renderSarif(diagnostics, pathOf),
};
