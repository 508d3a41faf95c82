/**
 * The fastest reading of a file whose documents are JSON texts, as generators write them
 * (`JSON.stringify` per document, joined by `---`): JSON.parse, ~30x faster than a YAML parser.
 * JSON is YAML 1.2 with a few differences, and this path is taken only where there are none:
 * - a duplicate key (YAML refuses it; JSON.parse keeps the last), a key with a line break before
 *   its `:` or longer than YAML's 1024 characters for an implicit key, a `__proto__` key;
 * - whitespace other than spaces and line feeds between tokens (tabs, CR: YAML's rules differ);
 * - characters YAML does not allow in a stream (controls, lone surrogates, U+FFFE/FFFF);
 * - deep nesting (kept far below the exact reader's depth limit).
 * Anything else (comments, block style, a `---` with content after it) goes to js-yaml
 * (fast-yaml.ts). Offsets are where `yaml` puts them: a document at its `{`, a value at its first
 * character (the quote of a string). test/desired/json-documents.test.ts holds it to the exact reader.
 */
import { YAML_LIMITS } from "./yaml-limits.js";

export interface JsonDocument {
  value: Record<string, unknown>;
  start: number;
  name?: number;
  id?: number;
  protect?: number;
}

/** Characters YAML does not allow in a stream (js-yaml's list); JSON.parse accepts them inside strings. */
const NOT_PRINTABLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
/** A line holding only a document marker (`--- {...}` is left to the YAML readers). */
const SEPARATOR = /^---[ ]*$/;
const MAX_DEPTH = 32;
const MAX_KEY_LENGTH = 1024;

/** The file's documents when every one is a JSON object and YAML reads it the same; else undefined. */
export function parseJsonDocuments(text: string): JsonDocument[] | undefined {
  const first = text.search(/\S/);
  if (first === -1 || text.charCodeAt(first) !== 0x7b /* { */ || NOT_PRINTABLE.test(text)) return undefined;
  const documents: JsonDocument[] = [];
  const separators = new RegExp(SEPARATOR.source, "gm");
  let from = 0;
  for (;;) {
    const separator = separators.exec(text);
    const to = separator ? separator.index : text.length;
    const document = readDocument(text, from, to);
    if (!document || documents.length >= YAML_LIMITS.maxDocumentsPerFile) return undefined;
    documents.push(document);
    if (!separator) return documents;
    from = to + separator[0].length;
  }
}

function readDocument(text: string, from: number, to: number): JsonDocument | undefined {
  const scan = scanObject(text, from, to);
  if (!scan) return undefined;
  try {
    return { value: JSON.parse(text.slice(from, to)) as Record<string, unknown>, ...scan };
  } catch {
    return undefined; // not JSON after all: the YAML readers decide
  }
}

/**
 * Walks the tokens of one JSON text between `from` and `to` (its grammar is JSON.parse's to check):
 * refuses what YAML would read differently, and finds the root's `{` and its `name`, `id` and `protect` values.
 */
function scanObject(text: string, from: number, to: number): Omit<JsonDocument, "value"> | undefined {
  const keys: Array<Set<string> | undefined> = []; // per open collection: an object's keys, or undefined for an array
  const found: Omit<JsonDocument, "value"> = { start: -1 };
  let pendingKey: string | undefined; // a key read, its `:` not yet
  let valueOf: "name" | "id" | "protect" | undefined; // the root key whose value comes next
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a && pendingKey !== undefined) return undefined; // YAML: an implicit key and its `:` on one line
    if (c === 0x20 || c === 0x0a) continue;
    if (valueOf !== undefined && c !== 0x3a /* : */) {
      found[valueOf] = i;
      valueOf = undefined;
    }
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i, to);
      if (end === undefined) return undefined;
      const inObject = keys[keys.length - 1];
      if (inObject !== undefined && pendingKey === undefined && isKeyPosition(text, from, i)) {
        const key = end - i - 1 > MAX_KEY_LENGTH ? undefined : keyText(text, i, end);
        if (key === undefined || key === "__proto__" || inObject.has(key)) return undefined;
        inObject.add(key);
        pendingKey = key;
      }
      i = end;
      continue;
    }
    if (c === 0x3a /* : */) {
      if (pendingKey === undefined) return undefined;
      if (keys.length === 1 && (pendingKey === "name" || pendingKey === "id" || pendingKey === "protect")) valueOf = pendingKey;
      pendingKey = undefined;
      continue;
    }
    if (pendingKey !== undefined) return undefined; // a line break or anything else between a key and its colon
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (keys.length === 0) {
        if (c !== 0x7b) return undefined;
        found.start = i;
      } else if (found.start === -1) return undefined;
      keys.push(c === 0x7b ? new Set() : undefined);
      if (keys.length > MAX_DEPTH) return undefined;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      keys.pop();
    } else if (c !== 0x2c /* , */ && !isLiteralChar(c)) return undefined; // tabs, CR, comments, YAML syntax
  }
  return found.start === -1 || keys.length !== 0 ? undefined : found;
}

/** The index of the quote closing the string that opens at `open`, or undefined. */
function stringEnd(text: string, open: number, to: number): number | undefined {
  for (let i = open + 1; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i++;
    else if (c === 0x22) return i;
    else if (c === 0x0a) return undefined;
  }
  return undefined;
}

/** A string is a key when it follows the object's `{` or a `,` (JSON.parse checks the rest). */
function isKeyPosition(text: string, from: number, at: number): boolean {
  for (let i = at - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a) continue;
    return c === 0x7b || c === 0x2c;
  }
  return false;
}

function keyText(text: string, open: number, close: number): string | undefined {
  const raw = text.slice(open + 1, close);
  if (!raw.includes("\\")) return raw;
  try {
    return JSON.parse(text.slice(open, close + 1)) as string;
  } catch {
    return undefined;
  }
}

/** Characters of numbers and of true, false and null. */
function isLiteralChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}
