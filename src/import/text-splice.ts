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

/** As many spaces as `offset` is from its line's start: the indentation of a key written there. */
export function indentOf(text: string, offset: number): string {
  return " ".repeat(offset - lineStart(text, offset));
}
