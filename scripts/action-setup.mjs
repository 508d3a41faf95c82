#!/usr/bin/env node
// The first step of the GitHub Action (action.yml): chooses the transync that runs and writes the path
// of its Action entry to $GITHUB_OUTPUT as `entry`. `version` empty or `local`: the action's own code
// (the ref of `uses: …@ref`), built in place when it has no dist/ yet. Else that version of the npm
// package, installed into RUNNER_TEMP (never the workspace: nothing a pull request commits, such as
// an .npmrc or a lockfile, chooses the code that runs). Plain JavaScript: it runs before any build.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ENTRY = join("dist", "src", "action", "main.js");
/** An npm version or dist-tag: no range, path, URL or git spec, nothing a shell or npm would read as more. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

function fail(message) {
  // The message is the script's own text (no input is echoed): nothing to escape for the runner.
  process.stdout.write(`::error title=transync::${message}\n`);
  process.exit(1);
}

function setOutput(name, value) {
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

function npm(args, cwd) {
  execFileSync("npm", args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
}

function localEntry() {
  const actionPath = process.env.GITHUB_ACTION_PATH || join(dirname(fileURLToPath(import.meta.url)), "..");
  const entry = join(actionPath, ENTRY);
  // `npm ci` installs the lockfile's dependencies and builds (the `prepare` script).
  if (!existsSync(entry)) npm(["ci", "--no-audit", "--no-fund"], actionPath);
  if (!existsSync(entry))
    fail("the action's own code was built but has no dist/src/action/main.js; use a released ref of the action or set `version`.");
  return entry;
}

function installedEntry(version) {
  if (!VERSION.test(version))
    fail(
      "the input `version` must be a version of the transync npm package (such as 1.2.3), or empty / `local` for the action's own code.",
    );
  const temp = process.env.RUNNER_TEMP || tmpdir();
  const prefix = join(temp, `transync-${version}`);
  mkdirSync(prefix, { recursive: true });
  npm(["install", "--global", "--prefix", prefix, "--no-audit", "--no-fund", `transync@${version}`], temp);
  const entry = join(prefix, "lib", "node_modules", "transync", ENTRY);
  if (!existsSync(entry)) fail("that transync version has no GitHub Action entry (dist/src/action/main.js); use a newer version.");
  return entry;
}

const version = (process.env.INPUT_VERSION ?? "").trim();
setOutput("entry", version === "" || version === "local" ? localEntry() : installedEntry(version));
