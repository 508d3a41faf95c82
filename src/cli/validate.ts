import type { Command } from "commander";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { ValidateOptions } from "../commands/validate.js";
import { addFormatOption, addSourceOptions } from "./options.js";

/** Flags of `transync validate`; the work is in `src/commands/validate.ts`. */
export function defineValidate(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  const command = program
    .command("validate")
    .description("check transync.yaml, every Transformation document (schema, FQL, semantic rules) and the test files of `transync test`; no network call")
    .option("--tests <dir>", "folder of the test files to check (default: transync.yaml's `tests`, else `tests` beside the documents folder, skipped when absent)");
  addFormatOption(command, "validate");
  addSourceOptions(command).action(async (options: ValidateOptions) => {
    const { validate } = await import("../commands/validate.js");
    sink.exitCode = await validate(ctx, options);
  });
}
