/** What a position needs from a line table: `yaml`'s LineCounter has this shape, and so has `lineTable`. */
export interface LinePositions {
  /** 1-based line and column of an offset; line 0 before the first line start. */
  linePos(offset: number): { line: number; col: number };
}

/**
 * The line table `yaml`'s LineCounter builds while it parses (a line starts at 0 and after every
 * "\n"), with its `linePos`, for text read without `yaml` (fast-yaml.ts): loading `yaml` for this
 * alone costs a plan of valid documents ~70 module files. test/desired/line-table.test.ts holds the
 * two to the same answers.
 */
export function lineTable(text: string): LinePositions {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return { linePos: (offset) => positionIn(starts, offset) };
}

function positionIn(starts: readonly number[], offset: number): { line: number; col: number } {
  // The first line start at or after `offset` (binary search).
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! < offset) low = mid + 1;
    else high = mid;
  }
  if (starts[low] === offset) return { line: low + 1, col: 1 };
  if (low === 0) return { line: 0, col: offset };
  return { line: low, col: offset - starts[low - 1]! + 1 };
}
