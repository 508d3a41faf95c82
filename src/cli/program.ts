import { Command, Option } from "commander";
import type { CliContext } from "../commands/context.js";
import { transyncVersion } from "../version.js";
import { LOG_LEVELS } from "../log.js";
import type { CommandDefinition, CommandResultSink } from "./define.js";
import { defineEmulator } from "./emulator.js";
import { defineValidate } from "./validate.js";
import { definePlan } from "./plan.js";
import { defineApply } from "./apply.js";
import { defineImport } from "./import.js";
import { defineComment } from "./comment.js";
import { defineReconcile } from "./reconcile.js";
import { defineSimulate } from "./simulate.js";
import { defineTest } from "./test.js";
import { defineInit } from "./init.js";
import { defineCompletion } from "./completion.js";
import { addCommandHelp, configureProgramHelp, defaultShown } from "./help.js";

/** One entry per command; each lives in `src/cli/<command>.ts` and lazy-imports `src/commands/<command>.ts`. */
const COMMANDS: readonly CommandDefinition[] = [defineEmulator, defineValidate, definePlan, defineApply, defineImport, defineComment, defineReconcile, defineSimulate, defineTest, defineInit, defineCompletion];

/** The commander program: global flags, every command, and the help layout. */
export function buildProgram(ctx: CliContext, sink: CommandResultSink): Command {
  const program = new Command("transync")
    .description("GitOps for Segment Transformations: validate, plan and apply Transformations from YAML in git.")
    .version(transyncVersion(), "-V, --version")
    .addOption(defaultShown(new Option("--log-level <level>", "log level on stderr").choices(LOG_LEVELS), "TRANSYNC_LOG_LEVEL, else info"))
    .option("--debug", "print stack traces of errors (never request headers)")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
    });
  configureProgramHelp(program);
  for (const define of COMMANDS) define(program, ctx, sink);
  addCommandHelp(program);
  return program;
}
