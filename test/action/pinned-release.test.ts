import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runActionStep, type ActionRun } from "../helpers/github-runner.js";

/**
 * A fake `npm` first on PATH: it logs its working directory and arguments, and leaves what a real
 * install would leave under --prefix: a package whose Action entry ($FAKE_ENTRY) prints what it was
 * given and exits 3. FAKE_NPM_EXIT makes the install fail instead.
 */
const FAKE_NPM = `#!/bin/sh
printf '%s|%s\\n' "$PWD" "$*" >> "$FAKE_NPM_LOG"
[ -n "$FAKE_NPM_EXIT" ] && exit "$FAKE_NPM_EXIT"
prefix=""; previous=""
for arg in "$@"; do [ "$previous" = "--prefix" ] && prefix="$arg"; previous="$arg"; done
entry="$prefix/lib/node_modules/transync/$FAKE_ENTRY"
mkdir -p "$(dirname "$entry")"
printf '%s\\n' 'console.log("release entry ran: version=" + JSON.stringify(process.env.INPUT_VERSION) + " command=" + process.env.INPUT_COMMAND); process.exitCode = 3;' > "$entry"
`;

describe("the Action's input `version`: which transync runs the step", { timeout: 60_000 }, () => {
  let dir: string;
  const runs: ActionRun[] = [];
  const log = (): string[] => (existsSync(join(dir, "npm.log")) ? readFileSync(join(dir, "npm.log"), "utf8").trimEnd().split("\n") : []);
  const step = async (version: string, env: Record<string, string> = {}): Promise<ActionRun> => {
    const run = await runActionStep({
      inputs: { command: "validate", version },
      workspace: join(dir, "workspace"),
      env: {
        PATH: `${join(dir, "bin")}:${process.env.PATH}`,
        FAKE_NPM_LOG: join(dir, "npm.log"),
        FAKE_ENTRY: "dist/bundle/action.mjs",
        ...env,
      },
    });
    runs.push(run);
    return run;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "transync-pinned-"));
    mkdirSync(join(dir, "bin"));
    mkdirSync(join(dir, "workspace"));
    writeFileSync(join(dir, "bin", "npm"), FAKE_NPM);
    chmodSync(join(dir, "bin", "npm"), 0o755);
  });
  afterEach(() => {
    for (const run of runs.splice(0)) run.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("1.2.3: installs transync@1.2.3 into RUNNER_TEMP, from there, and runs that release's entry with the same inputs; its exit code is the step's", async () => {
    const run = await step("1.2.3");
    const temp = run.runnerTemp;
    const prefix = join(temp, "transync-1.2.3");
    expect(log()).toEqual([`${temp}|install --global --prefix ${prefix} --no-audit --no-fund transync@1.2.3`]);
    expect(run.stdout).toContain('release entry ran: version="" command=validate');
    expect(run.code).toBe(3);
  });

  it("a 0.1.x release (the composite action's build, no bundle): its dist/src/action/main.js runs", async () => {
    const run = await step("0.1.0", { FAKE_ENTRY: "dist/src/action/main.js" });
    expect([run.code, run.stdout]).toEqual([3, expect.stringContaining("release entry ran")]);
  });

  it("npm fails: the step fails with one error naming the version, and nothing runs", async () => {
    const run = await step("9.9.9", { FAKE_NPM_EXIT: "1" });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error title=transync::npm could not install transync@9\.9\.9 \(exit 1\)/m);
    expect(run.stdout).not.toContain("release entry ran");
  });

  it.each(["1.0.0 && touch pwned", "file:../evil", "git+https://evil.example/x.git", "../x", "1.0.0\n::error::forged", "^1.0.0", "-g"])(
    "version %j is refused before npm runs",
    async (version) => {
      const run = await step(version);
      expect([run.code, log()]).toEqual([1, []]);
      expect(run.stdout).toMatch(/^::error title=transync::the input `version` must be a version of the transync npm package/);
      expect(run.stdout.split("\n").filter((line) => line.startsWith("::"))).toHaveLength(1);
    },
  );

  it.each(["", "local"])("version %j: the action's own code runs, npm never does", async (version) => {
    const run = await step(version);
    expect(log()).toEqual([]);
    expect(run.stdout + run.stderr).not.toContain("release entry ran");
    // The own code ran validate in an empty workspace: no transync.yaml is its own error, not npm's.
    expect(run.outputs.exitcode).toBe("1");
  });
});
