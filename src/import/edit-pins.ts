import { isMap, isScalar, parse, parseAllDocuments, type Pair, type YAMLMap } from "yaml";
import { applySplices, indentOf, lineBreakAt, rangeOf, type Splice, readBackProblem } from "./text-splice.js";
import { ConflictError } from "../errors.js";

/** One environment's pin to write into the document at `document` (0-based, in file order). */
export interface PinEdit {
  document: number;
  env: string;
  id: string;
}

/**
 * Writes each edit's pin into the file's text as `id: { <env>: <id> }`, changing nothing else:
 * the edits are splices at the offsets the parser reports (comments, order, quoting and layout of
 * every other line are kept byte for byte), and the result is read back and compared with the
 * intended values before it is returned, so a hostile id or environment name cannot change the file's
 * meaning. A plain `id: X` becomes `{ <env>: X-or-new }`: the caller decides it was <env>'s. A
 * document without `id` gets it on the line after its `after` key (the key naming it: `name` for a
 * Transformation, a kind's `document.name` or `identity.name`), where import writes it.
 */
export function editPins(file: string, text: string, edits: readonly PinEdit[], after = "name"): string {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents)) throw unsafe(file, "it holds no YAML document");
  const splices = edits.map((edit) => {
    const root = documents[edit.document]?.contents;
    if (!isMap(root)) throw unsafe(file, `document ${edit.document + 1} is not a mapping`);
    return pinSplice(text, root, edit, { file, after });
  });
  const result = applySplices(text, splices);
  checkReadBack(file, text, result, edits);
  return result;
}

function pinSplice(text: string, root: YAMLMap, edit: PinEdit, where: { file: string; after: string }): Splice {
  const { file } = where;
  const entry = `${yamlScalar(edit.env)}: ${yamlScalar(edit.id)}`;
  const idPair = pairOf(root, "id");
  if (!idPair) return newIdSplice(text, root, `id: { ${entry} }`, where);
  const value = idPair.value;
  if (isScalar(value) && value.range) return { at: value.range[0], remove: value.range[1] - value.range[0], insert: `{ ${entry} }` };
  if (!isMap(value) || !value.range) throw unsafe(file, "its `id` is neither an id nor a map of environments");
  const existing = pairOf(value, edit.env);
  const old = existing?.value;
  if (existing && isScalar(old) && old.range) return { at: old.range[0], remove: old.range[1] - old.range[0], insert: yamlScalar(edit.id) };
  if (existing) throw unsafe(file, `its \`id.${edit.env}\` is not an id`);
  return appendSplice(text, value, entry);
}

/** `id:` placed right after the key naming the document (where import writes it), in the document's own style. */
function newIdSplice(text: string, root: YAMLMap, line: string, where: { file: string; after: string }): Splice {
  const name = pairOf(root, where.after);
  const end = rangeOf(name?.value)?.[1];
  if (!name || end === undefined) throw unsafe(where.file, `it has no \`${where.after}\` to place the \`id\` after`);
  if (root.flow) return { at: end, remove: 0, insert: `, ${line}` };
  return afterLine(text, end, `${indentOf(text, rangeOf(name.key)![0])}${line}`);
}

/** A new entry at the end of the `id` map: `, env: id` in a flow map, a line of its own in a block map. */
function appendSplice(text: string, map: YAMLMap, entry: string): Splice {
  const last = map.items.at(-1);
  const lastEnd = rangeOf(last?.value)?.[1] ?? rangeOf(last?.key)?.[1];
  if (map.flow)
    return lastEnd === undefined
      ? { at: map.range![0] + 1, remove: 0, insert: ` ${entry} ` }
      : { at: lastEnd, remove: 0, insert: `, ${entry}` };
  return afterLine(text, lastEnd!, `${indentOf(text, rangeOf(map.items[0]!.key)![0])}${entry}`);
}

/** Inserts `line` as the line after the one holding `offset` (after its comment, if any), ended as that line is (LF or CRLF). */
function afterLine(text: string, offset: number, line: string): Splice {
  const newline = text.indexOf("\n", offset);
  const lineBreak = lineBreakAt(text, offset);
  if (newline === -1) return { at: text.length, remove: 0, insert: `${lineBreak}${line}` };
  return { at: newline + 1, remove: 0, insert: `${line}${lineBreak}` };
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === key);
}

/**
 * Plain when YAML 1.2 and 1.1 readers both read it back as this very string (so `123`, `true`, `no`
 * are quoted); else double-quoted, with the line and page separators YAML would fold escaped.
 */
export function yamlScalar(value: string): string {
  if (/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(value) && parse(value) === value && parse(value, { version: "1.1" }) === value) return value;
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The edited file must read as the original with only the pins changed; else nothing is written. */
function checkReadBack(file: string, before: string, after: string, edits: readonly PinEdit[]): void {
  const problem = readBackProblem(before, after, (documents) => {
    for (const edit of edits) {
      const doc = documents[edit.document]!;
      const pins = doc.id !== null && typeof doc.id === "object" ? (doc.id as Record<string, unknown>) : {};
      doc.id = { ...pins, [edit.env]: edit.id };
    }
  });
  if (problem !== undefined) throw unsafe(file, problem);
}

function unsafe(file: string, why: string): ConflictError {
  return new ConflictError(
    `import cannot add the environment's pin to ${file} safely: ${why}. Nothing was written; add the pin by hand (\`id: { <env>: <id> }\`).`,
  );
}
