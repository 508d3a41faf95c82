import { Option, type Command } from "commander";
import { defaultShown } from "./help.js";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { PlanOptions } from "../commands/plan.js";
import { addApiOptions, addFormatOption, addPlanOptions, addSourceOptions } from "./options.js";

/** Flags of `transync plan`; the work is in `src/commands/plan.ts`. */
export function definePlan(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  const command = program
    .command("plan")
    .description("read live state, diff it against the desired YAML, and print what apply would change")
    .addOption(defaultShown(new Option("--out <file>", "save the plan as JSON for `transync apply FILE`"), "not saved"))
    .option("--detailed-exitcode", "exit 0 when there are no changes, 2 when there are, 1 on error")
    .addOption(defaultShown(new Option("--events <file|dir>", "sample events (JSON, or JSON lines: .jsonl/.ndjson; a folder: every such file in it): the text and Markdown reports show, per changed transformation, the events whose output changes"), "none"));
  addSourceOptions(command);
  addApiOptions(command);
  addPlanOptions(command);
  addFormatOption(command, "plan");
  command.action(async (options: PlanOptions) => {
    const { plan } = await import("../commands/plan.js");
    sink.exitCode = await plan(ctx, options);
  });
}
