import type { Command } from "commander";
import { buildProgram } from "../../src/cli.js";
import type { CliContext } from "../../src/pipeline/context.js";
import { silentLogger } from "../../src/log.js";
import { SecretRegistry } from "../../src/secrets/redact.js";
import type { CommandRunner } from "../../src/cli/define.js";

/**
 * The real commander program on a silent context (stderr captured into `stderr()`), for tests that
 * read or parse its flags; `runner`, when given, receives each parsed command's options instead of
 * the command running.
 */
export function quietProgram(cwd: string, runner?: CommandRunner): { program: Command; stderr: () => string } {
  let stderr = "";
  const ctx: CliContext = {
    stdout: { write: () => true },
    stderr: { write: (s: string) => ((stderr += s), true) },
    env: {},
    cwd,
    logger: silentLogger(),
    signal: new AbortController().signal,
    color: false,
    secrets: new SecretRegistry(),
  };
  return { program: buildProgram(ctx, { exitCode: 0 }, runner), stderr: () => stderr };
}
