import type { Command } from "commander";
import type { CliContext } from "./context.js";
import type { CommandResultSink } from "../cli.js";

/** Flags of `transync reconcile`; the work is in `src/commands/reconcile.ts`. */
export function defineReconcile(program: Command, _ctx: CliContext, _sink: CommandResultSink): void {
  program.command("reconcile").description("(not built yet)");
}
