import { Argument, type Command, type Option } from "commander";
import type { CliContext } from "../pipeline/context.js";
import type { CommandResultSink } from "./define.js";
import { SHELLS, type CompletionFlag, type CompletionSpec, type Shell } from "../completion/spec.js";

function flagOf(option: Option): CompletionFlag | undefined {
  if (option.long === undefined) return undefined;
  return {
    long: option.long,
    ...(option.short !== undefined ? { short: option.short } : {}),
    // An optional value without a fixed list (`--prune [all|removed]`) is completed as a switch: the next word may be a flag.
    takesValue: option.required || (option.optional && option.argChoices !== undefined),
    ...(option.argChoices !== undefined ? { choices: option.argChoices } : {}),
    description: option.description,
  };
}

/** The commands and flags as commander holds them (help's own view: hidden ones left out, --help in). */
export function completionSpec(program: Command): CompletionSpec {
  const help = program.createHelp();
  const flags = (command: Command): CompletionFlag[] => help.visibleOptions(command).flatMap((o) => flagOf(o) ?? []);
  return {
    program: program.name(),
    globalFlags: flags(program),
    commands: help.visibleCommands(program).map((c) => ({ name: c.name(), description: c.description(), flags: flags(c) })),
  };
}

/** `transync completion SHELL`; the script is written by `src/commands/completion.ts`. */
export function defineCompletion(program: Command, ctx: CliContext, sink: CommandResultSink): void {
  program
    .command("completion")
    .description("print the shell completion script of transync (bash: source <(transync completion bash))")
    .addArgument(new Argument("<shell>", "the shell").choices(SHELLS))
    .action(async (shell: Shell) => {
      const { completion } = await import("../commands/completion.js");
      sink.exitCode = await completion(ctx, { shell, spec: completionSpec(program) });
    });
}
