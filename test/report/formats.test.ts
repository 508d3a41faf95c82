import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../src/cli/program.js";
import { FORMATS, defaultFormat, type Format } from "../../src/report/formats.js";
import { PLAN_RENDERERS } from "../../src/report/plan-formats.js";
import { createLogger } from "../../src/log.js";
import { SecretRegistry } from "../../src/secrets/redact.js";
import type { CliContext } from "../../src/pipeline/context.js";

function program(): Command {
  const ignore = { write: () => true };
  const ctx: CliContext = {
    stdout: ignore,
    stderr: ignore,
    env: {},
    cwd: process.cwd(),
    logger: createLogger({ level: "silent", destination: ignore }),
    signal: new AbortController().signal,
    color: false,
    secrets: new SecretRegistry(),
  };
  return buildProgram(ctx, { exitCode: 0 });
}

/** `--format`'s choices and default of every command that has one. */
function formatOptions(): Record<string, { choices: readonly string[] | undefined; default: unknown }> {
  const found: Record<string, { choices: readonly string[] | undefined; default: unknown }> = {};
  for (const command of program().commands) {
    const option = command.options.find((o) => o.long === "--format");
    if (option) found[command.name()] = { choices: option.argChoices, default: option.defaultValue };
  }
  return found;
}

describe("one table of output formats (src/report/formats.ts)", () => {
  it("the CLI's --format choices equal the table for every command, and only those commands have --format", () => {
    const expected = Object.fromEntries(
      Object.entries(FORMATS).map(([name, formats]) => [name, { choices: [...formats], default: formats[0] }]),
    );
    expect(formatOptions()).toEqual(expected);
  });

  it("the default format is the table's first entry", () => {
    expect(defaultFormat("test")).toBe("text");
    expect(formatOptions().plan?.default).toBe(FORMATS.plan[0]);
  });

  it("a renderer table missing a format, or looking up one the table lacks, does not compile", () => {
    // @ts-expect-error junit has no renderer here: the table of `test` has three formats
    const missing: Record<Format<"test">, () => string> = { text: () => "", json: () => "" };
    // @ts-expect-error `plan` has no yaml format
    const unknown = PLAN_RENDERERS["yaml"];
    expect([Object.keys(missing), unknown]).toEqual([["text", "json"], undefined]);
  });
});
