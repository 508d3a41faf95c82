import { Option, type Command } from "commander";
import { defaultShown } from "./help.js";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { SimulateOptions } from "../commands/simulate.js";
import { addFormatOption, addSourceOptions } from "./options.js";

/** Flags of `transync simulate`; the work is in `src/commands/simulate.ts`. */
export function defineSimulate(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  const command = program
    .command("simulate")
    .description("apply the desired Transformations to one event (JSON) offline and print the event that comes out, or `dropped`; no network call")
    .requiredOption("--source <id>", "source the event comes from: a source id, an alias of --env, or slug:SLUG (matches documents written { slug: SLUG }; offline)")
    .addOption(defaultShown(new Option("--destination <id>", "destination metadata id, alias or slug:SLUG: its destination-scoped Transformations apply too"), "none: source-wide Transformations only"))
    .addOption(defaultShown(new Option("--event <file>", "the event as JSON (`-`: standard input)"), "standard input"));
  addFormatOption(command, "simulate");
  addSourceOptions(command).action(async (options: SimulateOptions) => {
    const { simulate } = await import("../commands/simulate.js");
    sink.exitCode = await simulate(ctx, options);
  });
}
