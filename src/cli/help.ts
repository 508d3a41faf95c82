import { Help, type Command, type Option } from "commander";
import { COMMANDS } from "./commands.js";
import type { CommandDeclaration } from "./define.js";
import { GLOBAL_VARIABLES, VARIABLES, type EnvironmentVariable } from "./environment.js";

/**
 * What `--help` says besides the flags, generated from the commands' declarations (src/cli/commands.ts)
 * so a new command or variable cannot be left out: the environment variables each command reads
 * (its flags' and its own, src/cli/environment.ts; test/cli/help.test.ts holds that table to the
 * variables the source reads) and the exit codes. Every flag that takes a value shows its default;
 * a default decided at run time (flag, else environment, else transync.yaml) is declared with
 * `defaultShown()` and printed the same way.
 */

/** The variables a command reads: every command's, its flags', and its own. */
function variablesOf(declaration: CommandDeclaration): Set<EnvironmentVariable> {
  return new Set([
    ...GLOBAL_VARIABLES,
    ...Object.values(declaration.flags).flatMap((f) => f.facts.environment),
    ...declaration.environment,
  ]);
}

export interface DocumentedVariable extends EnvironmentVariable {
  /** The commands that read it; `all` for the global ones. */
  commands: readonly string[] | "all";
}

const namesOf = (pick: (declaration: CommandDeclaration) => boolean): string[] => COMMANDS.filter(pick).map((c) => c.name);

export const ENVIRONMENT_VARIABLES: readonly DocumentedVariable[] = VARIABLES.map((v) => ({
  ...v,
  commands: GLOBAL_VARIABLES.includes(v) ? "all" : namesOf((c) => variablesOf(c).has(v)),
}));

export interface ExitCodeDoc {
  code: number;
  meaning: string;
  commands: readonly string[] | "all";
}

/** The commands that end by themselves; the servers (emulator, reconcile) end on SIGINT/SIGTERM, with 0, not 130. */
const ONE_SHOT = namesOf((c) => c.ends === "by itself");

/** The codes of every command (or of every one that ends by itself, or has --detailed-exitcode). */
const SHARED_EXIT_CODES: readonly ExitCodeDoc[] = [
  { code: 0, meaning: "success", commands: ONE_SHOT },
  { code: 1, meaning: "error: invalid input, a refused plan, an API or network failure (the message says which)", commands: "all" },
  { code: 2, meaning: "changes present (with --detailed-exitcode only)", commands: namesOf((c) => "detailedExitcode" in c.flags) },
  { code: 130, meaning: "interrupted (Ctrl-C): work in flight was finished first", commands: ONE_SHOT },
];

/** Every command's codes, then each command's own (`exitCodes` in src/cli/<command>.ts), in the order of the codes. */
export const EXIT_CODES: readonly ExitCodeDoc[] = [
  ...SHARED_EXIT_CODES,
  ...COMMANDS.flatMap((c) => c.exitCodes.map((e): ExitCodeDoc => ({ ...e, commands: [c.name] }))),
].sort((a, b) => a.code - b.code);

/** package.json's `repository` (test/cli/help-links.test.ts checks they agree). */
export const REPOSITORY_URL = "https://github.com/transync/transync";

const EXAMPLE = `
Documentation: the docs/*.md that help names are in the package (its docs/ folder, for this version)
and at ${REPOSITORY_URL}/tree/main/docs

Example (a local emulator, no Segment account needed):
  transync emulator --port 4010 &
  export SEGMENT_API_TOKEN=local-token SEGMENT_API_URL=http://127.0.0.1:4010
  transync validate && transync plan --out plan.json && transync apply plan.json --auto-approve
`;

const applies = (commands: readonly string[] | "all", name: string): boolean => commands === "all" || commands.includes(name);

/** The `Environment variables:` and `Exit codes:` sections of one command's help. */
export function commandHelpSections(name: string): string {
  const vars = ENVIRONMENT_VARIABLES.filter((v) => applies(v.commands, name));
  const width = Math.max(...vars.map((v) => v.name.length));
  const codes = EXIT_CODES.filter((c) => applies(c.commands, name));
  return [
    "",
    "Environment variables:",
    ...vars.map((v) => `  ${v.name.padEnd(width)}  ${v.meaning}`),
    "",
    "Exit codes:",
    ...codes.map((c) => `  ${String(c.code).padEnd(3)}  ${c.meaning}`),
    "",
  ].join("\n");
}

/**
 * A flag whose default is decided at run time, not by commander: `shown` is what help prints as
 * its default. The parsed value stays undefined when the flag is absent, so precedence (flag >
 * environment > transync.yaml > built-in) is kept by the code that resolves it.
 */
export function defaultShown(option: Option, shown: string): Option {
  return option.default(undefined, shown);
}

/**
 * Shows `(default: ...)` for run-time defaults too (commander shows only defaults it sets itself),
 * and `(required)` for a flag the command cannot run without (commander's help says nothing).
 */
function optionDescription(this: Help, option: Option): string {
  const base = Help.prototype.optionDescription.call(this, option);
  if (option.mandatory) return `${base} (required)`;
  if (option.defaultValue !== undefined || option.defaultValueDescription === undefined) return base;
  return `${base} (default: ${option.defaultValueDescription})`;
}

/** Before the commands are defined: the help format every command inherits. */
export function configureProgramHelp(program: Command): void {
  program.configureHelp({ optionDescription });
  program.addHelpText("after", EXAMPLE);
}

/** After the commands are defined: each command's environment variables and exit codes. */
export function addCommandHelp(program: Command): void {
  for (const command of program.commands) command.addHelpText("after", commandHelpSections(command.name()));
}
