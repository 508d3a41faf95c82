import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { formatFlag, SOURCE_FLAGS } from "./shared-flags.js";
import { TRANSYNC_KEY } from "./environment.js";

/** Flags of `transync test`; the work is in `src/commands/test.ts`. */
export const TEST = defineCommand({
  name: "test",
  description: "run the test files (TransformationTest: sample events and what must come out) through the desired Transformations offline; no network call",
  ends: "by itself",
  flags: {
    tests: flag("--tests <dir>", "folder of the test files (default: transync.yaml's `tests`, else `tests` beside the documents folder)"),
    ...formatFlag("test"),
    ...SOURCE_FLAGS,
  },
  environment: [TRANSYNC_KEY],
  load: () => import("../commands/test.js").then((m) => m.runTests),
});
