import { Option, type Command } from "commander";
import type { CliContext } from "./context.js";
import type { CommandResultSink } from "../cli.js";

/** Flags of `transync validate`; the work is in `src/commands/validate.ts`. */
export function defineValidate(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  program
    .command("validate")
    .description("check transync.yaml and every Transformation document (schema, FQL, semantic rules); no network call")
    .option("--dir <dir>", "folder of the desired YAML documents (default: transync.yaml's `dir`, else `transformations`)")
    .option("--env <env>", "environment of transync.yaml whose source aliases apply")
    .addOption(new Option("--format <format>", "output format").choices(["text", "json"]).default("text"))
    .action(async (options: { dir?: string; env?: string; format: "text" | "json" }) => {
      const { validate } = await import("../commands/validate.js");
      sink.exitCode = await validate(ctx, options);
    });
}
