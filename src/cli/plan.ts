import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { API_FLAGS, formatFlag, NARROW_FLAGS, PLAN_FLAGS, SOURCE_FLAGS } from "./shared-flags.js";
import { TRANSYNC_KEY } from "./environment.js";

/** Flags of `transync plan`; the work is in `src/commands/plan.ts`. */
export const PLAN = defineCommand({
  name: "plan",
  description: "read live state, diff it against the desired YAML, and print what apply would change",
  ends: "by itself",
  flags: {
    out: flag("--out <file>", "save the plan as JSON for `transync apply FILE`").defaultShown("not saved"),
    detailedExitcode: flag("--detailed-exitcode", "exit 0 when there are no changes, 2 when there are, 1 on error"),
    events: flag(
      "--events <file|dir>",
      "sample events (JSON, or JSON lines: .jsonl/.ndjson; a folder: every such file in it): the text and Markdown reports show, per changed transformation, the events whose output changes; with --volumes, they estimate the volume of an `if` that is not a plain selector (also in --format json)",
    ).defaultShown("none"),
    volumes: flag(
      "--volumes",
      "show, per change, the events per day its `if` selects (the last 7 days of each touched source's volume; exact for an `if` that reads only event and type, otherwise estimated from --events samples within the exact figures of its plain parts) and warn of rules that match no event (docs/impact.md)",
    )
      .defaultShown("on with --format markdown when the token may read event volumes")
      .negatable("--no-volumes", "read no event volumes, whatever the format"),
    ...SOURCE_FLAGS,
    ...API_FLAGS,
    ...PLAN_FLAGS,
    ...NARROW_FLAGS,
    ...formatFlag("plan"),
  },
  environment: [TRANSYNC_KEY],
  load: () => import("../commands/plan-failure.js").then((m) => m.planReportingFailure),
});
