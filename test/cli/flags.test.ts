import { describe, expect, it } from "vitest";
import type { Argument, Option } from "commander";
import { COMMANDS } from "../../src/cli/commands.js";
import { defineCommand, type CommandDeclaration } from "../../src/cli/define.js";
import { flag } from "../../src/cli/flags.js";
import type { CliContext } from "../../src/pipeline/context.js";
import { quietProgram } from "../helpers/program.js";
import { runCli } from "../helpers/run-cli.js";
import { PLANNING_FLAGS } from "../../src/commands/apply.js";

/**
 * Every declared flag of every command reaches the command, under its declared name: the program is
 * the real one (src/cli/program.ts); only the runner is a seam that keeps the options instead of
 * running the command. The other half, that the command's options type has exactly these names,
 * is the build's (`OptionsMatch` in src/cli/define.ts; the @ts-expect-error cases below).
 */

interface Captured {
  command: string;
  options: Record<string, unknown>;
}

async function parse(args: string[]): Promise<Captured> {
  const captured: Captured[] = [];
  const { program, stderr } = quietProgram(".", async (declaration, options) => (captured.push({ command: declaration.name, options }), 0));
  await program.parseAsync(["node", "transync", ...args]).catch((error: unknown) => {
    throw new Error(`${args.join(" ")}: ${String(error)}\n${stderr()}`);
  });
  expect(captured).toHaveLength(1);
  return captured[0]!;
}

/** A value the argument accepts, distinct for each (`n` numbers them), and what its parser makes of it. */
function sampleValue(arg: Option | Argument, n: number, name: string): { text: string; value: unknown } {
  const choices = arg.argChoices;
  const candidates = choices ? [choices[choices.length - 1]!] : arg.parseArg ? [String(10 + n), "removed"] : [`value-${n}`];
  for (const text of candidates) {
    try {
      const value = arg.parseArg ? arg.parseArg(text, "defaultValue" in arg ? arg.defaultValue : undefined) : arg.variadic ? [text] : text;
      return { text, value };
    } catch {
      // this candidate is refused by the parser: try the next
    }
  }
  throw new Error(`no sample value for ${name}: give test/cli/flags.test.ts a candidate its parser accepts`);
}

/** A value the flag accepts, distinct for each flag (`n` numbers them), and what its parser makes of it. */
function sample(option: Option, n: number): { argv: string[]; value: unknown } {
  if (!option.required && !option.optional) return { argv: [option.long!], value: true };
  const { text, value } = sampleValue(option, n, option.long!);
  return { argv: [option.long!, text], value };
}

/** Every positional of a declaration (`required`: only those the command cannot run without), and the values it must receive. */
function positionals(declaration: CommandDeclaration, which: "all" | "required"): { argv: string[]; expected: Record<string, unknown> } {
  const argv: string[] = [];
  const expected: Record<string, unknown> = {};
  Object.entries(declaration.positionals).forEach(([key, declared], n) => {
    const argument = declared.toArgument();
    if (which === "required" && !argument.required) return;
    const { text, value } = sampleValue(argument, 100 + n, argument.name());
    argv.push(text);
    expected[key] = value;
  });
  return { argv, expected };
}

/** The flags a declaration cannot run without, each with a value it accepts. */
const requiredFlags = (declaration: CommandDeclaration): string[] =>
  Object.values(declaration.flags)
    .filter((d) => d.facts.required)
    .flatMap((d, n) => sample(d.toOptions()[0]!, n).argv);

/** Every flag of a declaration given at once, and the options the command must receive. */
function everyFlag(declaration: CommandDeclaration): { argv: string[]; expected: Record<string, unknown> } {
  const { argv, expected } = positionals(declaration, "all");
  Object.entries(declaration.flags).forEach(([key, declared], n) => {
    const given = sample(declared.toOptions()[0]!, n);
    argv.push(...given.argv);
    expected[key] = given.value;
  });
  return { argv, expected };
}

describe("flags bound to their commands by declaration", () => {
  it.each(COMMANDS.map((c) => [c.name, c] as const))(
    "%s receives every declared flag under its declared name",
    async (name, declaration) => {
      const { argv, expected } = everyFlag(declaration);
      const run = await parse([name, ...argv]);
      expect(run.command).toBe(name);
      expect(run.options).toEqual(expected);
    },
  );

  it.each(COMMANDS.map((c) => [c.name, c] as const))(
    "%s receives its defaults, and nothing for a flag not given",
    async (name, declaration) => {
      const required = Object.entries(declaration.flags).filter(([, d]) => d.facts.required);
      const given = positionals(declaration, "required");
      const run = await parse([name, ...given.argv, ...requiredFlags(declaration)]);
      const defaults = Object.entries(declaration.flags).filter(([, d]) => d.facts.fixedDefault !== undefined);
      expect(Object.keys(run.options).sort()).toEqual(
        [...Object.keys(given.expected), ...[...required, ...defaults].map(([key]) => key)].sort(),
      );
      for (const [key, d] of defaults) expect(run.options[key], key).toEqual(d.facts.fixedDefault!.value);
    },
  );

  const withPositionals = COMMANDS.filter((c) => Object.keys(c.positionals).length > 0);

  it("the commands with positionals include apply's [planfile] and completion's <shell>", () => {
    expect(withPositionals.map((c) => c.name)).toEqual(expect.arrayContaining(["apply", "completion"]));
  });

  it.each(withPositionals.map((c) => [c.name, c] as const))(
    "%s receives every declared positional, alone, under its declared name with the value given",
    async (name, declaration) => {
      const given = positionals(declaration, "all");
      const run = await parse([name, ...given.argv, ...requiredFlags(declaration)]);
      expect(run.command).toBe(name);
      expect(run.options).toMatchObject(given.expected);
      for (const key of Object.keys(declaration.positionals)) expect(run.options, key).toHaveProperty(key);
    },
  );

  const requiringPositionals = withPositionals.filter((c) => Object.values(c.positionals).some((p) => p.toArgument().required));

  it.each(requiringPositionals.map((c) => [c.name, c] as const))(
    "%s without its required positional is a usage error naming it: exit 1, no stack, the command not run",
    async (name, declaration) => {
      const run = await runCli([name, ...requiredFlags(declaration)]);
      const missing = Object.values(declaration.positionals)
        .find((p) => p.toArgument().required)!
        .toArgument()
        .name();
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`error: missing required argument '${missing}'`);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.stdout).toBe("");
    },
  );

  it("completion's <shell> is one of the declared choices: anything else is refused before the command runs", async () => {
    expect(requiringPositionals.map((c) => c.name)).toContain("completion");
    const run = await runCli(["completion", "powershell"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Allowed choices are bash, zsh, fish/);
  });

  it("a --no-x flag gives its declared name false (plan, apply, reconcile --no-prune)", async () => {
    const negatable = COMMANDS.flatMap((c) =>
      Object.entries(c.flags)
        .filter(([, d]) => d.facts.negation)
        .map(([key, d]) => ({ command: c.name, key, syntax: d.facts.negation!.syntax })),
    );
    expect(negatable.map((n) => n.command)).toEqual(expect.arrayContaining(["plan", "apply", "reconcile"]));
    for (const { command, key, syntax } of negatable) {
      const declaration = COMMANDS.find((c) => c.name === command)!;
      const run = await parse([command, ...positionals(declaration, "required").argv, ...requiredFlags(declaration), syntax]);
      expect(run.options[key], `${command} ${syntax}`).toBe(false);
    }
  });

  it("a declared name need not be the flag's: reconcile --interval reaches intervalMs", async () => {
    const reconcile = COMMANDS.find((c) => c.name === "reconcile")!;
    const run = await parse(["reconcile", "--once", "--dry-run", "--interval", "2m"]);
    expect(run.options).toMatchObject({ once: true, dryRun: true, intervalMs: 120_000 });
    expect(run.options).not.toHaveProperty("interval");
    expect(Object.keys(reconcile.flags)).toContain("dryRun");
  });

  it("a declaration and an options type that disagree do not compile", () => {
    const load = async () => async (_ctx: CliContext, _options: { dryRun?: boolean; once?: boolean }) => 0;
    const spec = { name: "x", description: "x", ends: "by itself" as const, load };
    // The options field was renamed (dryRun -> dryRunX) but not the declaration: the flag would be ignored.
    // @ts-expect-error optionsFieldsThatNoFlagFills: "dryRun"
    defineCommand({ ...spec, flags: { dryRunX: flag("--dry-run", "d"), once: flag("--once", "o") } });
    // A flag declared that no options field reads.
    // @ts-expect-error flagsThatNoOptionsFieldReads: "extra"
    defineCommand({ ...spec, flags: { dryRun: flag("--dry-run", "d"), once: flag("--once", "o"), extra: flag("--extra", "e") } });
    // The names agree but the value does not fit (a string where the command reads a boolean).
    // @ts-expect-error declaredValuesDoNotFitTheOptionsType
    defineCommand({ ...spec, flags: { dryRun: flag("--dry-run <x>", "d"), once: flag("--once", "o") } });
    expect(defineCommand({ ...spec, flags: { dryRun: flag("--dry-run", "d"), once: flag("--once", "o") } }).name).toBe("x");
  });

  it("apply's planning flags, refused with a plan file (src/commands/apply.ts), are named as declared", () => {
    const apply = COMMANDS.find((c) => c.name === "apply")!;
    for (const [key, named] of PLANNING_FLAGS) {
      const declared = apply.flags[key];
      expect(declared, `apply declares ${key}`).toBeDefined();
      const options = declared!.toOptions();
      expect(named, key).toBe(options.map((o) => o.long).join("/"));
    }
  });
});
