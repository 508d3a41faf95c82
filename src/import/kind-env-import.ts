import { parseAllDocuments, stringify } from "yaml";
import type { KindImportContext, KindObject, ResourceKind } from "../kinds/kind.js";
import { InternalError } from "../errors.js";
import type { SourceLocation } from "../model/desired-resource.js";
import { API_VERSION, type ImportFile } from "./render-import.js";
import { importFileOf, withSchema } from "./kind-import.js";
import { editKeys } from "./edit-keys.js";
import { editPins } from "./edit-pins.js";
import { lineBreakAt } from "./text-splice.js";
import { kindOverridesFor } from "./kind-env-overrides.js";
import { overridesDetail } from "./environment-values.js";

/*
 * `import --env E` for a kind other than Transformation (whose pins and values merge-import.ts merges):
 * `--kinds DestinationFilter` (issue 37), any generic kind (issue 36): E's pins written into the
 * documents of the kind that exist, the other live objects of E written as new documents. Pure: the
 * caller reads the files, places the documents (of a kind on destination instances) on E's instances
 * and writes what this returns.
 */

/** A document of the kind as the folder holds it in E: where it starts, its pin in E, and its identity (instance, title) resolved in E's workspace. */
export interface KindDocumentInEnv {
  name: string;
  location: SourceLocation;
  id?: string;
  /** The value of the kind's scope field (the instance; "" for a kind without one) and of its name field (the title). */
  scope: string;
  title: string;
}

export interface KindEnvImport {
  files: ImportFile[];
  /**
   * One line per live object: `pinned` (E's pin written), `unchanged` (pinned already) or `new` (a new
   * document); `values` when E's values were written too (`overrides.prod: enabled`, kind-env-overrides.ts).
   */
  outcomes: Array<{ outcome: "pinned" | "unchanged" | "new"; name: string; id: string; file: string; values?: string }>;
}

/** What the merge of E into a kind's documents reads: the documents, E's live objects, the files' texts. */
export interface KindEnvInput {
  documents: readonly KindDocumentInEnv[];
  live: readonly KindObject[];
  /** A file's text under the output folder (undefined: no such file). */
  read(file: string): string | undefined;
  /** The kind's editors' schema as a new file's `$schema` line names it, when it has one. */
  schema?: string;
  /** A file as messages name it (the output folder joined to it); the file itself when not given. */
  shown?(file: string): string;
}

/**
 * Each live object of E matched to a document by E's pin, else by its scope and name among the
 * documents E does not pin yet; a matched document gets `id: { …, E: <id> }` in place (every other
 * byte kept); an object no document matches becomes a new document (with `only: [E]` once the
 * folder holds documents of a kind with per-environment documents, as import does for Transformations)
 * in the importer's file (a new file opening with the `# yaml-language-server:` line naming `schema`, the
 * kind's editors' schema from the output folder, when it has one).
 */
export function pinKindIntoEnvironment(kind: ResourceKind, env: string, input: KindEnvInput): KindEnvImport {
  const texts = new FileTexts(input.read);
  const matchOf = documentMatcher(kind, input.documents);
  const outcomes = [...input.live]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((object) => {
      const doc = matchOf(object);
      return doc !== undefined ? pinDocument(kind, env, { doc, object, texts, input }) : addDocument(kind, env, { object, texts, input });
    });
  return { files: texts.files(), outcomes };
}

type Outcome = KindEnvImport["outcomes"][number];

/** The files' texts as edited so far, each read once. */
class FileTexts {
  private readonly edited = new Map<string, string>();
  constructor(private readonly read: (file: string) => string | undefined) {}
  textOf(file: string): string | undefined {
    return this.edited.get(file) ?? this.read(file);
  }
  set(file: string, text: string): void {
    this.edited.set(file, text);
  }
  files(): ImportFile[] {
    return [...this.edited.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, content]) => ({ path, content }));
  }
}

/** The document a live object of E is: the one E pins to it, else one E does not pin yet of its scope and name (each matched once). */
function documentMatcher(
  kind: ResourceKind,
  documents: readonly KindDocumentInEnv[],
): (object: KindObject) => KindDocumentInEnv | undefined {
  const scopeField = kind.identity.scope;
  const scopeOf = (object: KindObject): unknown => (scopeField === undefined ? "" : object[scopeField]);
  const used = new Set<KindDocumentInEnv>();
  return (object) => {
    const name = String(object[kind.identity.name]);
    const doc =
      documents.find((d) => d.id === object.id) ??
      documents.find((d) => !used.has(d) && d.id === undefined && d.scope === scopeOf(object) && d.title === name);
    if (doc !== undefined) used.add(doc);
    return doc;
  };
}

/**
 * E's pin written into the matched document in place (after the key naming it, where import writes
 * it, when it has no `id`), and E's values as `overrides.E` for a kind with per-environment
 * documents, so E's plan has no changes: every other byte of the file kept (edit-pins.ts, edit-keys.ts).
 */
function pinDocument(
  kind: ResourceKind,
  env: string,
  at: { doc: KindDocumentInEnv; object: KindObject; texts: FileTexts; input: KindEnvInput },
): Outcome {
  const { doc, object, texts } = at;
  const { file, line } = doc.location;
  const shown = at.input.shown?.(file) ?? file;
  const outcome = doc.id === object.id ? "unchanged" : "pinned";
  const { index, value } = documentAt(texts.textOf(file) ?? "", line);
  const values = kindOverridesFor(kind, value, env, object);
  const pinAfter = kind.document?.name ?? kind.identity.name;
  if (outcome === "pinned") texts.set(file, editPins(shown, texts.textOf(file) ?? "", [{ document: index, env, id: object.id }], pinAfter));
  if (values !== undefined) texts.set(file, editKeys(shown, texts.textOf(file) ?? "", [{ document: index, keys: values }]));
  const detail = values !== undefined ? { values: overridesDetail(values, env) } : {};
  return { outcome, name: doc.name, id: object.id, file, ...detail };
}

/** A live object no document matches, as a new document of the importer's file (appended when the file exists). */
function addDocument(kind: ResourceKind, env: string, at: { object: KindObject; texts: FileTexts; input: KindEnvInput }): Outcome {
  const { object, texts, input } = at;
  const context: KindImportContext = { sourceAliases: {}, destinationAliases: {}, env, split: false };
  const file = importFileOf(kind, object, context);
  const body = { apiVersion: API_VERSION, kind: kind.name, id: { [env]: object.id }, ...kind.importer.document(object, context) };
  // Only a kind whose documents differ per environment has `only` (the others' documents are in every one).
  const only = input.documents.length > 0 && kind.document?.perEnvironment ? { only: [env] } : {};
  const before = texts.textOf(file);
  const written = stringify({ ...body, ...only });
  const fresh = input.schema === undefined ? written : withSchema(file, written, input.schema);
  texts.set(file, before === undefined || before === "" ? fresh : appendDocument(before, written));
  return { outcome: "new", name: String(object[kind.identity.name]), id: object.id, file };
}

/** `text` with `document` appended after a `---`, every byte of `text` kept, the new lines ended as its lines are (LF or CRLF). */
function appendDocument(text: string, document: string): string {
  const lineBreak = lineBreakAt(text, 0);
  const ended = text.endsWith("\n") ? text : `${text}${lineBreak}`;
  return `${ended}---${lineBreak}${document.split("\n").join(lineBreak)}`;
}

/**
 * The document holding `line` (1-based; where validation places it, a leading comment's line or its
 * first key's): its place in the file (0-based) and its value. A document starts at its `---`, the
 * first at the file's start.
 */
function documentAt(text: string, line: number): { index: number; value: Record<string, unknown> } {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents) || documents.length === 0) throw new InternalError("an empty file holds no document to pin");
  const offset = lineOffset(text, line);
  if (offset === undefined) throw new InternalError(`the file has no line ${line}`);
  const index = Math.max(
    0,
    documents.findLastIndex((d) => d.range[0] <= offset),
  );
  return { index, value: documents[index]!.toJS() as Record<string, unknown> };
}

/** Where line `line` (1-based) starts, or undefined past the file's end. */
function lineOffset(text: string, line: number): number | undefined {
  let offset = 0;
  for (let n = 1; n < line; n++) {
    const newline = text.indexOf("\n", offset);
    if (newline === -1) return undefined;
    offset = newline + 1;
  }
  return offset;
}
