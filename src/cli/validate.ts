import type { Command } from "commander";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { ValidateOptions } from "../commands/validate.js";
import { addFormatOption, addSourceOptions } from "./options.js";

/** Flags of `transync validate`; the work is in `src/commands/validate.ts`. */
export function defineValidate(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  const command = program
    .command("validate")
    .description("check transync.yaml and every Transformation document (schema, FQL, semantic rules); no network call");
  addFormatOption(command, "validate");
  addSourceOptions(command).action(async (options: ValidateOptions) => {
    const { validate } = await import("../commands/validate.js");
    sink.exitCode = await validate(ctx, options);
  });
}
