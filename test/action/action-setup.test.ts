import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseOutputFile } from "../helpers/github-runner.js";

const SCRIPT = join(import.meta.dirname, "..", "..", "scripts", "action-setup.mjs");
const ENTRY = join("dist", "src", "action", "main.js");

/**
 * A fake `npm` first on PATH: it logs its working directory and arguments, and leaves what a real
 * install or build would leave: the package's Action entry under --prefix, or dist/ in the folder of `npm ci`.
 */
const FAKE_NPM = `#!/bin/sh
printf '%s|%s\\n' "$PWD" "$*" >> "$FAKE_NPM_LOG"
prefix=""; previous=""
for arg in "$@"; do [ "$previous" = "--prefix" ] && prefix="$arg"; previous="$arg"; done
if [ -n "$prefix" ]; then mkdir -p "$prefix/lib/node_modules/transync/dist/src/action" && : > "$prefix/lib/node_modules/transync/${ENTRY}"; fi
if [ "$1" = "ci" ]; then mkdir -p dist/src/action && : > "${ENTRY}"; fi
`;

describe("scripts/action-setup.mjs: which transync the Action runs", () => {
  let dir: string;
  const paths = () => ({
    bin: join(dir, "bin"),
    temp: join(dir, "runner-temp"),
    action: join(dir, "action"),
    log: join(dir, "npm.log"),
    output: join(dir, "output"),
  });
  const setup = (version: string) => {
    const p = paths();
    const env = {
      PATH: `${p.bin}:${process.env.PATH}`,
      INPUT_VERSION: version,
      RUNNER_TEMP: p.temp,
      GITHUB_ACTION_PATH: p.action,
      GITHUB_OUTPUT: p.output,
      FAKE_NPM_LOG: p.log,
    };
    const run = spawnSync(process.execPath, [SCRIPT], { env, encoding: "utf8" });
    const npmCalls = existsSync(p.log) ? readFileSync(p.log, "utf8").trimEnd().split("\n") : [];
    return { code: run.status, stdout: run.stdout, outputs: parseOutputFile(readFileSync(p.output, "utf8")), npmCalls };
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "transync-action-setup-"));
    const p = paths();
    for (const folder of [p.bin, p.temp, p.action]) mkdirSync(folder);
    writeFileSync(join(p.bin, "npm"), FAKE_NPM);
    chmodSync(join(p.bin, "npm"), 0o755);
    writeFileSync(p.output, "");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("version 1.2.3: installs transync@1.2.3 into RUNNER_TEMP, from RUNNER_TEMP, and runs that package's entry", () => {
    const run = setup("1.2.3");
    const prefix = join(paths().temp, "transync-1.2.3");
    expect(run.npmCalls).toEqual([`${paths().temp}|install --global --prefix ${prefix} --no-audit --no-fund transync@1.2.3`]);
    expect([run.code, run.outputs]).toEqual([0, { entry: join(prefix, "lib", "node_modules", "transync", ENTRY) }]);
  });

  it.each(["1.0.0 && touch pwned", "file:../evil", "git+https://evil.example/x.git", "../x", "1.0.0\n::error::forged", "^1.0.0", "-g"])(
    "version %j is refused before npm runs",
    (version) => {
      const run = setup(version);
      expect([run.code, run.npmCalls, run.outputs]).toEqual([1, [], {}]);
      expect(run.stdout).toMatch(/^::error title=transync::the input `version` must be a version of the transync npm package/);
      expect(run.stdout.split("\n").filter((line) => line.startsWith("::"))).toHaveLength(1);
    },
  );

  it("empty or `local`: the action's own code; built with `npm ci` in the action's folder only when it has no dist/", () => {
    const built = setup("");
    expect(built.npmCalls).toEqual([`${paths().action}|ci --no-audit --no-fund`]);
    expect([built.code, built.outputs]).toEqual([0, { entry: join(paths().action, ENTRY) }]);
    rmSync(paths().log);
    writeFileSync(paths().output, "");
    const ready = setup("local");
    expect([ready.code, ready.npmCalls, ready.outputs]).toEqual([0, [], { entry: join(paths().action, ENTRY) }]);
  });
});
