import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { CI_PROVIDERS } from "../init/templates.js";

/** Flags of `transync init`; the work is in `src/commands/init.ts`. */
export const INIT = defineCommand({
  name: "init",
  description:
    "start a project in the working directory: transync.yaml, an example Transformation and its test (validate and test pass as they are)",
  ends: "by itself",
  flags: {
    ci: flag("--ci <provider>", "also write the example CI workflows of this provider").choices(CI_PROVIDERS).defaultShown("none"),
    force: flag("--force", "overwrite files that exist (default: refuse, naming them)"),
  },
  load: () => import("../commands/init.js").then((m) => m.init),
});
