import { Option, type Command } from "commander";
import { defaultShown } from "./help.js";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { EmulatorCommandOptions } from "../commands/emulator.js";
import { port } from "./options.js";

/** Flags of `transync emulator`; the work is in `src/commands/emulator.ts`. */
export function defineEmulator(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  program
    .command("emulator")
    .description("run a local emulator of the Segment Transformations Management API (see docs/emulator.md)")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port to listen on (0 picks a free one)", port("--port"), 4010)
    .addOption(
      defaultShown(
        new Option("--config <file>", "YAML config: workspaces, tokens, seed transformations, rate limit, faults, compat modes"),
        "workspace ws_local, token from TRANSYNC_EMULATOR_TOKEN, else `local-token`",
      ),
    )
    .addOption(
      defaultShown(
        new Option("--data-file <file>", "persist state in this journal file (loaded at start, appended on every write; locked by FILE.lock, so a second emulator on it refuses)"),
        "none: state lives in memory",
      ),
    )
    .action(async (options: EmulatorCommandOptions) => {
      const { emulator } = await import("../commands/emulator.js");
      sink.exitCode = await emulator(ctx, options);
    });
}
