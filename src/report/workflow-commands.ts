import { escapeControls, OWN_COMMAND_MARK } from "../escape/text-escape.js";

/**
 * GitHub workflow commands that transync writes itself: annotations of `validate --format github`
 * and `test --format github`. Escaping as the Actions toolkit does (`escapeData`, `escapeProperty`):
 * https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts
 */

/** A message: `%` first (so an escape in the data reads back as written), then CR and LF. */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A property value (file, title): as data, and `:` and `,`, which end a property. */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export interface Annotation {
  level: "error" | "warning" | "notice";
  /** Path from the repository root. */
  file?: string;
  line?: number;
  col?: number;
  title?: string;
  message: string;
}

/**
 * `::error file=F,line=L,col=C,title=T::MESSAGE`, one line whatever the data: line breaks become
 * `%0A`, every other control character is shown escaped as in text output (src/escape/text-escape.ts). It starts
 * with the fence's mark, which the fence alone turns into the command (src/escape/text-escape.ts, `fenceText`).
 */
export function annotationLine(annotation: Annotation): string {
  const shown = (text: string): string => escapeControls(text);
  const properties: string[] = [];
  if (annotation.file !== undefined && annotation.file !== "") properties.push(`file=${shown(escapeCommandProperty(annotation.file))}`);
  if (annotation.line !== undefined && annotation.line >= 1) properties.push(`line=${annotation.line}`);
  if (annotation.col !== undefined && annotation.col >= 1) properties.push(`col=${annotation.col}`);
  if (annotation.title !== undefined && annotation.title !== "") properties.push(`title=${shown(escapeCommandProperty(annotation.title))}`);
  const props = properties.length > 0 ? ` ${properties.join(",")}` : "";
  return `${OWN_COMMAND_MARK}::${annotation.level}${props}::${shown(escapeCommandData(annotation.message))}`;
}
