import type { ChainResult } from "../simulate/types.js";
import type { Format } from "./formats.js";
import { escapeJsonText } from "../escape/text-escape.js";

/** Output larger than this (compact) is printed compact: indenting a huge event only multiplies it. */
export const PRETTY_PRINT_MAX_BYTES = 1024 * 1024;

function printJson(value: unknown): string {
  const compact = JSON.stringify(value);
  return `${compact.length > PRETTY_PRINT_MAX_BYTES ? compact : JSON.stringify(value, null, 2)}\n`;
}

/** `simulate --format`: text prints the event that comes out (or `dropped`), json the whole result. */
export const SIMULATE_RENDERERS: Record<Format<"simulate">, (result: ChainResult) => string> = {
  // The same JSON, with the characters JSON leaves raw (C1, DEL, bidi) escaped: text is for reading.
  text: (result) => (result.dropped ? "dropped\n" : escapeJsonText(printJson(result.event))),
  json: (result) => printJson({ dropped: result.dropped, event: result.event, matched: result.matched, warnings: result.warnings }),
};
