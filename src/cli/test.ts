import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { API_FLAGS, formatFlag, SOURCE_FLAGS } from "./shared-flags.js";
import { TRANSYNC_KEY } from "./environment.js";
import { positiveInt } from "./options.js";
import { DEFAULT_MAX_CHECKS } from "../pipeline/check-with-segment.js";

/** Flags of `transync test`; the work is in `src/commands/test.ts`. */
export const TEST = defineCommand({
  name: "test",
  description:
    "run the test files (TransformationTest: sample events and what must come out) through the desired Transformations offline; no network call unless --check-with-segment",
  ends: "by itself",
  flags: {
    tests: flag("--tests <dir>", "folder of the test files (default: transync.yaml's `tests`, else `tests` beside the documents folder)"),
    checkWithSegment: flag(
      "--check-with-segment",
      "also ask Segment's own FQL engine (POST /destination/filters/preview) whether each transformation's if selects each case's event; a disagreement fails the run (docs/impact.md); needs a token that may read destination filters",
    ),
    maxChecks: flag("--max-checks <n>", "with --check-with-segment: most previews sent; the rest are counted as skipped")
      .parse(positiveInt("--max-checks"))
      .defaultShown(String(DEFAULT_MAX_CHECKS)),
    ...formatFlag("test"),
    ...SOURCE_FLAGS,
    ...API_FLAGS,
  },
  environment: [TRANSYNC_KEY],
  load: () => import("../commands/test.js").then((m) => m.runTests),
});
