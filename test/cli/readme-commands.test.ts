import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands.js";
import { FORMATS } from "../../src/report/formats.js";
import { completionSpec } from "../../src/cli/completion.js";
import { quietProgram } from "../helpers/program.js";
import { API_FLAGS, PLAN_FLAGS, SOURCE_FLAGS } from "../../src/cli/shared-flags.js";

/**
 * README's "## Commands" is written by hand; this holds it to the declarations (src/cli/commands.ts):
 * a section per command, each command's flags named in its own section, and no flag named that no
 * command declares (a renamed or removed one).
 */

function commandsSection(): string {
  const readme = readFileSync("README.md", "utf8");
  const start = readme.indexOf("\n## Commands\n");
  expect(start, "README has ## Commands").toBeGreaterThan(0);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe("README's ## Commands and the declarations", () => {
  it("has one `### transync NAME` section per declared command, and none for another", () => {
    const headings = [...commandsSection().matchAll(/^### `transync ([a-z]+)\b/gm)].map((m) => m[1]);
    expect([...headings].sort()).toEqual(COMMANDS.map((c) => c.name).sort());
  });

  it("names every flag of every command, and no flag that no command declares", () => {
    const spec = completionSpec(quietProgram(".").program);
    const declared = new Set([...spec.globalFlags, ...spec.commands.flatMap((c) => c.flags)].map((f) => f.long));
    const named = new Set([...commandsSection().matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((m) => m[0]));
    expect([...declared].filter((flag) => !named.has(flag))).toEqual([]);
    expect([...named].filter((flag) => !declared.has(flag))).toEqual([]);
    expect(named.size).toBeGreaterThan(40);
  });

  it("names each command's flags in its own section, or the shared group they come from in words it uses", () => {
    const spec = completionSpec(quietProgram(".").program);
    const sections = commandsSection().split(/^### /m);
    const longs = (group: Record<string, { toOptions(): Array<{ long?: string }> }>): string[] =>
      Object.values(group).flatMap((f) => f.toOptions().map((o) => o.long!));
    const plan = spec.commands.find((c) => c.name === "plan")!.flags.map((f) => f.long);
    // The sentences by which a section takes a group of flags it does not list one by one.
    const groups: Array<[RegExp, string[]]> = [
      [/every flag of `plan` except `--out`\/`--detailed-exitcode`\/`--events`\/`--volumes`/, plan],
      [/plus the source, API and plan flags/, [...longs(SOURCE_FLAGS), ...longs(API_FLAGS), ...longs(PLAN_FLAGS)]],
      [/takes plan's API flags/, longs(API_FLAGS)],
    ];
    const global = new Set(spec.globalFlags.map((f) => f.long));
    for (const command of spec.commands) {
      const section = sections.find((s) => s.startsWith(`\`transync ${command.name}`)) ?? "";
      const covered = new Set([...section.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((m) => m[0]));
      for (const [sentence, flags] of groups) if (sentence.test(section)) flags.forEach((f) => covered.add(f));
      const unnamed = command.flags.map((f) => f.long).filter((f) => !covered.has(f) && !global.has(f));
      expect(unnamed, `README's section of ${command.name}`).toEqual([]);
    }
  });

  it("each command's `--format` row lists exactly its formats (src/report/formats.ts), the default first", () => {
    const sections = commandsSection().split(/^### /m);
    for (const [command, formats] of Object.entries(FORMATS)) {
      const section = sections.find((s) => s.startsWith(`\`transync ${command}`))!;
      expect(section, command).toContain(`| \`--format ${formats.join("\\|")}\` |`);
    }
  });
});
