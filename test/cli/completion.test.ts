import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { quietProgram } from "../helpers/program.js";
import { completionSpec } from "../../src/cli/completion.js";

// The scripts are run in the shells they are for: bash always (the test machine has it), zsh and
// fish when installed. Commands and flags come from commander's program, so a new flag completes
// without touching the completion code.

let dir: string;
const scripts: Record<string, string> = {};
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "transync-completion-"));
  for (const shell of ["bash", "zsh", "fish"]) {
    const result = await runCli(["completion", shell]);
    expect(result.code, result.stderr).toBe(0);
    scripts[shell] = join(dir, `transync.${shell}`);
    writeFileSync(scripts[shell], result.stdout);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What bash's completion offers for the words typed (the last one being completed). */
function complete(...words: string[]): string[] {
  const array = words.map((w) => `'${w}'`).join(" ");
  const script = `source '${scripts.bash}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _transync; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync("bash", ["-c", script], { cwd: dir, encoding: "utf8" })
    .split("\n")
    .filter((l) => l !== "");
}

const hasShell = (name: string): boolean => {
  try {
    execFileSync(name, ["-c", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

describe("transync completion bash, sourced in bash", () => {
  it("`transync pl` completes to plan; `transync plan --fo` to --format", () => {
    expect(complete("transync", "pl")).toEqual(["plan"]);
    expect(complete("transync", "plan", "--fo")).toEqual(["--format"]);
  });

  it("a flag's choices after it; global flags before or after the command", () => {
    expect(complete("transync", "plan", "--format", "")).toEqual(["text", "json", "markdown"]);
    expect(complete("transync", "--log-level", "warn", "va")).toEqual(["validate"]);
    expect(complete("transync", "validate", "--log-l")).toEqual(["--log-level"]);
    expect(complete("transync", "validate", "--log-level", "d")).toEqual(["debug"]);
    expect(complete("transync", "completion", "--h")).toEqual(["--help"]);
  });

  it("every command and every flag of the program, read from commander (a new one completes with no edit here)", () => {
    const spec = completionSpec(quietProgram(process.cwd()).program);
    expect(complete("transync", "").sort()).toEqual(spec.commands.map((c) => c.name).sort());
    for (const command of spec.commands) {
      const offered = complete("transync", command.name, "--");
      for (const flag of command.flags) expect(offered, `${command.name} ${flag.long}`).toContain(flag.long);
    }
    expect(spec.commands.find((c) => c.name === "init")?.flags.find((f) => f.long === "--ci")?.choices).toEqual(["github", "gitlab"]);
  });
});

describe("zsh and fish", () => {
  it.runIf(hasShell("zsh"))("the zsh script loads in zsh with compinit", () => {
    execFileSync("zsh", ["-fc", `autoload -U compinit && compinit -u && source '${scripts.zsh}' && (( $+functions[_transync] ))`], {
      cwd: dir,
    });
  });

  it.runIf(hasShell("fish"))("the fish script loads in fish and completes plan", () => {
    const out = execFileSync("fish", ["-c", `source '${scripts.fish}'; complete -C 'transync pl'`], { cwd: dir, encoding: "utf8" });
    expect(out).toMatch(/^plan\t/m);
  });

  it("each script names every command", () => {
    const spec = completionSpec(quietProgram(process.cwd()).program);
    for (const shell of ["zsh", "fish"]) {
      const text = execFileSync("cat", [scripts[shell]!], { encoding: "utf8" });
      for (const command of spec.commands) expect(text, `${shell}: ${command.name}`).toMatch(new RegExp(`\\b${command.name}\\b`));
    }
  });

  it("an unknown shell is a usage error listing the choices", async () => {
    const result = await runCli(["completion", "powershell"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Allowed choices are bash, zsh, fish/);
  });
});
