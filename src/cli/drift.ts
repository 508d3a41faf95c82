import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { auditDays, collect } from "./options.js";
import { API_FLAGS, CACHE_VARIABLES, formatFlag, NOTIFY_FLAGS, SOURCE_FLAGS } from "./shared-flags.js";
import { TRANSYNC_NOTIFY } from "./environment.js";

/** Flags of `transync drift`; the work is in `src/commands/drift.ts`. */
export const DRIFT = defineCommand({
  name: "drift",
  description:
    "read only: compare an environment's live state with its applied commit (refs/transync/applied/<env>; HEAD when none is recorded) and say who changed each drifted object, from Segment's audit trail; exit 0 clean, 2 drift, 1 error",
  ends: "by itself",
  exitCodes: [{ code: 2, meaning: "drift: live state differs from the environment's applied commit" }],
  flags: {
    env: flag("--env <env>", "the environment of transync.yaml to check").required(),
    since: flag("--since <days>", "days of audit trail to read for who changed each drifted object (at most 90)")
      .parse(auditDays("--since"))
      .default(30),
    dir: SOURCE_FLAGS.dir,
    repo: flag("--repo <path>", "the git repository holding the desired state and its applied records")
      .defaultShown("the working tree's repository")
      .env(...CACHE_VARIABLES),
    notify: flag(
      "--notify <name>",
      'tell this target of transync.yaml\'s notify: of the drift found, once per drift (repeatable; docs/gitops.md "Notifications")',
    )
      .parse(collect)
      .default([], "none"),
    notifyClean: flag("--notify-clean", "with --notify: when there is no drift, send a heartbeat (every run) to say so"),
    ...NOTIFY_FLAGS,
    ...API_FLAGS,
    ...formatFlag("drift"),
  },
  environment: [TRANSYNC_NOTIFY],
  load: () => import("../commands/drift.js").then((m) => m.drift),
});
