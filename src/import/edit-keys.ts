import { Document, isMap, isScalar, parseAllDocuments, visit, type Pair, type YAMLMap } from "yaml";
import { applySplices, indentOf, lineBreakAt, lineStart, rangeOf, type Splice, readBackProblem } from "./text-splice.js";
import { ConflictError } from "../errors.js";
import type { KeyEdits } from "./environment-values.js";

/** The per-environment keys to set in the document at `document` (0-based, in file order). */
export interface KeyEdit {
  document: number;
  keys: KeyEdits;
}

/**
 * Sets (or removes) top-level keys of documents (`overrides`, `only`, `except`), changing nothing
 * else: each key's lines are replaced where they are (a new key goes after the document's last key),
 * every other line is kept byte for byte (a hand-written `protect: true`, comments, the pins), and
 * the result is read back and compared with the intended values before it is returned (as
 * edit-pins.ts does), so a hostile name or value cannot change the file's meaning.
 */
export function editKeys(file: string, text: string, edits: readonly KeyEdit[]): string {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents)) throw unsafe(file, "it holds no YAML document");
  const splices: Splice[] = [];
  for (const edit of edits) {
    const root = documents[edit.document]?.contents;
    if (!isMap(root) || root.flow) throw unsafe(file, `document ${edit.document + 1} is not a block mapping`);
    for (const [key, value] of Object.entries(edit.keys)) splices.push(keySplice(text, root, key, value));
  }
  const result = applySplices(text, splices);
  checkReadBack(file, text, result, edits);
  return result;
}

function keySplice(text: string, root: YAMLMap, key: string, value: unknown): Splice {
  const pair = root.items.find((p) => isScalar(p.key) && p.key.value === key);
  const first = rangeOf(root.items[0]?.key)?.[0] ?? 0;
  const lineBreak = lineBreakAt(text, first);
  const lines = value === undefined ? "" : keyLines(key, value, { indent: indentOf(text, first), lineBreak });
  if (pair) {
    const start = lineStart(text, rangeOf(pair.key)![0]);
    return { at: start, remove: lineEnd(text, pairEnd(pair)) - start, insert: lines };
  }
  const last = root.items.at(-1);
  const at = last ? lineEnd(text, pairEnd(last)) : text.length;
  const newline = at > 0 && text[at - 1] !== "\n" ? lineBreak : "";
  return { at, remove: 0, insert: `${newline}${lines}` };
}

/** `key: value` as block YAML lines at the document's indentation, ended as its lines are; environment lists as one-line flow lists. */
function keyLines(key: string, value: unknown, layout: { indent: string; lineBreak: string }): string {
  const doc = new Document({ [key]: value });
  visit(doc, {
    Seq(_, seq) {
      if (seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
    Map(_, map) {
      // A rename is written as import writes it: a one-line mapping.
      if (map.items.length <= 2 && map.items.every((p) => isScalar(p.value))) map.flow = map !== doc.contents;
    },
  });
  const rendered = doc.toString({ lineWidth: 0 });
  return rendered
    .split("\n")
    .filter((line, i, all) => line !== "" || i < all.length - 1)
    .map((line) => `${layout.indent}${line}${layout.lineBreak}`)
    .join("");
}

function pairEnd(pair: Pair): number {
  const value = rangeOf(pair.value);
  return value ? value[1] : rangeOf(pair.key)![1];
}

/** The offset after the newline of the line holding `offset` (the text's end on its last line); at a line's start, that offset. */
function lineEnd(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === "\n") return offset;
  const newline = text.indexOf("\n", offset);
  return newline === -1 ? text.length : newline + 1;
}

/** The edited file must read as the original with only the edited keys changed; else nothing is written. */
function checkReadBack(file: string, before: string, after: string, edits: readonly KeyEdit[]): void {
  const problem = readBackProblem(before, after, (documents) => {
    for (const edit of edits) {
      const doc = documents[edit.document]!;
      for (const [key, value] of Object.entries(edit.keys)) {
        if (value === undefined) delete doc[key];
        else doc[key] = value;
      }
    }
  });
  if (problem !== undefined) throw unsafe(file, problem);
}

function unsafe(file: string, why: string): ConflictError {
  return new ConflictError(
    `import cannot write the environment's values into ${file} safely: ${why}. Nothing was written; write its overrides by hand (docs/environments.md, "Per-environment values").`,
  );
}
