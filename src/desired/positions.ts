import type { Document, Node, Scalar } from "yaml";
import type { LinePositions } from "./line-table.js";
import { yamlLib } from "./yaml-lib.js";

/** A field path inside a document: map keys and sequence indexes. */
export type FieldPath = ReadonlyArray<string | number>;

export function dottedPath(path: FieldPath): string {
  return path.join(".");
}

/** The YAML nodes a field path leads to; `value` is absent when the field is missing. */
export interface NodeLookup {
  value?: Node;
  key?: Node;
  /** The deepest node that exists on the way (the parent of a missing field). */
  nearest: Node | undefined;
}

export function lookupNode(doc: Document, path: FieldPath): NodeLookup {
  const { isAlias, isMap, isSeq } = yamlLib();
  let node: unknown = doc.contents ?? undefined;
  let key: Node | undefined;
  let nearest = node as Node | undefined;
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(doc);
    nearest = (node as Node | undefined) ?? nearest;
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === String(segment));
      if (!pair) return { nearest };
      key = pair.key as Node;
      node = pair.value ?? undefined;
    } else if (isSeq(node)) {
      key = undefined;
      node = node.items[Number(segment)];
    } else {
      return { nearest };
    }
    if (node === undefined || node === null) return { key, nearest: key ?? nearest };
  }
  return { value: node as Node, key, nearest: node as Node };
}

function keyText(key: unknown): string {
  if (yamlLib().isScalar(key)) return String(key.value);
  return String(key);
}

/** Start offset of a node, or of its key when asked (an unknown field is reported at its key). */
export function offsetOf(lookup: NodeLookup, atKey = false): number {
  const preferred = atKey ? (lookup.key ?? lookup.value) : (lookup.value ?? lookup.key);
  return (preferred ?? lookup.nearest)?.range?.[0] ?? 0;
}

export function linePos(lineCounter: LinePositions, offset: number): { line: number; col: number } {
  const pos = lineCounter.linePos(offset);
  return { line: Math.max(1, pos.line), col: Math.max(1, pos.col) };
}

/**
 * Maps an offset inside a scalar's value (e.g. the column of an FQL error) to an offset in the
 * file. Exact for one-line plain and quoted scalars and for literal blocks (`|`); other forms fall
 * back to the start of the scalar.
 */
export function scalarValueOffset(text: string, node: Node | undefined, valueOffset: number): number {
  if (!yamlLib().isScalar(node) || !node.range) return node?.range?.[0] ?? 0;
  const [start, end] = node.range;
  const mapped = mapInScalar(text, node, start, end, valueOffset);
  return mapped === undefined ? start : Math.min(Math.max(mapped, start), end);
}

function mapInScalar(text: string, node: Scalar, start: number, end: number, valueOffset: number): number | undefined {
  const raw = text.slice(start, end);
  switch (node.type) {
    case "PLAIN":
      return raw.includes("\n") ? undefined : start + valueOffset;
    case "QUOTE_SINGLE":
      return walkQuoted(text, start + 1, end, valueOffset, (i) => (text[i] === "'" && text[i + 1] === "'" ? 2 : 1));
    case "QUOTE_DOUBLE":
      return walkQuoted(text, start + 1, end, valueOffset, (i) => (text[i] === "\\" ? escapeLength(text[i + 1]) : 1));
    case "BLOCK_LITERAL":
      return mapInLiteralBlock(text, start, end, String(node.value), valueOffset);
    case "BLOCK_FOLDED": // not mapped: the start of the scalar is used
    case undefined:
      return undefined;
  }
}

function walkQuoted(text: string, from: number, end: number, valueOffset: number, step: (i: number) => number): number | undefined {
  let i = from;
  for (let v = 0; v < valueOffset && i < end; v++) {
    if (text[i] === "\n") return undefined;
    i += step(i);
  }
  return i;
}

function escapeLength(escape: string | undefined): number {
  if (escape === "x") return 4;
  if (escape === "u") return 6;
  if (escape === "U") return 10;
  return 2;
}

function mapInLiteralBlock(text: string, start: number, end: number, value: string, valueOffset: number): number | undefined {
  const before = value.slice(0, valueOffset);
  const lineIndex = before.split("\n").length - 1;
  const colInLine = valueOffset - (before.lastIndexOf("\n") + 1);
  const contentStart = text.indexOf("\n", start) + 1;
  if (contentStart <= 0 || contentStart >= end) return undefined;
  const lines = text.slice(contentStart, end).split("\n");
  const indent = lines.find((l) => l.trim() !== "")?.match(/^ */)?.[0].length ?? 0;
  let offset = contentStart;
  for (let k = 0; k < lineIndex; k++) offset += (lines[k]?.length ?? 0) + 1;
  return offset + indent + colInLine;
}
