import type { Command } from "commander";
import type { CliContext } from "./context.js";
import type { CommandResultSink } from "../cli.js";

/** Flags of `transync plan`; the work is in `src/commands/plan.ts`. */
export function definePlan(program: Command, _ctx: CliContext, _sink: CommandResultSink): void {
  program.command("plan").description("(not built yet)");
}
