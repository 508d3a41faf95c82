import type { Command } from "commander";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { TestOptions } from "../commands/test.js";
import { addFormatOption, addSourceOptions } from "./options.js";

/** Flags of `transync test`; the work is in `src/commands/test.ts`. */
export function defineTest(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  const command = program
    .command("test")
    .description("run the test files (TransformationTest: sample events and what must come out) through the desired Transformations offline; no network call")
    .option("--tests <dir>", "folder of the test files (default: transync.yaml's `tests`, else `tests` beside the documents folder)");
  addFormatOption(command, "test");
  addSourceOptions(command).action(async (options: TestOptions) => {
    const { runTests } = await import("../commands/test.js");
    sink.exitCode = await runTests(ctx, options);
  });
}
