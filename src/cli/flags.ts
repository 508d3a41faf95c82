import { Argument, Option } from "commander";
import type { EnvironmentVariable } from "./environment.js";

/**
 * One flag declared once: its commander syntax, help, parser, default and the environment variables
 * that go with it. Its value type is inferred from the declaration (the syntax, the parser, the
 * choices), and `FlagValues` turns a table of them into the options type a command receives, so a
 * command whose options type and declaration disagree does not compile (src/cli/define.ts).
 */

/** Whether the command always receives a value (a default, or a required flag) or may receive none. */
type Presence = "optional" | "always";

/** What commander stores for `syntax` without a parser: `<x...>` a list, `<x>` a string, `[x]` a string or true (bare), none: true. */
export type RawValue<S extends string> = S extends `${string}<${string}...>${string}`
  ? string[]
  : S extends `${string}<${string}>${string}`
    ? string
    : S extends `${string}[${string}]${string}`
      ? string | true
      : true;

/** A parser's value, and `true` too for an optional value (`--prune [mode]`: a bare `--prune` is true). */
type ParsedValue<S extends string, U> = S extends `${string}[${string}]${string}` ? U | true : U;

interface FlagFacts {
  syntax: string;
  help: string;
  parse?: (value: string, previous: unknown) => unknown;
  choices?: readonly string[];
  /** commander's default and the text help shows for it. */
  fixedDefault?: { value: unknown; shown: string | undefined };
  /** A default decided at run time (flag, else environment, else transync.yaml): only shown. */
  shownDefault?: string;
  required?: boolean;
  negation?: { syntax: string; help: string };
  environment: readonly EnvironmentVariable[];
  /** Left out of help and completion: an entry for the completion scripts, not for people. */
  hidden?: boolean;
}

export class Flag<T, P extends Presence = "optional", S extends string = string> {
  /** Type-only: the value and presence this flag gives the command (no runtime field). */
  declare readonly value: T;
  declare readonly presence: P;
  constructor(readonly facts: FlagFacts) {}

  private with<T2, P2 extends Presence>(changes: Partial<FlagFacts>): Flag<T2, P2, S> {
    return new Flag<T2, P2, S>({ ...this.facts, ...changes });
  }

  /** commander's argParser: `(value, previous)`; throw InvalidArgumentError to refuse a value. */
  parse<U>(parser: (value: string, previous: U) => U): Flag<ParsedValue<S, U>, P, S> {
    return this.with({ parse: parser as FlagFacts["parse"] });
  }

  choices<const C extends readonly string[]>(choices: C): Flag<C[number], P, S> {
    return this.with({ choices });
  }

  /** A default commander sets; `shown` replaces the value in help. */
  default(value: T, shown?: string): Flag<T, "always", S> {
    return this.with({ fixedDefault: { value, shown } });
  }

  /** A default decided at run time by the command (see `defaultShown` in src/cli/help.ts); help shows `shown`. */
  defaultShown(shown: string): Flag<T, P, S> {
    return this.with({ shownDefault: shown });
  }

  /** The command cannot run without it; help says `(required)`. */
  required(): Flag<T, "always", S> {
    return this.with({ required: true });
  }

  /** A `--no-x` flag beside it that sets the value to false. */
  negatable(syntax: `--no-${string}`, help: string): Flag<T | false, P, S> {
    return this.with({ negation: { syntax, help } });
  }

  /** The environment variables read with this flag (listed in the help of every command that has it). */
  env(...variables: EnvironmentVariable[]): Flag<T, P, S> {
    return this.with({ environment: [...this.facts.environment, ...variables] });
  }

  /** Not in help nor in completion (commander's hideHelp). */
  hidden(): Flag<T, P, S> {
    return this.with({ hidden: true });
  }

  /** The commander options of this flag: itself, then its negation if any. */
  toOptions(): Option[] {
    const { syntax, help, parse, choices, fixedDefault, shownDefault, required, negation, hidden } = this.facts;
    const option = new Option(syntax, help);
    if (hidden) option.hideHelp();
    if (choices) option.choices(choices);
    if (parse) option.argParser(parse);
    if (fixedDefault) option.default(fixedDefault.value, fixedDefault.shown);
    if (shownDefault !== undefined) option.default(undefined, shownDefault);
    if (required) option.makeOptionMandatory();
    return negation ? [option, new Option(negation.syntax, negation.help)] : [option];
  }
}

/** Declares a flag in commander's syntax (`--max-deletes <n>`, `--prune [mode]`, `--once`) with its help. */
export function flag<const S extends string>(syntax: S, help: string): Flag<RawValue<S>, "optional", S> {
  return new Flag({ syntax, help, environment: [] });
}

/** A positional argument: `<name>` always present, `[name]` optional; its value a string, or one of its choices. */
export class Positional<P extends Presence = "optional", T = string> {
  declare readonly value: T;
  declare readonly presence: P;
  constructor(
    readonly syntax: string,
    readonly help: string,
    readonly allowed?: readonly string[],
  ) {}

  /** Only these values; commander refuses any other, naming them. */
  choices<const C extends readonly string[]>(choices: C): Positional<P, C[number]> {
    return new Positional(this.syntax, this.help, choices);
  }

  toArgument(): Argument {
    const argument = new Argument(this.syntax, this.help);
    return this.allowed ? argument.choices(this.allowed) : argument;
  }
}

export function positional<const S extends string>(syntax: S, help: string): Positional<S extends `<${string}` ? "always" : "optional"> {
  return new Positional(syntax, help);
}

export type FlagTable = Readonly<Record<string, Flag<unknown, Presence>>>;
export type PositionalTable = Readonly<Record<string, Positional<Presence, unknown>>>;

type Declared = { value: unknown; presence: Presence };
type AlwaysKeys<D> = { [K in keyof D]: D[K] extends { presence: "always" } ? K : never }[keyof D];

/** The options a table of flags (or positionals) gives: a field per entry, optional unless it always has a value. */
export type DeclaredValues<D extends Readonly<Record<string, Declared>>> = {
  [K in AlwaysKeys<D>]: D[K]["value"];
} & { [K in Exclude<keyof D, AlwaysKeys<D>>]?: D[K]["value"] };
