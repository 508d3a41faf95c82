import { defineCommand } from "./define.js";
import { flag } from "./flags.js";
import { collect } from "./options.js";
import { API_FLAGS } from "./shared-flags.js";
import { CI_PROVIDERS, CI_STYLES, DEFAULT_CI_STYLE } from "../init/templates.js";

/** Flags of `transync init`; the work is in `src/commands/init.ts`. */
export const INIT = defineCommand({
  name: "init",
  description:
    "start a project in the working directory: transync.yaml, an example Transformation and its test (validate and test pass as they are)",
  ends: "by itself",
  flags: {
    ci: flag(
      "--ci <provider>",
      "also write the CI pipeline of this provider, for the environments and token variables of the transync.yaml it writes (with --from-workspace: every --env, in order)",
    )
      .choices(CI_PROVIDERS)
      .defaultShown("none"),
    ciStyle: flag(
      "--ci-style <style>",
      "the one pipeline --ci writes: script (installs the pinned npm release) or action (GitHub's transync Action; replace OWNER in it)",
    )
      .choices(CI_STYLES)
      .defaultShown(DEFAULT_CI_STYLE),
    force: flag("--force", "overwrite files that exist (default: refuse, naming them)"),
    fromWorkspace: flag(
      "--from-workspace",
      "adopt workspaces that exist: read each --env's workspace, write transync.yaml bound to them, import every environment (differences as overrides)",
    ),
    env: flag(
      "--env <env>",
      "with --from-workspace, one per workspace (repeatable): NAME, or NAME=VARIABLE naming the variable of its read token",
    )
      .parse(collect)
      .default([], "SEGMENT_API_TOKEN_<NAME>_READ for NAME"),
    ...API_FLAGS,
  },
  load: () => import("../commands/init.js").then((m) => m.init),
});
