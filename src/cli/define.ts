/**
 * Room src/cli/: the commander layer: each command declared once (flags, positionals, defaults,
 * help, environment variables) and its function loaded from src/commands/ when it runs.
 * May import: src/commands/, src/pipeline/ (CliContext), src/live/, src/report/, src/reconcile/,
 * src/notify/, src/init/, src/completion/, the ground floor. Only src/cli.ts imports it.
 */
import type { Command } from "commander";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { EnvironmentVariable } from "./environment.js";
import type { DeclaredValues, FlagTable, PositionalTable } from "./flags.js";

/** A command's action stores its exit code here (commander actions cannot return one). */
export interface CommandResultSink {
  exitCode: ExitCode;
}

/**
 * The work of a command: `src/commands/<command>.ts`'s function, lazy-imported. It may read the
 * program it runs in (completion writes its script from the program's commands and flags).
 */
export type CommandFunction<O> = (ctx: CliContext, options: O, program: Command) => Promise<ExitCode>;

/** An exit code a command gives besides every command's (1 error; 0 success and 130 interrupted when it ends by itself). */
export interface ExitCodeMeaning {
  code: number;
  meaning: string;
}

/**
 * How a command ends: `by itself` (exit codes 0 success, 130 interrupted) or, for a server,
 * `on a signal`: 0 on SIGINT/SIGTERM, whose meaning (what it finished first) comes first in its
 * `exitCodes`. Help lists both from here (src/cli/help.ts).
 */
type Ending =
  | { ends: "by itself"; exitCodes?: readonly ExitCodeMeaning[] }
  | { ends: "on a signal"; exitCodes: readonly [{ code: 0; meaning: string }, ...ExitCodeMeaning[]] };

export type CommandSpec<D extends FlagTable, A extends PositionalTable, O> = Ending & {
  name: string;
  description: string;
  /** Positional arguments, in order; each becomes an options field named by its key. */
  positionals?: A;
  /** Every flag, in help's order; each becomes an options field named by its key. */
  flags: D;
  /** Variables the command reads that no flag of it declares. */
  environment?: readonly EnvironmentVariable[];
  /** Loads the command's function: `() => import("../commands/foo.js").then((m) => m.foo)`. */
  load: () => Promise<CommandFunction<O>>;
};

/** The options a command receives: one field per positional and per flag, named by its key. */
export type CommandValues<D extends FlagTable, A extends PositionalTable> = DeclaredValues<D> & DeclaredValues<A>;

/**
 * The build fails with one of these (named in the error) when the options type of the command's
 * function and its declaration disagree: a field no flag fills (renamed in the type but not in the
 * declaration: the flag would be ignored), a flag no field reads, or a value of the wrong type.
 */
type OptionsMatch<V, O> = [Exclude<keyof O, keyof V>] extends [never]
  ? [Exclude<keyof V, keyof O>] extends [never]
    ? V extends O
      ? unknown
      : { declaredValuesDoNotFitTheOptionsType: V }
    : { flagsThatNoOptionsFieldReads: Exclude<keyof V, keyof O> }
  : { optionsFieldsThatNoFlagFills: Exclude<keyof O, keyof V> };

/** A command as the program, help and tests see it (types erased). */
export interface CommandDeclaration {
  name: string;
  description: string;
  ends: "by itself" | "on a signal";
  /** Its own exit codes, besides every command's (help's table, src/cli/help.ts). */
  exitCodes: readonly ExitCodeMeaning[];
  positionals: PositionalTable;
  flags: FlagTable;
  environment: readonly EnvironmentVariable[];
  /** Runs the command's function with the options built from the parsed flags, in `program`. */
  run: (ctx: CliContext, options: Record<string, unknown>, program: Command) => Promise<ExitCode>;
}

/**
 * Declares a command from its flags and its function; the options the function takes must be
 * exactly the declared ones (`OptionsMatch`). The one cast below is what that check proves.
 */
export function defineCommand<const D extends FlagTable, O, const A extends PositionalTable = Record<never, never>>(
  spec: CommandSpec<D, A, O> & OptionsMatch<CommandValues<D, A>, O>,
): CommandDeclaration {
  return {
    name: spec.name,
    description: spec.description,
    ends: spec.ends,
    exitCodes: spec.exitCodes ?? [],
    positionals: spec.positionals ?? {},
    flags: spec.flags,
    environment: spec.environment ?? [],
    run: async (ctx, options, program) => (await spec.load())(ctx, options as O, program),
  };
}

/** What runs a parsed command: the declaration's own `run`, or a test's seam (test/cli/flags.test.ts). */
export type CommandRunner = (declaration: CommandDeclaration, options: Record<string, unknown>) => Promise<ExitCode>;

/**
 * Adds a declared command to the program: its positionals and flags from the declaration, and an
 * action that hands the runner one options value keyed by the declaration's names (commander's own
 * attribute names are read only here).
 */
export function addDeclaredCommand(
  program: Command,
  declaration: CommandDeclaration,
  runner: CommandRunner,
  sink: CommandResultSink,
): Command {
  const command = program.command(declaration.name).description(declaration.description);
  for (const entry of Object.values(declaration.positionals)) command.addArgument(entry.toArgument());
  const attributes: Array<[key: string, attribute: string]> = [];
  for (const [key, declared] of Object.entries(declaration.flags)) {
    const [option, ...negations] = declared.toOptions();
    command.addOption(option!);
    for (const negation of negations) command.addOption(negation);
    attributes.push([key, option!.attributeName()]);
  }
  command.action(async (...args: unknown[]) => {
    const parsed = command.opts<Record<string, unknown>>();
    const options: Record<string, unknown> = {};
    Object.keys(declaration.positionals).forEach((key, i) => {
      if (args[i] !== undefined) options[key] = args[i];
    });
    for (const [key, attribute] of attributes) if (parsed[attribute] !== undefined) options[key] = parsed[attribute];
    sink.exitCode = await runner(declaration, options);
  });
  return command;
}
