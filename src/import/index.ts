/**
 * Room src/import/: `transync import`: live objects written as YAML documents with ids pinned,
 * merged with the documents already there; the command's steps (what it reads, import-reads.ts; the
 * kinds, import-kinds.ts; where it writes, import-target.ts; without and with --env,
 * import-without-env.ts, import-into-env.ts), src/commands/import.ts being only its entry point.
 * May import: src/desired/, src/live/, src/model/, src/kinds/, src/report/, src/pipeline/ (resolve-live-refs.ts:
 * the Public API lists, read as plan reads them, instance-refs.ts: documents placed on destination
 * instances as plan places them, and context.ts: the CliContext the command's steps receive), src/plan/ (normalise.ts: a document's values compared
 * with a live object's as plan compares them, environment-values.ts), the ground floor.
 */
export { renderImport, slugify, API_VERSION, type ImportFile, type RenderImportOptions } from "./render-import.js";
export { writeImportFiles, type ConfineTo } from "./write-import.js";
export { refuseInvalidImport, refuseSharedNames, sourcesWithoutTransformations } from "./check-import.js";
