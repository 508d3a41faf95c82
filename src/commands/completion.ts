import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { CompletionSpec, Shell } from "../completion/spec.js";
import { bashScript } from "../completion/bash.js";
import { zshScript } from "../completion/zsh.js";
import { fishScript } from "../completion/fish.js";

export interface CompletionOptions {
  shell: Shell;
  /** The CLI's commands and flags (read from the program by src/cli/completion.ts). */
  spec: CompletionSpec;
}

const SCRIPTS: Record<Shell, (spec: CompletionSpec) => string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

/** `transync completion SHELL`: prints the shell's completion script on stdout. */
export function completion(ctx: CliContext, options: CompletionOptions): Promise<ExitCode> {
  ctx.stdout.write(SCRIPTS[options.shell](options.spec));
  return Promise.resolve(0);
}
