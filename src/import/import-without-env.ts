import { join, relative } from "node:path";
import { UsageError } from "../errors.js";
import { escapeControls } from "../escape/text-escape.js";
import type { CliContext } from "../pipeline/context.js";
import { refuseInvalidImport } from "./check-import.js";
import { importedCounts, type KindImport } from "./import-kinds.js";
import type { ImportTarget } from "./import-target.js";
import { renderKindImport } from "./kind-import.js";
import { writeImportFiles } from "./write-import.js";

/**
 * `transync import` without --env: every kind's objects rendered by the one renderer
 * (src/import/kind-import.ts) from its descriptor's importer, plain ids; existing files are refused
 * unless `force`.
 */
export async function importWithoutEnvironment(
  ctx: CliContext,
  imports: readonly KindImport[],
  target: ImportTarget,
  force: boolean,
): Promise<void> {
  const { config, outDir, shown } = target;
  const files = imports.flatMap(({ kind, objects }) => {
    const schemaComment = target.schemaOf(kind);
    return renderKindImport(kind, objects, { context: target.context, ...(schemaComment !== undefined ? { schemaComment } : {}) });
  });
  const paths = files.map((file) => file.path);
  const twice = paths.find((path, i) => paths.indexOf(path) !== i);
  if (twice !== undefined)
    throw new UsageError(`two kinds' documents would be written to ${escapeControls(join(shown, twice))}; nothing was written.`);
  // Checked as validate will read them: the project's defaultEnvironment.
  await refuseInvalidImport(files, { config, env: config.defaultEnvironment, outDir });
  const written = await writeImportFiles(outDir, files, { force, confineTo: target.confineTo });
  ctx.stdout.write(
    `Imported ${importedCounts(imports)} into ${written.length} file${written.length === 1 ? "" : "s"} under ${escapeControls(shown)}.\n`,
  );
  // File names come from live names (src/escape/text-escape.ts).
  for (const file of written) ctx.stdout.write(`  ${escapeControls(join(shown, relative(outDir, file)))}\n`);
}
