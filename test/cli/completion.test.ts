import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
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
  // `transync` as the scripts call it at TAB time: the source through tsx (an absolute loader path).
  const root = join(import.meta.dirname, "..", "..");
  const loader = pathToFileURL(join(root, "node_modules", "tsx", "dist", "loader.mjs")).href;
  mkdirSync(join(dir, "bin"));
  const bin = join(dir, "bin", "transync");
  writeFileSync(bin, `#!/bin/sh\nexec '${process.execPath}' --import '${loader}' '${join(root, "src", "bin.ts")}' "$@"\n`);
  chmodSync(bin, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What bash's completion offers for the words typed (the last one being completed), in `cwd`, with `transync` on PATH. */
function complete(...words: string[]): string[] {
  return completeIn(dir, ...words);
}

function completeIn(cwd: string, ...words: string[]): string[] {
  const array = words.map((w) => `'${w}'`).join(" ");
  const script = `source '${scripts.bash}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _transync; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const env = { ...process.env, PATH: `${join(dir, "bin")}:${process.env.PATH}` };
  return execFileSync("bash", ["-c", script], { cwd, env, encoding: "utf8" })
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

// transync.yaml comes from a pull request: its environment names must never run in the shell that completes them.
const HOSTILE_PROJECT = `environments:
  staging: {}
  prod-eu.1: {}
  "$(touch pwned-dollar)": {}
  "\`touch pwned-backtick\`": {}
  "q'; touch pwned-quote; '": {}
  "a\\nb": {}
  "x y": {}
  "-rf": {}
`;

describe("--env <TAB>: the environment names of ./transync.yaml", () => {
  let project: string;
  beforeAll(() => {
    project = join(dir, "project");
    mkdirSync(project);
    writeFileSync(join(project, "transync.yaml"), HOSTILE_PROJECT);
  });

  it("--list-environments prints only the names the schema allows, one a line", async () => {
    const result = await runCli(["completion", "bash", "--list-environments"], { cwd: project });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("staging\nprod-eu.1\n");
  });

  it("no transync.yaml, or one that does not parse: nothing, exit 0", async () => {
    expect(await runCli(["completion", "bash", "--list-environments"], { cwd: dir })).toMatchObject({ code: 0, stdout: "" });
    const broken = join(dir, "broken");
    mkdirSync(broken);
    writeFileSync(join(broken, "transync.yaml"), "environments: [unclosed\n  : {");
    expect(await runCli(["completion", "bash", "--list-environments"], { cwd: broken })).toMatchObject({ code: 0, stdout: "" });
  });

  it("bash completes the valid names after every command's --env, and no name runs", () => {
    const spec = completionSpec(quietProgram(process.cwd()).program);
    const withEnv = spec.commands.filter((c) => c.flags.some((f) => f.long === "--env")).map((c) => c.name);
    expect(withEnv).toEqual(expect.arrayContaining(["validate", "plan", "apply", "status", "import", "test"]));
    expect(completeIn(project, "transync", "plan", "--env", "")).toEqual(["staging", "prod-eu.1"]);
    expect(completeIn(project, "transync", "apply", "--env", "pr")).toEqual(["prod-eu.1"]);
    expect(completeIn(project, "transync", "status", "--env", "$")).toEqual([]);
    expect(readdirSync(project).sort()).toEqual(["transync.yaml"]);
    expect(existsSync(join(dir, "pwned-dollar"))).toBe(false);
  });

  it("every script completes --env through the program, and zsh and fish filter its lines too", () => {
    for (const shell of ["bash", "zsh", "fish"]) {
      const text = execFileSync("cat", [scripts[shell]!], { encoding: "utf8" });
      expect(text, shell).toContain(`transync completion ${shell} --list-environments`);
      expect(text, shell).toContain("^[A-Za-z0-9][A-Za-z0-9_.-]*$");
    }
  });

  it("`transync completion <TAB>` completes the shells", () => {
    expect(complete("transync", "completion", "")).toEqual(["bash", "zsh", "fish"]);
    expect(complete("transync", "completion", "z")).toEqual(["zsh"]);
  });

  it.runIf(hasShell("fish"))("fish completes the valid names after --env", () => {
    const env = { ...process.env, PATH: `${join(dir, "bin")}:${process.env.PATH}` };
    const out = execFileSync("fish", ["-c", `source '${scripts.fish}'; complete -C 'transync plan --env '`], {
      cwd: project,
      env,
      encoding: "utf8",
    });
    expect(
      out
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => l.split("\t")[0]),
    ).toEqual(["prod-eu.1", "staging"]); // fish sorts its candidates
    const shells = execFileSync("fish", ["-c", `source '${scripts.fish}'; complete -C 'transync completion '`], { encoding: "utf8" });
    expect(shells.split("\n").filter((l) => l !== "")).toEqual(["bash", "fish", "zsh"]);
    expect(readdirSync(project).sort()).toEqual(["transync.yaml"]);
  });
});

describe("the scripts' own filter: a program that printed hostile lines still runs nothing", () => {
  // A stand-in `transync` that prints what an unfiltered reader of transync.yaml would.
  let stubDir: string;
  let work: string;
  beforeAll(() => {
    stubDir = join(dir, "stub-bin");
    work = join(dir, "stub-work");
    mkdirSync(stubDir);
    mkdirSync(work);
    const lines = ["staging", "$(touch pwned-dollar)", "`touch pwned-backtick`", "a'b\"c", "x y", "prod"];
    writeFileSync(join(stubDir, "transync"), `#!/bin/sh\ncat <<'EOF'\n${lines.join("\n")}\nEOF\n`);
    chmodSync(join(stubDir, "transync"), 0o755);
  });
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, PATH: `${stubDir}:${process.env.PATH}` });

  it("bash", () => {
    const script = `source '${scripts.bash}'; COMP_WORDS=(transync plan --env ''); COMP_CWORD=3; _transync; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const out = execFileSync("bash", ["-c", script], { cwd: work, env: env(), encoding: "utf8" });
    expect(out.split("\n").filter((l) => l !== "")).toEqual(["staging", "prod"]);
    expect(readdirSync(work)).toEqual([]);
  });

  it.runIf(hasShell("zsh"))("zsh", () => {
    // compadd stands in for zsh's completion system: it prints the words it is given.
    const script = `source '${scripts.zsh}'; compadd() { print -rl -- "\${(@P)2}"; }; __transync_environments`;
    const out = execFileSync("zsh", ["-fc", `autoload -U compinit && compinit -u && ${script}`], {
      cwd: work,
      env: env(),
      encoding: "utf8",
    });
    expect(out.split("\n").filter((l) => l !== "")).toEqual(["staging", "prod"]);
    expect(readdirSync(work).filter((f) => f.startsWith("pwned"))).toEqual([]);
  });

  it.runIf(hasShell("fish"))("fish", () => {
    const out = execFileSync("fish", ["-c", `source '${scripts.fish}'; complete -C 'transync plan --env '`], {
      cwd: work,
      env: env(),
      encoding: "utf8",
    });
    const words = out
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => l.split("\t")[0]);
    expect(words).toEqual(["prod", "staging"]);
    expect(readdirSync(work)).toEqual([]);
  });
});
