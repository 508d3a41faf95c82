import type { Document, Node, YAMLError } from "yaml";
import type { Diagnostic, FileSource } from "./types.js";
import { linePos } from "./positions.js";
import { FileRuleError } from "./file-tree.js";
import { YAML_LIMITS } from "./yaml-limits.js";
import { yamlLib } from "./yaml-lib.js";
import { parseYamlFast } from "./fast-yaml.js";
import { fqlQuoteHint } from "./fql-yaml-hint.js";
import type { LinePositions } from "./line-table.js";

/** One parsed, non-empty YAML document with what is needed to point at its nodes. */
export interface YamlDocument {
  file: string;
  text: string;
  /** The node tree; for a file read on the fast path, built on first use (a finding to position). */
  doc: Document;
  lineCounter: LinePositions;
  value: unknown;
}

export interface ReadYamlResult {
  documents: YamlDocument[];
  diagnostics: Diagnostic[];
}

function fileDiagnostic(file: string, rule: string, message: string, severity: Diagnostic["severity"] = "error"): Diagnostic {
  return { file, line: 1, col: 1, severity, path: "", message, rule };
}

/**
 * Reads a file as UTF-8 text. The source applies the file rules (size cap, links, regular files
 * only: file-rules.ts); a refusal becomes a diagnostic at `file:1:1`, as do binary and non-UTF-8 files.
 */
export async function readTextFile(source: FileSource, file: string): Promise<{ text?: string; bytes: number; diagnostic?: Diagnostic }> {
  let bytes: Buffer;
  try {
    bytes = await source.read(file);
  } catch (error) {
    if (error instanceof FileRuleError) return { bytes: 0, diagnostic: fileDiagnostic(file, error.rule, error.message) };
    throw error;
  }
  if (bytes.subarray(0, 8192).includes(0))
    return {
      bytes: bytes.length,
      diagnostic: fileDiagnostic(file, "encoding", "file looks binary (it contains NUL bytes); expected YAML text"),
    };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { bytes: bytes.length, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    return { bytes: bytes.length, diagnostic: fileDiagnostic(file, "encoding", "file is not valid UTF-8 text; save it as UTF-8") };
  }
}

/** Reads and parses every document of a YAML file; problems come back as positioned diagnostics. */
export async function readYamlFile(source: FileSource, file: string): Promise<ReadYamlResult> {
  const { text, diagnostic } = await readTextFile(source, file);
  if (text === undefined) return { documents: [], diagnostics: diagnostic ? [diagnostic] : [] };
  return parseYamlTextLazily(file, text);
}

/**
 * What parseYamlText returns, read on the fast path when the file allows it (fast-yaml.ts: then the
 * values are the same and there is nothing to report); each document's node tree is parsed by
 * `yaml` only when a finding asks where a node is.
 */
export function parseYamlTextLazily(file: string, text: string): ReadYamlResult {
  const fast = parseYamlFast(text);
  if (!fast) return parseYamlText(file, text);
  let exact: ReadYamlResult | undefined;
  const documents = fast.documents.map((fdoc, index): YamlDocument => ({
    file,
    text,
    lineCounter: fast.lineCounter,
    value: fdoc.value,
    get doc(): Document {
      exact ??= parseYamlText(file, text);
      return exact.documents[index]!.doc;
    },
  }));
  return { documents, diagnostics: [] };
}

/** Pure: parses YAML text into documents (empty ones skipped) and diagnostics. */
export function parseYamlText(file: string, text: string): ReadYamlResult {
  const diagnostics: Diagnostic[] = [];
  const separators = text.match(/^---/gm)?.length ?? 0;
  if (separators > YAML_LIMITS.maxDocumentsPerFile) {
    return {
      documents: [],
      diagnostics: [
        fileDiagnostic(
          file,
          "yaml-size",
          `file has ${separators} documents, over the limit of ${YAML_LIMITS.maxDocumentsPerFile}; split it`,
        ),
      ],
    };
  }
  const { LineCounter, parseAllDocuments } = yamlLib();
  const lineCounter = new LineCounter();
  const parsed = parseAllDocuments(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const docs = Array.isArray(parsed) ? parsed : [];
  const documents: YamlDocument[] = [];
  for (const doc of docs) {
    const at = (offset: number) => linePos(lineCounter, offset);
    // Where one plain FQL value makes YAML report several errors, the first says it (with the hint to quote it).
    const hinted = new Set<number>();
    for (const error of doc.errors) {
      const [start] = error.pos;
      if (hinted.has(start)) continue;
      diagnostics.push(yamlDiagnostic(file, text, error, "error", at));
      if (fqlQuoteHint(text, start) !== undefined) hinted.add(start);
    }
    for (const warning of doc.warnings) diagnostics.push(yamlDiagnostic(file, text, warning, "warning", at));
    // A duplicate key leaves a usable document (the last value wins), so keep validating it.
    if (doc.errors.some((e) => e.code !== "DUPLICATE_KEY") || isEmptyDocument(doc)) continue;
    const value = toValue(file, doc, at, diagnostics);
    if (value !== undefined) documents.push({ file, text, doc, lineCounter, value });
  }
  if (documents.length === 0 && diagnostics.length === 0) {
    diagnostics.push(fileDiagnostic(file, "empty-file", "file contains no documents", "warning"));
  }
  return { documents, diagnostics };
}

/** No content at all (a comments-only document, or the empty one after a trailing `---`). */
function isEmptyDocument(doc: Document): boolean {
  const contents = doc.contents;
  if (contents === null) return true;
  return yamlLib().isScalar(contents) && contents.value === null && (contents.range?.[0] ?? 0) === (contents.range?.[1] ?? 0);
}

function yamlDiagnostic(
  file: string,
  text: string,
  error: YAMLError,
  severity: Diagnostic["severity"],
  at: (offset: number) => { line: number; col: number },
): Diagnostic {
  const [start, end] = error.pos;
  if (error.code === "DUPLICATE_KEY") {
    const key =
      text
        .slice(start, Math.max(end, start + 200))
        .split(/[:,}\n]/)[0]
        ?.trim()
        .replace(/^["']|["']$/g, "") ?? "";
    return {
      file,
      ...at(start),
      severity,
      path: key,
      message: `duplicate key "${key}": a key may appear only once in a mapping`,
      rule: "duplicate-key",
    };
  }
  const message = error.message.replace(/ at line \d+, column \d+.*$/s, "").trim();
  const hint = fqlQuoteHint(text, start);
  // A warning carries the id a document's lint.ignore may name (lint-rules.ts).
  const rule = severity === "warning" ? "yaml-warning" : "yaml-syntax";
  return { file, ...at(start), severity, path: "", message: `YAML: ${message}${hint ? `; ${hint}` : ""}`, rule };
}

function toValue(file: string, doc: Document, at: (offset: number) => { line: number; col: number }, out: Diagnostic[]): unknown {
  const deep = findTooDeep(doc.contents as Node | null);
  if (deep) {
    const where = at(deep.range?.[0] ?? 0);
    out.push({
      file,
      ...where,
      severity: "error",
      path: "",
      message: `the document is nested more than ${YAML_LIMITS.maxDepth} levels deep`,
      rule: "yaml-depth",
    });
    return undefined;
  }
  try {
    return doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliasCount }) as unknown;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    // An alias whose anchor is in another document (anchors do not cross `---`) is a plain mistake, not a bomb.
    const unresolved = /^Unresolved alias.*: (.+)$/.exec(text)?.[1];
    const bomb = error instanceof ReferenceError && /alias/i.test(text);
    const message =
      unresolved !== undefined
        ? `alias *${unresolved} has no anchor &${unresolved} in its own document: anchors do not cross \`---\`; repeat the value or set the anchor in this document`
        : bomb
          ? `aliases expand too much (over ${YAML_LIMITS.maxAliasCount} expansions): a YAML "bomb"? write the values out`
          : `YAML: ${text}`;
    out.push({
      file,
      ...at(doc.contents?.range?.[0] ?? 0),
      severity: "error",
      path: "",
      message,
      rule: bomb ? "yaml-aliases" : "yaml-syntax",
    });
    return undefined;
  }
}

/** Iterative depth check (a recursive one could itself overflow the stack). */
function findTooDeep(root: Node | null): Node | undefined {
  const { isCollection, isPair } = yamlLib();
  const stack: Array<{ node: Node; depth: number }> = root ? [{ node: root, depth: 1 }] : [];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > YAML_LIMITS.maxDepth) return node;
    if (!isCollection(node)) continue;
    for (const item of node.items) {
      if (isPair(item)) {
        if (item.key && typeof item.key === "object") stack.push({ node: item.key as Node, depth: depth + 1 });
        if (item.value && typeof item.value === "object") stack.push({ node: item.value as Node, depth: depth + 1 });
      } else if (item && typeof item === "object") {
        stack.push({ node: item as Node, depth: depth + 1 });
      }
    }
  }
  return undefined;
}
