import type { Command } from "commander";
import type { CliContext } from "./context.js";
import type { CommandResultSink } from "../cli.js";

/** Flags of `transync emulator`; the work is in `src/commands/emulator.ts`. */
export function defineEmulator(program: Command, _ctx: CliContext, _sink: CommandResultSink): void {
  program.command("emulator").description("(not built yet)");
}
