import { parseAllDocuments } from "yaml";
import type { ProjectConfig } from "../desired/types.js";
import { fsSource } from "../desired/fs-source.js";
import { readTextFile } from "../desired/read-yaml.js";
import { YAML_LIMITS } from "../desired/yaml-limits.js";
import { resolveSourceRef } from "../desired/source-refs.js";
import { refText } from "../desired/live-refs.js";
import { effectiveDocument, existsIn } from "../desired/per-environment.js";
import type { RefOutcome } from "../desired/resolve-refs.js";
import type { ErrorIssue } from "../errors.js";
import { ValidationError } from "../errors.js";

/** What a document's `id` holds: nothing, one id for every environment, or one per environment. */
export type ExistingPin = { kind: "none" } | { kind: "plain"; id: unknown } | { kind: "map"; pins: Readonly<Record<string, unknown>> };

/** A Transformation document already in the output folder, as import matches it. */
export interface ExistingDocument {
  /** POSIX path relative to the output folder. */
  file: string;
  /** Index among the file's YAML documents (`parseAllDocuments` order, as src/import/edit-pins.ts counts). */
  document: number;
  name: string;
  /** The source as written, its alias resolved for the import's environment: an id or `slug:…` (src/desired/live-refs.ts); absent when it does not resolve. */
  sourceRef?: string;
  /** The alias of the import's environment the document wrote as its source, when it wrote one. */
  sourceAlias?: string;
  /** The source id in the import's workspace: sourceRef, a slug resolved by withSourceIds. */
  sourceId?: string;
  pin: ExistingPin;
  /** The document as written (its per-environment keys too: src/import/environment-values.ts reads them). */
  fields: Record<string, unknown>;
  /** Whether it exists in the import's environment (`only` / `except`). */
  present: boolean;
}

export interface ExistingFolder {
  /** Each readable document file's text (a byte order mark kept, so a rewrite changes nothing else). */
  texts: Map<string, string>;
  documents: ExistingDocument[];
}

/**
 * The documents of the output folder, read by the file rules every command obeys (src/desired/file-rules.ts).
 * A file or document that does not parse is skipped: nothing in it is matched, and validate reports it.
 */
export async function readExistingFolder(outDir: string, config: ProjectConfig, env: string): Promise<ExistingFolder> {
  const source = fsSource(outDir);
  const folder: ExistingFolder = { texts: new Map(), documents: [] };
  for (const file of await source.list(".").catch(() => [])) {
    const { text, bytes } = await readTextFile(source, file);
    if (text === undefined) continue;
    folder.texts.set(file, bytes === Buffer.byteLength(text) + 3 ? `\ufeff${text}` : text);
    folder.documents.push(...existingDocuments(file, text, config, env));
  }
  return folder;
}

/** Pure: the Transformation documents of one file's text that have a name. */
export function existingDocuments(file: string, text: string, config: ProjectConfig, env: string): ExistingDocument[] {
  const parsed = parseAllDocuments(text, { uniqueKeys: true });
  if (!Array.isArray(parsed)) return [];
  const found: ExistingDocument[] = [];
  parsed.forEach((doc, document) => {
    if (doc.errors.length > 0) return;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliasCount });
    } catch {
      return;
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) return;
    const fields = value as Record<string, unknown>;
    if (fields.kind !== "Transformation" || typeof fields.name !== "string") return;
    const present = existsIn(fields, env);
    const entry: ExistingDocument = { file, document, name: fields.name, pin: pinOf(fields.id), fields, present };
    // The source as the environment reads it: an override may give it another.
    const text = refText(effectiveDocument(fields, env).doc.sourceId);
    const resolved = text !== undefined ? resolveSourceRef(text, config.environments, env) : undefined;
    if (resolved?.ok) entry.sourceRef = resolved.id;
    if (resolved?.ok && resolved.alias !== undefined) entry.sourceAlias = resolved.alias;
    found.push(entry);
  });
  return found;
}

/**
 * The documents with their source ids in the import's workspace. A slug the workspace does not have
 * is refused (ValidationError naming each document that writes it, and once each alias of
 * transync.yaml whose value it is, not the documents that use the alias): the live object would
 * otherwise be written again as a new document of the same name.
 */
export function withSourceIds(
  documents: readonly ExistingDocument[],
  sourceId: (text: string) => RefOutcome,
  shown: (file: string) => string,
  env: string,
): ExistingDocument[] {
  const issues: ErrorIssue[] = [];
  const aliases = new Map<string, { message: string; users: number }>();
  const resolved = documents.map((doc) => {
    if (doc.sourceRef === undefined) return doc;
    const outcome = sourceId(doc.sourceRef);
    if (outcome.ok) return { ...doc, sourceId: outcome.id };
    if (doc.sourceAlias === undefined)
      issues.push({ where: shown(doc.file), message: `${JSON.stringify(doc.name)}: sourceId: ${outcome.message}` });
    else aliases.set(doc.sourceAlias, { message: outcome.message, users: (aliases.get(doc.sourceAlias)?.users ?? 0) + 1 });
    return doc;
  });
  for (const [alias, { message, users }] of aliases) {
    const where = `transync.yaml environments.${env}.sources.${alias}`;
    issues.unshift({ where, message: `(used by ${users} document${users === 1 ? "" : "s"}): ${message}` });
  }
  if (issues.length > 0) {
    throw new ValidationError(
      `import refused: ${issues.length === 1 ? "a document names its source" : `${issues.length} documents name their sources`} by a slug this workspace does not have; nothing was written.`,
      issues,
    );
  }
  return resolved;
}

function pinOf(id: unknown): ExistingPin {
  if (id === undefined || id === null) return { kind: "none" };
  if (typeof id === "object" && !Array.isArray(id)) return { kind: "map", pins: id as Record<string, unknown> };
  return { kind: "plain", id };
}
