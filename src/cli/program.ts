import { Command } from "commander";
import type { CliContext } from "../pipeline/context.js";
import { transyncVersion } from "../version.js";
import { LOG_LEVELS } from "../log.js";
import { addDeclaredCommand, type CommandResultSink, type CommandRunner } from "./define.js";
import { COMMANDS } from "./commands.js";
import { addCommandHelp, configureProgramHelp } from "./help.js";
import { flag } from "./flags.js";

/** Flags of every command, before the command's name; src/cli.ts reads them from argv before parsing (the logger starts first). */
export const GLOBAL_FLAGS = {
  logLevel: flag("--log-level <level>", "log level on stderr").choices(LOG_LEVELS).defaultShown("TRANSYNC_LOG_LEVEL, else info"),
  debug: flag("--debug", "print stack traces of errors (never request headers)"),
};

/** The commander program: global flags, every command (src/cli/commands.ts), and the help layout. */
export function buildProgram(ctx: CliContext, sink: CommandResultSink, runner?: CommandRunner): Command {
  const program = new Command("transync")
    .description("GitOps for Segment Transformations: validate, plan and apply Transformations from YAML in git.")
    .version(transyncVersion(), "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
    });
  for (const option of Object.values(GLOBAL_FLAGS).flatMap((f) => f.toOptions())) program.addOption(option);
  configureProgramHelp(program);
  // The real runner runs the command's own function; a test passes one that keeps the options instead.
  const run: CommandRunner = runner ?? ((declaration, options) => declaration.run(ctx, options, program));
  for (const declaration of COMMANDS) addDeclaredCommand(program, declaration, run, sink);
  addCommandHelp(program);
  return program;
}
