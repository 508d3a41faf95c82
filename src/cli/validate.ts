import type { Command } from "commander";
import type { CliContext } from "./context.js";
import type { CommandResultSink } from "../cli.js";

/** Flags of `transync validate`; the work is in `src/commands/validate.ts`. */
export function defineValidate(program: Command, _ctx: CliContext, _sink: CommandResultSink): void {
  program.command("validate").description("(not built yet)");
}
