import { parseAllDocuments } from "yaml";
import { isDeepStrictEqual } from "node:util";

/*
 * In-place edits of a YAML file's text (edit-pins.ts, edit-keys.ts): replacements at the offsets the
 * parser reports, so every byte outside them (comments, order, quoting, layout) stays as written.
 */

/** Replace `remove` characters at offset `at` with `insert`. */
export interface Splice {
  at: number;
  remove: number;
  insert: string;
}

/** The text with every splice made, the last first, so each offset still points where it was read. */
export function applySplices(text: string, splices: readonly Splice[]): string {
  let result = text;
  for (const s of [...splices].sort((a, b) => b.at - a.at)) result = result.slice(0, s.at) + s.insert + result.slice(s.at + s.remove);
  return result;
}

/** A parsed node's `range` (start, value end, node end), when it has one. */
export function rangeOf(node: unknown): readonly [number, number, number] | undefined {
  return node && typeof node === "object" && "range" in node
    ? ((node as { range?: [number, number, number] }).range ?? undefined)
    : undefined;
}

/** The offset where the line holding `offset` starts. */
export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

/**
 * The line break of the line holding `offset` (`\r\n` or `\n`); on a last line without one, the
 * file's first: a line an edit adds ends as the file's lines do.
 */
export function lineBreakAt(text: string, offset: number): string {
  const own = text.indexOf("\n", offset);
  const newline = own === -1 ? text.indexOf("\n") : own;
  return newline > 0 && text[newline - 1] === "\r" ? "\r\n" : "\n";
}

/** As many spaces as `offset` is from its line's start: the indentation of a key written there. */
export function indentOf(text: string, offset: number): string {
  return " ".repeat(offset - lineStart(text, offset));
}

/**
 * Why the edited text does not read as the original with only the intended changes (`intend` applies
 * them to a copy of each original document, in place), or undefined when it does: an edit must not
 * change the file's meaning elsewhere, whatever a hostile name or value holds.
 */
export function readBackProblem(
  before: string,
  after: string,
  intend: (documents: Array<Record<string, unknown>>) => void,
): string | undefined {
  const read = (text: string) => {
    const parsed = parseAllDocuments(text);
    return Array.isArray(parsed) ? parsed : [];
  };
  const expected = read(before).map((d) => ({ ...(d.toJS() as Record<string, unknown>) }));
  const now = read(after);
  if (now.length !== expected.length || now.some((d) => d.errors.length > 0)) return "the edited file did not read back";
  intend(expected);
  const same = isDeepStrictEqual(
    now.map((d) => d.toJS() as unknown),
    expected,
  );
  return same ? undefined : "the edited file did not read back as intended";
}
