import type { Transformation } from "../model/transformation.js";
import type { Diagnostic, ProjectConfig } from "../desired/types.js";
import type { ImportFile } from "./render-import.js";
import { ConflictError, ValidationError } from "../errors.js";
import { checkFileText, checkUnique, type CheckedDocument, type DocumentContext } from "../desired/check-file.js";
import { readTextFile } from "../desired/read-yaml.js";
import { fsSource } from "../desired/fs-source.js";
import { diagnosticWhere } from "../desired/format-diagnostics.js";

/**
 * The `--source` values no live transformation has (an id mistyped, an alias of another
 * environment, or a source without transformations), as the user wrote them: an import of
 * nothing must say why rather than succeed silently.
 */
export function sourcesWithoutTransformations(
  requested: readonly string[],
  aliases: Readonly<Record<string, string>>,
  live: readonly Transformation[],
): string[] {
  const sources = new Set(live.map((t) => t.sourceId));
  return requested.filter((s) => !sources.has(aliases[s] ?? s));
}

/**
 * Names are unique in a desired folder (validate's rule), so live objects sharing a name cannot all
 * be written: refuse before writing anything, naming every id, rather than write files validate rejects.
 */
export function refuseSharedNames(live: readonly Transformation[]): void {
  const byName = new Map<string, string[]>();
  for (const t of live) byName.set(t.name, [...(byName.get(t.name) ?? []), t.id]);
  const shared = [...byName].filter(([, ids]) => ids.length > 1).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (shared.length === 0) return;
  const list = shared.map(([name, ids]) => `${JSON.stringify(name)}: ${ids.sort().join(", ")}`).join("; ");
  throw new ConflictError(
    `import refused: names must be unique among the documents (validate's rule), but live transformations share names: ${list}. ` +
      "Rename all but one of each in Segment (or delete the extras), then run import again; nothing was written.",
  );
}

export interface ImportCheckContext {
  config: ProjectConfig;
  env: string | undefined;
  /** Absolute folder the files go to; documents already there that stay are checked with them. */
  outDir: string;
}

/**
 * Checks the rendered files as validate will read them, together with the documents of the folder
 * they do not replace; any error refuses the whole import (a ValidationError listing each one).
 */
export async function refuseInvalidImport(files: readonly ImportFile[], ctx: ImportCheckContext): Promise<void> {
  const context: DocumentContext = { config: ctx.config, env: ctx.env, envFailed: false };
  const diagnostics: Diagnostic[] = [];
  const checked: CheckedDocument[] = await keptDocuments(files, ctx, context);
  for (const file of files) {
    const result = checkFileText(file.path, file.content, context);
    diagnostics.push(...result.diagnostics);
    checked.push(...result.checked);
  }
  checkUnique(checked, diagnostics, ctx.env === undefined ? [] : [ctx.env]);
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length === 0) return;
  throw new ValidationError(
    `import refused: the files it would write would not pass \`transync validate\` (${errors.length} error${errors.length === 1 ? "" : "s"}, paths relative to ${ctx.outDir}); nothing was written.`,
    errors.map(diagnosticWhere),
  );
}

/** The documents already in the output folder that the import leaves in place (their own errors are not ours). */
async function keptDocuments(files: readonly ImportFile[], ctx: ImportCheckContext, context: DocumentContext): Promise<CheckedDocument[]> {
  const replaced = new Set(files.map((f) => f.path));
  const source = fsSource(ctx.outDir);
  const kept: CheckedDocument[] = [];
  for (const path of await source.list(".").catch(() => [])) {
    if (replaced.has(path)) continue;
    const { text } = await readTextFile(source, path);
    if (text !== undefined) kept.push(...checkFileText(path, text, context).checked);
  }
  return kept;
}
