import { Option, type Command } from "commander";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { InitOptions } from "../commands/init.js";
import { CI_PROVIDERS } from "../init/templates.js";
import { defaultShown } from "./help.js";

/** Flags of `transync init`; the work is in `src/commands/init.ts`. */
export function defineInit(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  program
    .command("init")
    .description("start a project in the working directory: transync.yaml, an example Transformation and its test (validate and test pass as they are)")
    .addOption(defaultShown(new Option("--ci <provider>", "also write the example CI workflows of this provider").choices(CI_PROVIDERS), "none"))
    .option("--force", "overwrite files that exist (default: refuse, naming them)")
    .action(async (options: InitOptions) => {
      const { init } = await import("../commands/init.js");
      sink.exitCode = await init(ctx, options);
    });
}
