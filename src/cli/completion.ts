import type { Command, Option } from "commander";
import type { CliContext } from "../pipeline/context.js";
import { defineCommand } from "./define.js";
import { flag, positional } from "./flags.js";
import { SHELLS, type CompletionFlag, type CompletionSpec } from "../completion/spec.js";
import type { CompletionOptions } from "../commands/completion.js";

function flagOf(option: Option): CompletionFlag | undefined {
  if (option.long === undefined) return undefined;
  return {
    long: option.long,
    ...(option.short !== undefined ? { short: option.short } : {}),
    // An optional value without a fixed list (`--prune [all|removed]`) is completed as a switch: the next word may be a flag.
    takesValue: option.required || (option.optional && option.argChoices !== undefined),
    ...(option.argChoices !== undefined ? { choices: option.argChoices } : {}),
    ...(option.long === "--env" ? { environments: true as const } : {}),
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
    commands: help.visibleCommands(program).map((c) => {
      const choices = c.registeredArguments[0]?.argChoices;
      return { name: c.name(), description: c.description(), flags: flags(c), ...(choices ? { argumentChoices: choices } : {}) };
    }),
  };
}

/** `transync completion SHELL`; `src/commands/completion.ts` writes the script from the commands and flags of the program it runs in. */
export const COMPLETION = defineCommand({
  name: "completion",
  description: "print the shell completion script of transync (bash: source <(transync completion bash))",
  ends: "by itself",
  positionals: { shell: positional("<shell>", "the shell").choices(SHELLS) },
  flags: {
    listEnvironments: flag(
      "--list-environments",
      "print the environment names of ./transync.yaml, one a line (what the scripts call at --env <TAB>)",
    ).hidden(),
  },
  load: async () => {
    const { completion } = await import("../commands/completion.js");
    return (ctx: CliContext, options: Omit<CompletionOptions, "spec">, program: Command) =>
      completion(ctx, { ...options, spec: completionSpec(program) });
  },
});
