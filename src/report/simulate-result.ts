import type { ApplyAllResult } from "../simulate/types.js";
import type { Format } from "./formats.js";

/** `simulate --format`: text prints the event that comes out (or `dropped`), json the whole result. */
export const SIMULATE_RENDERERS: Record<Format<"simulate">, (result: ApplyAllResult) => string> = {
  text: (result) => (result.dropped ? "dropped\n" : `${JSON.stringify(result.event, null, 2)}\n`),
  json: (result) => `${JSON.stringify({ dropped: result.dropped, event: result.event, matched: result.matched, warnings: result.warnings }, null, 2)}\n`,
};
