import { Option, type Command } from "commander";
import { defaultShown } from "./help.js";
import type { CliContext } from "../commands/context.js";
import type { CommandResultSink } from "./define.js";
import type { ImportOptions } from "../commands/import.js";
import { addApiOptions } from "./options.js";

/** Flags of `transync import`; the work is in `src/commands/import.ts`. */
export function defineImport(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  const command = program
    .command("import")
    .description("write the live transformations as YAML documents with their ids pinned (adopt what exists)")
    .addOption(defaultShown(new Option("--out <dir>", "folder to write"), "transync.yaml's `dir`, else `transformations`"))
    .addOption(defaultShown(new Option("--source <id...>", "only these sources (ids or aliases of --env)"), "transync.yaml's scope, else every source"))
    .addOption(defaultShown(new Option("--env <env>", "environment to import: adds its pins (`id: { <env>: … }`) to the documents that exist, writes new ones for the rest (sources by its aliases)"), "none: plain ids, source ids as they are"))
    .option("--split", "one file per transformation (default: one file per source)")
    .option("--force", "overwrite existing files; refused with --env (it would drop other environments' pins, and --env needs none)")
    .addOption(defaultShown(new Option("--repo <path|url>", "read transync.yaml (aliases, scope, dir) from this git repository instead of the working tree"), "the working tree"))
    .addOption(defaultShown(new Option("--ref <ref>", "read transync.yaml at this git ref"), "the working tree; HEAD of a --repo URL"));
  addApiOptions(command);
  command.action(async (options: ImportOptions) => {
    const { importCommand } = await import("../commands/import.js");
    sink.exitCode = await importCommand(ctx, options);
  });
}
