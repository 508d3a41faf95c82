import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Command, Option } from "commander";
import { buildProgram } from "../../src/cli.js";
import { ENVIRONMENT_VARIABLES } from "../../src/cli/help.js";
import { COMMANDS } from "../../src/cli/commands.js";
import { resolveApiSettings } from "../../src/live/settings.js";
import { silentLogger } from "../../src/log.js";
import { SecretRegistry } from "../../src/secrets/redact.js";
import { runCli } from "../helpers/run-cli.js";

function program(): Command {
  const ctx = {
    stdout: { write: () => true },
    stderr: { write: () => true },
    env: {},
    cwd: ".",
    logger: silentLogger(),
    signal: new AbortController().signal,
    color: false,
    secrets: new SecretRegistry(),
  };
  return buildProgram(ctx, { exitCode: 0 });
}

const commands = program().commands.filter((c) => c.name() !== "help");
const long = (command: Command, flag: string): Option => command.options.find((o) => o.long === flag)!;

async function help(name: string): Promise<string> {
  const run = await runCli([name, "--help"]);
  expect(run.code).toBe(0);
  return run.stdout;
}

/** Every variable name the source reads: `env.NAME`, `env["NAME"]`, and the names kept in constants. */
function variablesReadBySource(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      // src/action is the GitHub Action, no command: the runner's variables it reads are action.yml's (README, "GitHub Action").
      if (entry.isDirectory()) {
        if (path !== join("src", "action")) walk(path);
      } else if (path.endsWith(".ts") && !path.endsWith(".generated.ts")) {
        const text = readFileSync(path, "utf8");
        for (const m of text.matchAll(/\benv(?:\.|\[")([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
        // A name ending in "_" is the prefix of a family of variables (TRANSYNC_KEY_*), documented as such.
        for (const m of text.matchAll(/"((?:SEGMENT|TRANSYNC|GITHUB)_[A-Z0-9_]+)"/g)) names.add(m[1]!.endsWith("_") ? `${m[1]!}*` : m[1]!);
      }
    }
  };
  walk("src");
  return names;
}

describe("--help", () => {
  it("shows the default of every flag that takes a value, in every command", () => {
    const missing: string[] = [];
    for (const command of [program(), ...commands]) {
      const helper = command.createHelp();
      for (const option of command.options) {
        if (!(option.required || option.optional) || option.mandatory) continue;
        if (!/\bdefault: /.test(helper.optionDescription(option))) missing.push(`${command.name()} ${option.flags}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("says (required) for every flag a command cannot run without (simulate --source)", async () => {
    const mandatory = commands.flatMap((c) => c.options.filter((o) => o.mandatory).map((o) => `${c.name()} ${o.long}`));
    expect(mandatory).toEqual(expect.arrayContaining(["simulate --source"]));
    for (const command of commands) {
      const helper = command.createHelp();
      for (const option of command.options.filter((o) => o.mandatory))
        expect(helper.optionDescription(option), option.long).toMatch(/\(required\)$/);
    }
    expect((await help("simulate")).replace(/\s+/g, " ")).toMatch(/--source <id> source the event comes from: .*? \(required\)/);
  });

  it("shows the API client's real defaults for --rate, --max-retries, --retry-budget and --timeout", async () => {
    const settings = resolveApiSettings({ flags: {}, env: { SEGMENT_API_TOKEN: "t" } });
    const text = (await help("plan")).replace(/\s+/g, " ");
    // No client rate by default: --rate is only a ceiling, the pace follows the server (docs/pacing.md).
    expect(settings.rate).toBeUndefined();
    expect(text).toContain("(docs/pacing.md) (default: none)");
    expect(text).toContain(`network errors (default: ${settings.maxRetries})`);
    expect(text).toContain(`waiting for retries (default: ${settings.retryBudgetMs / 1000})`);
    expect(text).toContain(`reply included (default: ${settings.timeoutMs / 1000})`);
  });

  it("lists every environment variable the code reads, under each command that reads it", async () => {
    const documented = new Set(ENVIRONMENT_VARIABLES.map((v) => v.name));
    expect([...variablesReadBySource()].filter((name) => !documented.has(name))).toEqual([]);
    for (const command of commands) {
      const text = await help(command.name());
      const listed = text.slice(text.indexOf("Environment variables:"));
      for (const v of ENVIRONMENT_VARIABLES) {
        const reads = v.commands === "all" || v.commands.includes(command.name());
        expect(listed.includes(`  ${v.name} `), `${command.name()} --help and ${v.name}`).toBe(reads);
      }
      // The variables follow the flags: an API command names the token, a --repo command the cache.
      if (long(command, "--rate")) expect(listed).toMatch(/SEGMENT_API_TOKEN[\s\S]*SEGMENT_API_URL[\s\S]*TRANSYNC_ALLOW_API_HOSTS/);
      if (long(command, "--repo")) expect(listed).toContain("TRANSYNC_CACHE_DIR");
    }
  });

  it("lists the exit codes of every command; 2 only where --detailed-exitcode exists or the command declares it (drift)", async () => {
    for (const command of commands) {
      const text = await help(command.name());
      const codes = [...text.slice(text.indexOf("Exit codes:")).matchAll(/^ {2}(\d+) /gm)].map((m) => Number(m[1]));
      if (["emulator", "reconcile"].includes(command.name())) {
        // Servers end on SIGINT/SIGTERM with 0 (test/cli/process-end.test.ts): help must not promise 130.
        expect(codes.includes(130), command.name()).toBe(false);
        expect(text).toMatch(/ {2}0 {4}stopped by SIGINT\/SIGTERM/);
        continue;
      }
      const declaresTwo = COMMANDS.find((c) => c.name === command.name())?.exitCodes.some((e) => e.code === 2) ?? false;
      expect(codes, command.name()).toEqual(long(command, "--detailed-exitcode") || declaresTwo ? [0, 1, 2, 130] : [0, 1, 130]);
    }
  });

  it("ends `transync --help` with a short example", async () => {
    const run = await runCli(["--help"]);
    const tail = run.stdout.trimEnd().split("\n").slice(-4);
    expect(tail[0]).toMatch(/^Example/);
    expect(tail.join("\n")).toMatch(/transync plan[\s\S]*transync apply/);
  });
});
