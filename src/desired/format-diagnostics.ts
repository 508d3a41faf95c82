import type { Diagnostic } from "./types.js";
import { locationText } from "../model/desired-resource.js";
import { escapeControls } from "../escape/text-escape.js";
import { isLintRule } from "./lint-rules.js";

/**
 * `file:line:col path: message`; a warning's id before the path, `warning[same-scope]: ` (the id a
 * document's `lint.ignore` names), and `error[same-scope]: ` for one that `validate --strict` made an
 * error. One line of text output.
 */
export function formatDiagnosticLine(d: Diagnostic): string {
  const label = isLintRule(d.rule) ? `${d.severity}[${d.rule}]: ` : d.severity === "warning" ? "warning: " : "";
  // File names, paths and messages quote the files (src/escape/text-escape.ts).
  return escapeControls(`${locationText(d)} ${label}${d.path ? `${d.path}: ` : ""}${d.message}`);
}

/** `{ where: "file:line:col", message: "path: message" }`: a diagnostic as an error detail or plan warning. */
export function diagnosticWhere(d: Diagnostic): { where: string; message: string } {
  return { where: locationText(d), message: d.path ? `${d.path}: ${d.message}` : d.message };
}

/**
 * A warning of the documents as a plan shows it: `diagnosticWhere`'s, its id first (`[same-scope] if: …`),
 * so the reader of a plan knows what a document's `lint.ignore` would name.
 */
export function planWarning(d: Diagnostic): { where: string; message: string } {
  const { where, message } = diagnosticWhere(d);
  return { where, message: isLintRule(d.rule) ? `[${d.rule}] ${message}` : message };
}

/** File order: by file, then line, then column (stable for equal positions). */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.col - b.col;
}
