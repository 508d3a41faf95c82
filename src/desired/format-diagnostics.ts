import type { Diagnostic } from "./types.js";
import { locationText } from "../model/desired-resource.js";
import { escapeControls } from "../escape/text-escape.js";

/** `file:line:col path: message`, with `warning: ` before the path of a warning; one line of text output. */
export function formatDiagnosticLine(d: Diagnostic): string {
  const label = d.severity === "warning" ? "warning: " : "";
  // File names, paths and messages quote the files (src/escape/text-escape.ts).
  return escapeControls(`${locationText(d)} ${label}${d.path ? `${d.path}: ` : ""}${d.message}`);
}

/** `{ where: "file:line:col", message: "path: message" }`: a diagnostic as an error detail or plan warning. */
export function diagnosticWhere(d: Diagnostic): { where: string; message: string } {
  return { where: locationText(d), message: d.path ? `${d.path}: ${d.message}` : d.message };
}

/** File order: by file, then line, then column (stable for equal positions). */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.col - b.col;
}
