import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { formatFlag, SOURCE_FLAGS } from "./shared-flags.js";

/** Flags of `transync validate`; the work is in `src/commands/validate.ts`. */
export const VALIDATE = defineCommand({
  name: "validate",
  description:
    "check transync.yaml, every Transformation document (schema, FQL, semantic rules) and the test files of `transync test`; no network call",
  ends: "by itself",
  flags: {
    tests: flag(
      "--tests <dir>",
      "folder of the test files to check (default: transync.yaml's `tests`, else `tests` beside the documents folder, skipped when absent)",
    ),
    strict: flag(
      "--strict",
      'every warning a document does not silence (`lint.ignore`) is an error: exit 1, for CI (docs/desired-state.md, "Warnings and lint")',
    ),
    ...formatFlag("validate"),
    ...SOURCE_FLAGS,
  },
  load: () => import("../commands/validate.js").then((m) => m.validate),
});
