import type { Transformation } from "../model/transformation.js";
import { renderImport, type ImportFile, type RenderImportOptions } from "./render-import.js";
import { editPins } from "./edit-pins.js";
import { matchExisting, pinEditsByFile, type PinOutcome } from "./match-existing.js";
import type { ExistingDocument, ExistingFolder } from "./existing-documents.js";
import { editKeys, type KeyEdit } from "./edit-keys.js";
import {
  excludedFrom,
  includedIn,
  overridesDetail,
  overridesFor,
  pinnedEnvironments,
  type EnvironmentView,
  type KeyEdits,
} from "./environment-values.js";
import { escapeControls } from "../escape/text-escape.js";
import { wrapLines } from "../report/wrap-lines.js";

/** What `import --env E` wrote into a document besides its pin: E's values, and where the document exists. */
export interface ValuesOutcome {
  doc: ExistingDocument;
  keys: KeyEdits;
  /** The live object of E it now describes; absent when E's workspace lacks the document's object. */
  live?: Transformation;
}

/** What `import --env E` changes in a folder that may already hold documents. */
export interface MergedImport {
  /** Documents given E's values (`overrides.E`) or another `only`/`except`, in file order. */
  values: ValuesOutcome[];
  /** The files whose content changes: pins written, documents appended, or new. */
  files: ImportFile[];
  /** Those of them that exist (their new content is made from what they hold). */
  replacing: Set<string>;
  outcomes: PinOutcome[];
  /** Each new document: its file and live object. */
  created: Array<{ path: string; live: Transformation }>;
}

/**
 * Pure. Documents that match a live object get E's pin (src/import/edit-pins.ts: nothing else of the
 * file changes); the objects no document matches are rendered as new documents, appended to the
 * file of their source when it exists (one file per source) or written under a name of their own.
 */
export function mergeImport(
  folder: ExistingFolder,
  live: readonly Transformation[],
  opts: RenderImportOptions & { env: string; view: EnvironmentView; scope?: ReadonlySet<string> },
  shown: (file: string) => string,
): MergedImport {
  const { outcomes, unmatched } = matchExisting(live, folder.documents, opts.env, shown);
  const contents = new Map<string, string>();
  for (const [file, edits] of pinEditsByFile(outcomes, opts.env)) contents.set(file, editPins(shown(file), folder.texts.get(file)!, edits));
  const values = valuesOf(folder, outcomes, opts);
  for (const [file, edits] of keyEditsByFile(values))
    contents.set(file, editKeys(shown(file), contents.get(file) ?? folder.texts.get(file)!, edits));
  const byId = new Map(unmatched.map((t) => [t.id, t]));
  const created: MergedImport["created"] = [];
  const only = importedElsewhere(folder, opts.view) ? [opts.env] : undefined;
  for (const file of renderImport(unmatched, { ...opts, ...(only ? { only } : {}), takenPaths: new Set(folder.texts.keys()) })) {
    const base = contents.get(file.path) ?? folder.texts.get(file.path);
    contents.set(file.path, base === undefined ? file.content : appendDocuments(base, file.content));
    for (const id of file.ids ?? []) created.push({ path: file.path, live: byId.get(id)! });
  }
  const files = [...contents].filter(([path, content]) => folder.texts.get(path) !== content).map(([path, content]) => ({ path, content }));
  return { files, replacing: new Set(files.map((f) => f.path).filter((p) => folder.texts.has(p))), outcomes, created, values };
}

/**
 * E's values in the documents that match E's objects (overrides, E added to `only`), and E taken out
 * of the documents in the import's scope that E's workspace lacks (src/import/environment-values.ts).
 */
function valuesOf(
  folder: ExistingFolder,
  outcomes: readonly PinOutcome[],
  opts: { view: EnvironmentView; scope?: ReadonlySet<string> },
): ValuesOutcome[] {
  const values: ValuesOutcome[] = [];
  const matched = new Set(outcomes.map((o) => o.doc));
  for (const o of outcomes) {
    const keys = { ...includedIn(o.doc.fields, opts.view), ...overridesFor(o.doc.fields, o.live, opts.view) };
    if (Object.keys(keys).length > 0) values.push({ doc: o.doc, keys, live: o.live });
  }
  for (const doc of folder.documents) {
    // A document outside the import's scope (or whose source E cannot resolve) is not known to be missing.
    if (matched.has(doc) || doc.sourceId === undefined || (opts.scope !== undefined && !opts.scope.has(doc.sourceId))) continue;
    const keys = excludedFrom(doc.fields, opts.view);
    if (keys !== undefined) values.push({ doc, keys });
  }
  return values.sort((a, b) => (a.doc.file < b.doc.file ? -1 : a.doc.file > b.doc.file ? 1 : a.doc.document - b.doc.document));
}

function keyEditsByFile(values: readonly ValuesOutcome[]): Map<string, KeyEdit[]> {
  const byFile = new Map<string, KeyEdit[]>();
  for (const v of values) byFile.set(v.doc.file, [...(byFile.get(v.doc.file) ?? []), { document: v.doc.document, keys: v.keys }]);
  return byFile;
}

/** Another environment was imported into the folder before (a document holds its pin): a new object of E exists in E only. */
function importedElsewhere(folder: ExistingFolder, view: EnvironmentView): boolean {
  return folder.documents.some((doc) => pinnedEnvironments(doc.fields).some((env) => env !== view.env && view.environments.includes(env)));
}

/** The rendered file's documents (its schema comment, the first line, dropped) after the existing text. */
function appendDocuments(existing: string, rendered: string): string {
  const documents = rendered.slice(rendered.indexOf("\n") + 1);
  return `${existing}${existing === "" || existing.endsWith("\n") ? "" : "\n"}---\n${documents}`;
}

const LABELS: Record<PinOutcome["status"] | "created", string> = {
  added: "pin added",
  updated: "pin updated",
  unchanged: "pin unchanged",
  converted: "pin converted",
  created: "new document",
};

/** One line per document, in file order, then the files written; names and paths are escaped (src/escape/text-escape.ts). */
export function renderMergeReport(merged: MergedImport, env: string, shown: (file: string) => string): string {
  const total = merged.outcomes.length + merged.created.length;
  const rows: Array<[string, string, string, string]> = [
    ...merged.outcomes.map((o): [string, string, string, string] => [LABELS[o.status], o.doc.file, o.live.name, detail(o, env)]),
    ...merged.values.map((v): [string, string, string, string] => [
      v.live ? "values written" : "not in workspace",
      v.doc.file,
      v.doc.name,
      valuesDetail(v, env),
    ]),
    ...merged.created.map((c): [string, string, string, string] => [LABELS.created, c.path, c.live.name, c.live.id]),
  ];
  const width = Math.max(0, ...rows.map((r) => escapeControls(shown(r[1])).length));
  const lines = [`Imported ${total} transformation${total === 1 ? "" : "s"} of environment ${JSON.stringify(env)}:`];
  for (const [label, file, name, what] of rows)
    lines.push(
      `  ${label.padEnd(14)} ${escapeControls(shown(file)).padEnd(width)}  ${escapeControls(JSON.stringify(name))} (${escapeControls(what)})`,
    );
  const written = merged.files.map((f) => escapeControls(shown(f.path)));
  lines.push(
    written.length === 0 ? "No file changed." : `Wrote ${written.length} file${written.length === 1 ? "" : "s"}: ${written.join(", ")}.`,
  );
  // A long list of files wraps at LINE_WIDTH (src/report/wrap-lines.ts).
  return `${wrapLines(lines.join("\n"))}\n`;
}

/** `overrides.prod: allowProperties, enabled; only: staging, prod`: what the document now says of E. */
function valuesDetail(v: ValuesOutcome, env: string): string {
  const parts: string[] = [];
  if ("overrides" in v.keys) parts.push(overridesDetail(v.keys, env));
  for (const key of ["only", "except"] as const) {
    if (!(key in v.keys)) continue;
    const list = v.keys[key] as string[] | undefined;
    parts.push(list ? `${key}: ${list.join(", ")}` : `${key} removed`);
  }
  return parts.join("; ");
}

function detail(o: PinOutcome, env: string): string {
  if (o.status === "updated") return `${o.previous} -> ${o.live.id}`;
  if (o.status === "converted") return `id: ${o.live.id} -> id: { ${env}: ${o.live.id} }`;
  return o.live.id;
}
