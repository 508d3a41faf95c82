import { defineCommand } from "./define.js";
import { flag } from "./flags.js";

/** Flags of `transync schemas`; the work is in `src/commands/schemas.ts`. */
export const SCHEMAS = defineCommand({
  name: "schemas",
  description:
    "check the JSON schemas in .transync/schemas (that the $schema lines of init and import name) against this version of transync; --write rewrites them",
  ends: "by itself",
  flags: {
    write: flag("--write", "rewrite .transync/schemas from this version of transync (idempotent) instead of checking it"),
  },
  load: () => import("../commands/schemas.js").then((m) => m.schemas),
});
