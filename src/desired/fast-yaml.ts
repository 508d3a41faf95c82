/**
 * The fast path of reading desired files. `yaml` keeps a node tree with positions for every value,
 * which exact error messages need, but it parses ~4x slower than js-yaml's event parser. Most files
 * in a repository are valid, and a valid file needs only three positions per document (its start,
 * its `name` and its `id`), which js-yaml's events carry. So a file is first read here; whenever
 * anything is unusual or wrong, the caller reads it again with `yaml` (read-yaml.ts), whose
 * result is the reference: this path may only ever say "same as the exact path, faster".
 *
 * "Unusual" is anything on which the two parsers could disagree or where `yaml` would warn:
 * directives, tags, anchors, aliases, a root that is not a mapping, empty documents, top-level
 * keys or `name`/`id` values that are not plain or quoted one-line scalars.
 */
import { CORE_SCHEMA, constructFromEvents, EVENT_ID, getScalarValue, parseEvents, SCALAR_STYLE, type Event } from "js-yaml";
import { lineTable, type LinePositions } from "./line-table.js";
import { YAML_LIMITS } from "./yaml-limits.js";
import { parseJsonDocuments } from "./json-documents.js";

/** One document read on the fast path; offsets are into the file's text, as `yaml` would give them. */
export interface FastDocument {
  value: Record<string, unknown>;
  /** Offset of the root mapping (its first key). */
  start: number;
  /** Offset of the top-level `name` / `id` / `protect` values, when present. */
  name?: number;
  id?: number;
  protect?: number;
}

export interface FastFile {
  documents: FastDocument[];
  lineCounter: LinePositions;
}

const POSITIONED_KEYS = new Set(["name", "id", "protect"]);
const ONE_LINE_STYLES = new Set<number>([SCALAR_STYLE.PLAIN, SCALAR_STYLE.SINGLE_QUOTED, SCALAR_STYLE.DOUBLE_QUOTED]);

/** Reads a file on the fast path, or returns undefined: then the exact path must read it. */
export function parseYamlFast(text: string): FastFile | undefined {
  const json = parseJsonDocuments(text);
  if (json) return { documents: json, lineCounter: lineTable(text) };
  try {
    const events = parseEvents(text, { maxDepth: YAML_LIMITS.maxDepth });
    const documents = scanDocuments(text, events);
    if (!documents) return undefined;
    const values = constructFromEvents(events, { source: text, schema: CORE_SCHEMA, maxAliases: 0 });
    if (values.length !== documents.length) return undefined;
    documents.forEach((d, i) => (d.value = values[i] as Record<string, unknown>));
    return { documents, lineCounter: lineTable(text) };
  } catch {
    // A syntax error, duplicate key, too deep, ...: the exact path says what and where.
    return undefined;
  }
}

/** Finds each document's positions; undefined when the file is not plain enough for this path. */
function scanDocuments(text: string, events: readonly Event[]): FastDocument[] | undefined {
  const documents: FastDocument[] = [];
  let depth = 0;
  let current: FastDocument | undefined;
  let child = 0;
  let pendingKey: string | undefined;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    if (event.type === EVENT_ID.POP) {
      depth--;
      continue;
    }
    if (event.type === EVENT_ID.ALIAS) return undefined;
    if (event.type === EVENT_ID.DOCUMENT) {
      if (event.directives.length > 0 || documents.length >= YAML_LIMITS.maxDocumentsPerFile) return undefined;
      const root = events[i + 1];
      if (!root || root.type !== EVENT_ID.MAPPING) return undefined;
      current = { value: {}, start: root.start };
      documents.push(current);
      child = 0;
      depth++;
      continue;
    }
    if (event.anchorStart !== -1 || event.tagStart !== -1) return undefined;
    if (depth === 2 && current) {
      // A child of the root mapping: keys and values alternate.
      const isKey = child++ % 2 === 0;
      if (isKey) {
        if (event.type !== EVENT_ID.SCALAR || !ONE_LINE_STYLES.has(event.style)) return undefined;
        pendingKey = getScalarValue(text, event);
      } else if (pendingKey !== undefined && POSITIONED_KEYS.has(pendingKey)) {
        const offset = scalarStart(text, event);
        if (offset === undefined) return undefined;
        current[pendingKey as "name" | "id" | "protect"] = offset;
      }
    }
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) depth++;
  }
  return documents.length > 0 ? documents : undefined;
}

/** Where `yaml` says a one-line scalar starts (at the quote of a quoted one). */
function scalarStart(text: string, event: Event): number | undefined {
  if (event.type !== EVENT_ID.SCALAR) return undefined;
  if (text.slice(event.valueStart, event.valueEnd).includes("\n")) return undefined;
  if (event.style === SCALAR_STYLE.PLAIN) return event.valueStart;
  if (event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED) return event.valueStart - 1;
  return undefined;
}
