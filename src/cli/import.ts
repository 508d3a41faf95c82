import type { Command } from "commander";
import type { CliContext } from "./context.js";
import type { CommandResultSink } from "../cli.js";

/** Flags of `transync import`; the work is in `src/commands/import.ts`. */
export function defineImport(program: Command, _ctx: CliContext, _sink: CommandResultSink): void {
  program.command("import").description("(not built yet)");
}
