/** A flag as completion offers it. */
export interface CompletionFlag {
  /** `--format`. */
  long: string;
  /** `-V`, when the flag has one. */
  short?: string;
  /** The flag is followed by a value (required or optional). */
  takesValue: boolean;
  /** The values it accepts, when they are a fixed list. */
  choices?: readonly string[];
  /** Its values are the environment names of ./transync.yaml, read at TAB time (`--env`). */
  environments?: true;
  description: string;
}

export interface CompletionCommand {
  name: string;
  description: string;
  flags: readonly CompletionFlag[];
  /** The values its first positional accepts, when they are a fixed list (`completion <shell>`). */
  argumentChoices?: readonly string[];
}

/** The CLI's commands and flags, as read from its own definitions (src/cli/completion.ts). */
export interface CompletionSpec {
  program: string;
  globalFlags: readonly CompletionFlag[];
  commands: readonly CompletionCommand[];
}

export type Shell = "bash" | "zsh" | "fish";
export const SHELLS: readonly Shell[] = ["bash", "zsh", "fish"];

/** The first clause of a description, for a shell's one-line hint. */
export function shortDescription(text: string): string {
  return text.split(/[;(]/)[0]!.trim();
}
