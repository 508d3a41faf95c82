import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { formatFlag, SOURCE_FLAGS } from "./shared-flags.js";
import { TRANSYNC_KEY } from "./environment.js";

/** Flags of `transync simulate`; the work is in `src/commands/simulate.ts`. */
export const SIMULATE = defineCommand({
  name: "simulate",
  description:
    "apply the desired Transformations to one event (JSON) offline and print the event that comes out, or `dropped`; no network call",
  ends: "by itself",
  flags: {
    source: flag(
      "--source <id>",
      "source the event comes from: a source id, an alias of --env, or slug:SLUG (matches documents written { slug: SLUG }; offline)",
    ).required(),
    destination: flag(
      "--destination <id>",
      "destination metadata id, alias or slug:SLUG: its destination-scoped Transformations apply too; an alias of connections: runs the whole pipeline (the instance's Destination Filters between the two)",
    ).defaultShown("none: source-wide Transformations only"),
    event: flag("--event <file>", "the event as JSON (`-`: standard input)").defaultShown("standard input"),
    ...formatFlag("simulate"),
    ...SOURCE_FLAGS,
  },
  environment: [TRANSYNC_KEY],
  load: () => import("../commands/simulate.js").then((m) => m.simulate),
});
