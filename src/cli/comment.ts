import type { Command } from "commander";
import type { CliContext } from "./context.js";
import type { CommandResultSink } from "../cli.js";

/** Flags of `transync comment`; the work is in `src/commands/comment.ts`. */
export function defineComment(program: Command, _ctx: CliContext, _sink: CommandResultSink): void {
  program.command("comment").description("(not built yet)");
}
