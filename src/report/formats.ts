/**
 * Every command's `--format` choices, the first being the default. The CLI's choices are generated
 * from this table, and each command's renderers are a `Record<Format<command>, …>` in src/report/,
 * so a format added here without its renderer (or a renderer for a format not here) does not compile.
 * This file imports nothing: the CLI loads it at start-up, before any command.
 */
export const FORMATS = {
  validate: ["text", "json", "github", "sarif"],
  plan: ["text", "json", "markdown"],
  apply: ["text", "json"],
  simulate: ["text", "json"],
  test: ["text", "json", "junit", "github"],
} as const;

/** A command that has `--format`. */
export type FormattedCommand = keyof typeof FORMATS;

/** The formats of one command, e.g. `Format<"plan">` is `"text" | "json" | "markdown"`. */
export type Format<C extends FormattedCommand> = (typeof FORMATS)[C][number];

/** The format a command prints when `--format` is not given. */
export function defaultFormat<C extends FormattedCommand>(command: C): Format<C> {
  return FORMATS[command][0];
}
