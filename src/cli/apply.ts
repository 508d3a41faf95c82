import type { Command } from "commander";
import type { CliContext } from "./context.js";
import type { CommandResultSink } from "../cli.js";

/** Flags of `transync apply`; the work is in `src/commands/apply.ts`. */
export function defineApply(program: Command, _ctx: CliContext, _sink: CommandResultSink): void {
  program.command("apply").description("(not built yet)");
}
