import type { CaseResult, TestTotals } from "../simulate/test-cases/types.js";
import type { Format } from "./formats.js";
import { renderJunit } from "./test-junit.js";
import { renderJson, renderText, totalsLine } from "./test-results.js";
import { renderCaseAnnotations, type PathFromRoot } from "./annotations.js";

/** `test --format`: one renderer per format of FORMATS.test; `pathOf` names a file from the repository root (github). */
export const TEST_RENDERERS: Record<
  Format<"test">,
  (results: readonly CaseResult[], totals: TestTotals, pathOf: PathFromRoot) => string
> = {
  text: renderText,
  json: renderJson,
  junit: renderJunit,
  github: (results, totals, pathOf) => `${renderCaseAnnotations(results, pathOf)}${totalsLine(totals)}\n`,
};
