import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseChaosArgs, USAGE } from "./run-args.js";
import { ROOT } from "./support.js";

/** `test/chaos/run.ts` as a process: its exit code and output, awaited by the 'close' event. */
function runner(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "test", "chaos", "run.ts"), ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

describe("the chaos runner's command line", () => {
  it("--help (and -h) is the usage, naming every flag", () => {
    expect(parseChaosArgs(["--help"])).toEqual({ kind: "help" });
    expect(parseChaosArgs(["--seed", "3", "-h"])).toEqual({ kind: "help" });
    for (const flag of ["--seed", "--rounds", "--full", "--only", "--cursors", "--help"]) expect(USAGE).toContain(flag);
  });

  it("reads each flag into the run's options", () => {
    expect(parseChaosArgs(["--seed", "64", "--rounds=2", "--full", "--only", "rounds", "--cursors", "sequence"])).toEqual({
      kind: "run",
      seed: 64,
      rounds: 2,
      full: true,
      only: "rounds",
      offsetCursors: false,
    });
    expect(parseChaosArgs([])).toEqual({ kind: "run", full: false });
  });

  it.each([
    [["--bogus"], 'unknown flag "--bogus"'],
    [["-x"], 'unknown flag "-x"'],
    [["stray"], 'unexpected argument "stray"'],
    [["--seed", "x"], '--seed must be a whole number, got "x"'],
    [["--rounds=-1"], "--rounds must be a whole number"],
    [["--rounds", ""], "--rounds must be a whole number"],
    [["--cursors", "both"], '--cursors must be sequence or offset, got "both"'],
    [["--seed"], "--seed"],
  ])("%j is an error naming the flag, pointing to --help", (argv, text) => {
    const parsed = parseChaosArgs(argv);
    expect(parsed.kind).toBe("error");
    expect(parsed.kind === "error" && parsed.message).toContain(text);
    expect(parsed.kind === "error" && parsed.message).toMatch(/\(see --help\)$/);
  });

  it("as a process: --help prints the usage and exits 0; an unknown flag exits 1 with one line, no stack", async () => {
    const help = await runner(["--help"]);
    expect(help).toMatchObject({ code: 0, stdout: USAGE, stderr: "" });
    const bad = await runner(["--seeds", "4"]);
    expect(bad).toMatchObject({ code: 1, stdout: "", stderr: 'chaos: unknown flag "--seeds" (see --help)\n' });
    const none = await runner(["--only", "no such scenario"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^chaos: --only "no such scenario" names no scenario; the scenarios: "1 randomized rounds"/);
  }, 120_000);
});
