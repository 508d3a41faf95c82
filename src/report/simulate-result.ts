import type { ChainResult } from "../simulate/types.js";
import type { Format } from "./formats.js";
import { escapeControls, escapeJsonText } from "../escape/text-escape.js";
import type { PipelineResult } from "../simulate/pipeline.js";

/** Output larger than this (compact) is printed compact: indenting a huge event only multiplies it. */
export const PRETTY_PRINT_MAX_BYTES = 1024 * 1024;

function printJson(value: unknown): string {
  const compact = JSON.stringify(value);
  return `${compact.length > PRETTY_PRINT_MAX_BYTES ? compact : JSON.stringify(value, null, 2)}\n`;
}

/** A chain's result, or the whole pipeline's for a destination instance (its additions then present). */
export type SimulateResult = ChainResult & Partial<Omit<PipelineResult, keyof ChainResult>>;

/** `simulate --format`: text prints the event that comes out (or `dropped`, and by what), json the whole result. */
export const SIMULATE_RENDERERS: Record<Format<"simulate">, (result: SimulateResult) => string> = {
  // The same JSON, with the characters JSON leaves raw (C1, DEL, bidi) escaped: text is for reading.
  text: (result) => (result.dropped ? `${droppedLine(result)}\n` : escapeJsonText(printJson(result.event))),
  json: (result) => printJson(jsonResult(result)),
};

/** `dropped`, or `dropped by filter "Drop internal users"` (names on one line, control characters escaped). */
function droppedLine(result: SimulateResult): string {
  return result.stoppedAt === undefined ? "dropped" : escapeControls(result.stoppedAt.description);
}

/** The chain's four fields; for an instance also where it stopped, each stage's changes, the filters that matched, sampling. */
function jsonResult(result: SimulateResult): Record<string, unknown> {
  const base = { dropped: result.dropped, event: result.event, matched: result.matched, warnings: result.warnings };
  if (result.changes === undefined) return base;
  return {
    ...base,
    ...(result.stoppedAt !== undefined ? { stoppedAt: result.stoppedAt } : {}),
    changes: result.changes,
    filtersMatched: result.filtersMatched,
    keepProbability: result.keepProbability,
    ...(result.sampled !== undefined ? { sampled: result.sampled } : {}),
  };
}
