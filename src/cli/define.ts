import type { Command } from "commander";
import type { CliContext, ExitCode } from "../commands/context.js";

/** A command's action stores its exit code here (commander actions cannot return one). */
export interface CommandResultSink {
  exitCode: ExitCode;
}

/**
 * Registers one command on the program: its flags in `src/cli/<command>.ts`, its work lazy-imported
 * from `src/commands/<command>.ts`, which receives the options typed (commander's are `any`).
 */
export type CommandDefinition = (program: Command, ctx: CliContext, sink: CommandResultSink) => void;
