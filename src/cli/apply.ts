import { Option, type Command } from "commander";
import { defaultShown } from "./help.js";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { ApplyOptions } from "../commands/apply.js";
import { addApiOptions, addApplyOptions, addFormatOption, addPlanOptions, addSourceOptions } from "./options.js";

/** Flags of `transync apply`; the work is in `src/commands/apply.ts`. */
export function defineApply(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  const command = program
    .command("apply")
    .description("carry out a plan: create, update and delete so the workspace matches the desired YAML")
    .argument("[planfile]", "a plan saved by `transync plan --out`; applied exactly, refused if edited or if live state changed since (--dir, --env, --ref, --repo, --prune, --base are then errors)")
    .option("--auto-approve", "do not ask for confirmation (required without a terminal)")
    .option("--record-ref", "after a successful apply, record the applied commit as refs/transync/applied/<env> (pushed for a remote --repo); checked before the first write")
    .addOption(defaultShown(new Option("--lock-dir <dir>", "directory of the workspace lock files, shared with reconcile"), "locks/ in the cache folder"));
  addSourceOptions(command);
  addApiOptions(command);
  addPlanOptions(command);
  addApplyOptions(command);
  addFormatOption(command, "apply");
  command.action(async (planFile: string | undefined, options: Omit<ApplyOptions, "planFile">) => {
    const { apply } = await import("../commands/apply.js");
    sink.exitCode = await apply(ctx, { ...options, planFile });
  });
}
