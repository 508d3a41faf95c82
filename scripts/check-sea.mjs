#!/usr/bin/env node
// `npm run check:sea` (.ci/run runs it after `npm run sea`): the single executable (scripts/sea.mjs) run
// as a machine without Node runs it: PATH holds git alone (plan reads the commit), HOME is empty, the
// working folder is a copy of examples/ outside the checkout. It must print the package's version,
// validate examples/, serve the emulator seeded from examples/emulator.yaml (the request schemas are
// assets), plan staging against it (the plan names every kind of change examples/emulator.yaml
// describes), and init a new project (the CI examples and schemas are assets). `--bin FILE` checks
// another executable. Each failure says what ran and what it printed; exit 1.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultOutput } from "./sea.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--bin");
// Absolute: each run has its own working folder, where a relative path would name nothing.
const bin = resolve(at > 0 ? process.argv[at + 1] : defaultOutput());
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));

class CheckFailed extends Error {}

/** A folder on PATH with git alone: node, npm and the checkout's tools are not reachable. */
function gitOnlyPath(dir) {
  const which = spawnSync(process.platform === "win32" ? "where" : "which", ["git"], { encoding: "utf8" });
  const git = which.stdout.split(/\r?\n/)[0];
  if (which.status !== 0 || !git) throw new CheckFailed("git is not on PATH: plan reads the desired state's commit with it");
  if (process.platform === "win32") return dirname(git); // no symbolic links without privileges; git's folder has no node
  const folder = join(dir, "path");
  mkdirSync(folder);
  symlinkSync(git, join(folder, "git"));
  return folder;
}

function expect(ok, what, run) {
  if (ok) return;
  const output = run
    ? `\n  exit ${run.status}${run.error ? ` (${run.error.message})` : ""}\n  stdout: ${run.stdout}\n  stderr: ${run.stderr}`
    : "";
  throw new CheckFailed(`check-sea: ${what}${output}`);
}

async function startEmulator(env, cwd) {
  const child = spawn(bin, ["emulator", "--port", "0", "--config", "emulator.yaml"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk) => (err += chunk));
  child.stdout.setEncoding("utf8");
  const url = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new CheckFailed(`check-sea: the emulator exited (${code}) before it listened\n  ${out}${err}`)));
  });
  return { url, stop: async () => (child.kill("SIGTERM"), child.exitCode === null && (await once(child, "exit"))) };
}

async function check(dir) {
  const examples = join(dir, "examples");
  cpSync(join(ROOT, "examples"), examples, { recursive: true });
  const env = { PATH: gitOnlyPath(dir), HOME: dir, TRANSYNC_LOG_LEVEL: "warn", TRANSYNC_CACHE_DIR: join(dir, "cache") };
  // Windows itself needs these (sockets, the temporary folder) in any process.
  if (process.platform === "win32") for (const name of ["SystemRoot", "TEMP", "TMP"]) env[name] = process.env[name];
  const run = (args, cwd, extra = {}) => spawnSync(bin, args, { cwd, env: { ...env, ...extra }, encoding: "utf8" });

  const shown = run(["--version"], dir);
  expect(shown.status === 0 && shown.stdout.trim() === version, `--version is not ${version}`, shown);

  const validate = run(["validate"], examples);
  expect(validate.status === 0 && /\b0 errors\b/.test(validate.stdout), "validate failed on examples/", validate);

  const emulator = await startEmulator(env, examples);
  try {
    // As the demo does (scripts/demo.mjs): the URL comes from outside the repository, and staging's apiUrl is allowed.
    const api = {
      SEGMENT_API_URL: emulator.url,
      TRANSYNC_ALLOW_API_HOSTS: "127.0.0.1:4010",
      SEGMENT_API_TOKEN_STAGING: "demo-token-staging",
    };
    const plan = run(["plan", "--env", "staging", "--prune", "--format", "json", "--detailed-exitcode"], examples, api);
    expect(plan.status === 2, "plan --env staging against the emulator did not exit 2 (changes)", plan);
    const { transyncVersion, summary } = JSON.parse(plan.stdout);
    const kinds = ["create", "update", "delete", "unchanged"].filter((kind) => summary[kind] > 0);
    expect(transyncVersion === version && kinds.length === 4, `the plan is not examples/emulator.yaml's: ${JSON.stringify(summary)}`);
  } finally {
    await emulator.stop();
  }

  const project = join(dir, "new-project");
  mkdirSync(project);
  const init = run(["init", "--ci", "github"], project);
  expect(init.status === 0, "init --ci github failed", init);
  for (const file of [".github/workflows/transync-pr.yml", ".transync/schemas/transync.schema.json"])
    expect(existsSync(join(project, file)), `init did not write ${file}`);
  const fresh = run(["validate"], project);
  expect(fresh.status === 0, "validate failed in the project init wrote", fresh);
}

if (!existsSync(bin)) {
  console.error(`check-sea: ${bin} does not exist: run npm run sea first.`);
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), "transync-sea-"));
try {
  await check(dir);
  console.log(`check-sea: ${bin} ran --version, validate, the emulator, plan and init.`);
} catch (error) {
  if (!(error instanceof CheckFailed)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
