import { defineCommand } from "./define.js";
import { flag, positional } from "./flags.js";
import { formatFlag, NARROW_FLAGS, NOTIFY_FLAGS, writingFlags } from "./shared-flags.js";
import { TRANSYNC_KEY, TRANSYNC_NOTIFY } from "./environment.js";

/** Flags of `transync apply`; the work is in `src/commands/apply.ts`. */
export const APPLY = defineCommand({
  name: "apply",
  description: "carry out a plan: create, update and delete so the workspace matches the desired YAML",
  ends: "by itself",
  positionals: {
    planFile: positional(
      "[planfile]",
      "a plan saved by `transync plan --out`; applied exactly, refused if edited or if live state changed since (--dir, --env, --ref, --repo, --prune, --base are then errors)",
    ),
  },
  flags: {
    autoApprove: flag("--auto-approve", "do not ask for confirmation (required without a terminal)"),
    recordRef: flag(
      "--record-ref",
      "after a successful apply, record the applied commit as refs/transync/applied/<env> (pushed for a remote --repo); checked before the first write",
    ),
    ...writingFlags("directory of the workspace lock files, shared with reconcile"),
    ...NARROW_FLAGS,
    ...NOTIFY_FLAGS,
    ...formatFlag("apply"),
  },
  environment: [TRANSYNC_KEY, TRANSYNC_NOTIFY],
  load: () => import("../commands/apply.js").then((m) => m.apply),
});
