import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands.js";
import { completionSpec } from "../../src/cli/completion.js";
import { defineCommand, type CommandDeclaration } from "../../src/cli/define.js";
import type { CliContext } from "../../src/pipeline/context.js";
import { quietProgram } from "../helpers/program.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * A command exists only through `COMMANDS` (src/cli/commands.ts): the program, help, completion and
 * the flag tests read that list. So a command declared but left out of it (or a command file that no
 * declaration loads) must fail here, not ship as a command that silently does not exist.
 */

const isDeclaration = (value: unknown): value is CommandDeclaration =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as CommandDeclaration).name === "string" &&
  typeof (value as CommandDeclaration).run === "function" &&
  typeof (value as CommandDeclaration).flags === "object";

const tsFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));

/** The files of src/ reached from `start` by imports, static or lazy (`import("../commands/x.js")`). */
function reachedFrom(start: string): Set<string> {
  const reached = new Set<string>();
  const visit = (file: string): void => {
    if (reached.has(file)) return;
    reached.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:from\s+|import\()\s*"(\.{1,2}\/[^"]+)\.js"/g)) {
      const target = `${resolve(dirname(file), m[1]!)}.ts`;
      if (existsSync(target)) visit(target);
    }
  };
  visit(resolve(start));
  return new Set([...reached].map((f) => relative(process.cwd(), f)));
}

describe("every command is registered in COMMANDS (src/cli/commands.ts)", () => {
  it("every declaration exported by a file of src/cli/ is in COMMANDS, declared in the file of its name", async () => {
    const unregistered: string[] = [];
    const misplaced: string[] = [];
    for (const file of tsFiles("src/cli")) {
      const module = (await import(`../../${file}`)) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(module)) {
        if (!isDeclaration(value)) continue;
        if (!COMMANDS.includes(value)) unregistered.push(`${file}: ${exported}`);
        if (file !== join("src", "cli", `${value.name}.ts`)) misplaced.push(`${value.name} in ${file}`);
      }
    }
    expect(unregistered).toEqual([]);
    expect(misplaced).toEqual([]);
    expect(new Set(COMMANDS.map((c) => c.name)).size).toBe(COMMANDS.length);
  });

  it("every file of src/cli/ and src/commands/ is reached from the program, through the declarations' imports", () => {
    const reached = reachedFrom("src/cli/program.ts");
    const unreached = [...tsFiles("src/cli"), ...tsFiles("src/commands")].filter((f) => !reached.has(f));
    expect(unreached).toEqual([]);
    // Each command's own file is there: src/commands/<name>.ts for every declared name.
    for (const { name } of COMMANDS) expect(existsSync(join("src", "commands", `${name}.ts`)), name).toBe(true);
  });

  it("the program's commands, help's list and completion's are exactly COMMANDS, in its order", async () => {
    const names = COMMANDS.map((c) => c.name);
    const { program } = quietProgram(".");
    expect(program.commands.map((c) => c.name())).toEqual(names);
    // commander's own `help [command]` comes last, in help and in completion.
    expect(completionSpec(program).commands.map((c) => c.name)).toEqual([...names, "help"]);
    const help = await runCli(["--help"]);
    const listed = help.stdout.slice(help.stdout.indexOf("Commands:"), help.stdout.indexOf("Example"));
    expect([...listed.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1])).toEqual([...names, "help"]);
  });

  it("help's tables (src/cli/help.ts) name no command by hand: each row's commands come from the declarations", () => {
    const text = readFileSync("src/cli/help.ts", "utf8");
    expect(COMMANDS.map((c) => c.name).filter((name) => text.includes(`"${name}"`))).toEqual([]);
  });

  it("a server (ends on a signal) declares what its exit 0 means; a command ending by itself needs no word of its own", () => {
    const servers = COMMANDS.filter((c) => c.ends === "on a signal");
    expect(servers.map((c) => c.name)).toEqual(expect.arrayContaining(["emulator", "reconcile"]));
    for (const server of servers) expect(server.exitCodes[0]?.code, server.name).toBe(0);
    const load = async () => async (_ctx: CliContext, _options: Record<never, never>) => 0;
    const spec = { name: "x", description: "x", flags: {}, load };
    // @ts-expect-error a server must say what its exit 0 on SIGINT/SIGTERM means
    defineCommand({ ...spec, ends: "on a signal" });
    // @ts-expect-error ... and say it first
    defineCommand({ ...spec, ends: "on a signal", exitCodes: [{ code: 1, meaning: "m" }] });
    expect(defineCommand({ ...spec, ends: "on a signal", exitCodes: [{ code: 0, meaning: "stopped" }] }).exitCodes).toHaveLength(1);
  });
});
