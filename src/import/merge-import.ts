import type { Transformation } from "../model/transformation.js";
import { renderImport, type ImportFile, type RenderImportOptions } from "./render-import.js";
import { editPins } from "./edit-pins.js";
import { matchExisting, pinEditsByFile, type PinOutcome } from "./match-existing.js";
import type { ExistingFolder } from "./existing-documents.js";
import { escapeControls } from "../escape/text-escape.js";
import { wrapLines } from "../report/wrap-lines.js";

/** What `import --env E` changes in a folder that may already hold documents. */
export interface MergedImport {
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
  opts: RenderImportOptions & { env: string },
  shown: (file: string) => string,
): MergedImport {
  const { outcomes, unmatched } = matchExisting(live, folder.documents, opts.env, shown);
  const contents = new Map<string, string>();
  for (const [file, edits] of pinEditsByFile(outcomes, opts.env)) contents.set(file, editPins(shown(file), folder.texts.get(file)!, edits));
  const byId = new Map(unmatched.map((t) => [t.id, t]));
  const created: MergedImport["created"] = [];
  for (const file of renderImport(unmatched, { ...opts, takenPaths: new Set(folder.texts.keys()) })) {
    const base = contents.get(file.path) ?? folder.texts.get(file.path);
    contents.set(file.path, base === undefined ? file.content : appendDocuments(base, file.content));
    for (const id of file.ids ?? []) created.push({ path: file.path, live: byId.get(id)! });
  }
  const files = [...contents].filter(([path, content]) => folder.texts.get(path) !== content).map(([path, content]) => ({ path, content }));
  return { files, replacing: new Set(files.map((f) => f.path).filter((p) => folder.texts.has(p))), outcomes, created };
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

function detail(o: PinOutcome, env: string): string {
  if (o.status === "updated") return `${o.previous} -> ${o.live.id}`;
  if (o.status === "converted") return `id: ${o.live.id} -> id: { ${env}: ${o.live.id} }`;
  return o.live.id;
}
