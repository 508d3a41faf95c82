import { join } from "node:path";
import type { CliContext, ExitCode } from "../pipeline/context.js";
import type { CompletionSpec, Shell } from "../completion/spec.js";
import { bashScript } from "../completion/bash.js";
import { zshScript } from "../completion/zsh.js";
import { fishScript } from "../completion/fish.js";
import { environmentNames } from "../completion/environment-names.js";
import { PROJECT_FILE } from "../desired/load-project.js";
import { readRegularFile } from "../desired/fs-source.js";
import { parseYamlText } from "../desired/read-yaml.js";

export interface CompletionOptions {
  shell: Shell;
  /** Print the environment names of ./transync.yaml instead (the scripts call this at `--env <TAB>`). */
  listEnvironments?: true;
  /** The CLI's commands and flags (read from the program by src/cli/completion.ts). */
  spec: CompletionSpec;
}

const SCRIPTS: Record<Shell, (spec: CompletionSpec) => string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

/** A project file larger than this is not read at TAB time: completion must stay instant. */
const PROJECT_FILE_MAX_BYTES = 1024 * 1024;

/**
 * The environment names of transync.yaml in `cwd`, one a line; nothing when there is no such file
 * or it does not parse (a TAB is no place for an error). Reads the file only: nothing in it runs.
 */
async function listEnvironments(cwd: string): Promise<string> {
  try {
    const text = (await readRegularFile(join(cwd, PROJECT_FILE), PROJECT_FILE_MAX_BYTES)).toString("utf8");
    const names = environmentNames(parseYamlText(PROJECT_FILE, text).documents[0]?.value);
    return names.map((name) => `${name}\n`).join("");
  } catch {
    return "";
  }
}

/** `transync completion SHELL`: prints the shell's completion script on stdout. */
export async function completion(ctx: CliContext, options: CompletionOptions): Promise<ExitCode> {
  ctx.stdout.write(options.listEnvironments ? await listEnvironments(ctx.cwd) : SCRIPTS[options.shell](options.spec));
  return 0;
}
