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
  status: ["text", "json"],
  drift: ["text", "json", "markdown"],
} as const;

/** A command that has `--format`. */
export type FormattedCommand = keyof typeof FORMATS;

/** The formats of one command, e.g. `Format<"plan">` is `"text" | "json" | "markdown"`. */
export type Format<C extends FormattedCommand> = (typeof FORMATS)[C][number];

/** The format a command prints when `--format` is not given. */
export function defaultFormat<C extends FormattedCommand>(command: C): Format<C> {
  return FORMATS[command][0];
}

/** What every format states, whatever its command. */
export interface OutputFacts {
  /**
   * Standard output is one document a program parses whole (JSON, JUnit XML, SARIF): nothing else
   * may be written there (apply shows no plan before it asks; test's Segment checks go to stderr).
   */
  parsed: boolean;
}

/** What a format of `plan` states besides (src/commands/plan.ts, plan-failure.ts read them). */
export interface PlanFormatFacts extends OutputFacts {
  /** It shows `--events`' section (what changes for the sample events); without it, --events needs --volumes. */
  eventSection: boolean;
  /** Event volumes are read unless `--no-volumes` (the pull-request comment: the reviewer's numbers). */
  volumesByDefault: boolean;
  /** A plan that fails still prints a report of the error, so a comment posted from it replaces the last plan's. */
  reportsFailure: boolean;
  /** It holds every detail of what a plan with no changes leaves out; a short report logs them to stderr instead. */
  holdsLeftOutDetails: boolean;
}

/** What a format of `test` states besides (src/commands/test.ts reads it). */
export interface TestFormatFacts extends OutputFacts {
  /** The test files' findings are GitHub annotations on stdout (else warnings on stderr). */
  annotations: boolean;
}

/** The facts of the commands whose formats state more than `OutputFacts`. */
interface MoreFacts {
  plan: PlanFormatFacts;
  test: TestFormatFacts;
}

/** The facts every format of command `C` states. */
export type FormatFactsOf<C extends FormattedCommand> = C extends keyof MoreFacts ? MoreFacts[C] : OutputFacts;

/**
 * Each format's facts: commands act on these, never on a format's name (test/report/format-facts.test.ts),
 * and a format of `FORMATS` without its facts here does not compile.
 */
export const FORMAT_FACTS: { readonly [C in FormattedCommand]: { readonly [F in Format<C>]: FormatFactsOf<C> } } = {
  validate: { text: { parsed: false }, json: { parsed: true }, github: { parsed: false }, sarif: { parsed: true } },
  plan: {
    text: { parsed: false, eventSection: true, volumesByDefault: false, reportsFailure: false, holdsLeftOutDetails: false },
    json: { parsed: true, eventSection: false, volumesByDefault: false, reportsFailure: false, holdsLeftOutDetails: true },
    markdown: { parsed: false, eventSection: true, volumesByDefault: true, reportsFailure: true, holdsLeftOutDetails: false },
  },
  apply: { text: { parsed: false }, json: { parsed: true } },
  simulate: { text: { parsed: false }, json: { parsed: true } },
  test: {
    text: { parsed: false, annotations: false },
    json: { parsed: true, annotations: false },
    junit: { parsed: true, annotations: false },
    github: { parsed: false, annotations: true },
  },
  status: { text: { parsed: false }, json: { parsed: true } },
  drift: { text: { parsed: false }, json: { parsed: true }, markdown: { parsed: false } },
};

/** The facts of one format of a command. */
export function formatFacts<C extends FormattedCommand>(command: C, format: Format<C>): FormatFactsOf<C> {
  return FORMAT_FACTS[command][format];
}
