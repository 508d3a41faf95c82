import type { Command } from "commander";
import type { CliContext } from "./context.js";
import type { CommandResultSink } from "../cli.js";
import { addApiOptions } from "./options.js";

/** Flags of `transync import`; the work is in `src/commands/import.ts`. */
export function defineImport(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  const command = program
    .command("import")
    .description("write the live transformations as YAML documents with their ids pinned (adopt what exists)")
    .option("--out <dir>", "folder to write (default: transync.yaml's `dir`, else `transformations`)")
    .option("--source <id...>", "only these sources (ids or aliases of --env); default: the project's scope")
    .option("--env <env>", "environment whose source aliases replace source ids")
    .option("--split", "one file per transformation (default: one file per source)")
    .option("--force", "overwrite existing files")
    .option("--repo <path|url>", "read transync.yaml (aliases, scope, dir) from this git repository instead of the working tree")
    .option("--ref <ref>", "read transync.yaml at this git ref");
  addApiOptions(command);
  command.action(async (options) => {
    const { importCommand } = await import("../commands/import.js");
    sink.exitCode = await importCommand(ctx, options);
  });
}
