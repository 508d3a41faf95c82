import type { CaseResult, TestTotals } from "../simulate/test-cases/types.js";
import type { Format } from "./formats.js";
import { renderJunit } from "./test-junit.js";
import { renderJson, renderText } from "./test-results.js";

/** `test --format`: one renderer per format of FORMATS.test. */
export const TEST_RENDERERS: Record<Format<"test">, (results: readonly CaseResult[], totals: TestTotals) => string> = {
  text: renderText,
  json: renderJson,
  junit: renderJunit,
};
