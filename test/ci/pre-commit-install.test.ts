import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { git } from "../helpers/git.js";
import { runCli } from "../helpers/run-cli.js";

// pre-commit installs a `language: node` hook's repository from git: the package must install from a
// clone without its devDependencies (the bundle is committed; npm prepares a git dependency, installing
// every devDependency first, when package.json has any of the scripts pacote treats as preparation),
// and each entry of .pre-commit-hooks.yaml must then run from the installed bin. The repository
// installed is this working tree as one commit, as `pre-commit try-repo` does with uncommitted changes.
// The package is the committed bundle (dist/bundle/): what a fresh clone installs.

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
const hooks = parse(readFileSync(join(root, ".pre-commit-hooks.yaml"), "utf8")) as { id: string; entry: string }[];

let dir: string;
let repo: string;
let commit: string;
let sample: string;

/** This working tree (tracked and untracked files, .gitignore applied) as the one commit of a new repository. */
function snapshotRepository(into: string): string {
  mkdirSync(into);
  git(into, "init", "-q");
  git(root, `--git-dir=${join(into, ".git")}`, `--work-tree=${root}`, "add", "-A");
  git(into, "commit", "-q", "-m", "the working tree");
  return git(into, "rev-parse", "HEAD");
}

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A process run to its end without blocking the test's worker (an npm install takes a while). */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], shell: process.platform === "win32" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error) => done({ status: null, stdout, stderr: `${stderr}${error.message}` }));
    child.once("close", (status) => done({ status, stdout, stderr }));
  });
}
const shown = (r: Ran): string => `exit ${r.status}\n${r.stdout}${r.stderr}`;

/** What pre-commit does to run a hook (pass_filenames: false): its entry split into words, from the repository's root. */
async function runHooks(env: NodeJS.ProcessEnv): Promise<[string, number | null][]> {
  const results: [string, number | null][] = [];
  for (const hook of hooks) {
    const [command, ...args] = hook.entry.split(" ");
    const result = await run(command!, args, sample, env);
    expect(result.status, `${hook.id}: ${shown(result)}`).toBe(0);
    results.push([hook.id, result.status]);
  }
  return results;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "transync-git-install-"));
  repo = join(dir, "repo");
  commit = snapshotRepository(repo);
  sample = join(dir, "sample");
  mkdirSync(sample);
  git(sample, "init", "-q");
  expect((await runCli(["init"], { cwd: sample })).code).toBe(0);
  git(sample, "add", "-A");
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Only the machine's PATH and HOME: no npm configuration of the developer's reaches the install. */
function baseEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, TRANSYNC_LOG_LEVEL: "warn" };
  if (process.platform === "win32") env.SystemRoot = process.env.SystemRoot;
  return env;
}

describe("installed from git, as pre-commit and `npm install -g git+file://` install it", { timeout: 300_000 }, () => {
  it("npm install -g git+file://REPO#COMMIT into an empty prefix needs nothing from the registry, and the hooks run", async () => {
    const prefix = join(dir, "git-prefix");
    const home = join(dir, "git-home");
    mkdirSync(home);
    // An empty npm cache and --offline: a devDependency npm wanted (to prepare the git dependency) fails the install.
    const env = { ...baseEnv(home), npm_config_cache: join(dir, "empty-npm-cache"), npm_config_offline: "true" };
    const url = `git+file://${repo.split("\\").join("/")}#${commit}`;
    const install = await run("npm", ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", url], dir, env);
    expect(install.status, shown(install)).toBe(0);
    // npm can report success with an empty package folder (a failed preparation, then TAR_ENTRY_ERROR warnings).
    const installed = join(
      prefix,
      ...(process.platform === "win32" ? [] : ["lib"]),
      "node_modules",
      "transync",
      "dist",
      "bundle",
      "transync.mjs",
    );
    expect(existsSync(installed), `the package's bin is not installed: ${shown(install)}`).toBe(true);
    const bin = process.platform === "win32" ? prefix : join(prefix, "bin");
    const hookEnv = { ...baseEnv(home), PATH: `${bin}${delimiter}${process.env.PATH}` };
    const shownVersion = await run("transync", ["--version"], sample, hookEnv);
    expect([shownVersion.status, shownVersion.stdout.trim()], shown(shownVersion)).toEqual([0, version]);
    expect(await runHooks(hookEnv)).toEqual(hooks.map((h) => [h.id, 0]));
  });

  it("pre-commit's language: node install (pre-commit 4.6: pre_commit/languages/node.py), then each hook's entry", async () => {
    // pre-commit's clone of the hook repository at its rev (store.py: init, fetch the rev shallow, check it out).
    const clone = join(dir, "pre-commit-clone");
    mkdirSync(clone);
    git(clone, "init", "-q");
    git(clone, "remote", "add", "origin", repo);
    git(clone, "-c", "protocol.version=2", "fetch", "-q", "origin", commit, "--depth=1");
    git(clone, "checkout", "-q", "FETCH_HEAD");
    // Its node environment (nodeenv -n system: the machine's node and npm) and the variables in_env sets
    // over the user's environment.
    const envdir = join(dir, "node_env-system");
    mkdirSync(join(envdir, "bin"), { recursive: true });
    const { NPM_CONFIG_USERCONFIG: _u, npm_config_userconfig: _v, ...user } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...user,
      TRANSYNC_LOG_LEVEL: "warn",
      NODE_VIRTUAL_ENV: envdir,
      NPM_CONFIG_PREFIX: envdir,
      npm_config_prefix: envdir,
      NODE_PATH: join(envdir, "lib", "node_modules"),
      PATH: `${join(envdir, "bin")}${delimiter}${process.env.PATH}`,
    };
    // install_environment: the clone installed from git into the environment's prefix.
    const url = `git+file://${clone.split("\\").join("/")}`;
    const install = await run("npm", ["install", "--allow-git=root", "--install-links", "-g", url], clone, env);
    expect(install.status, shown(install)).toBe(0);
    expect(await runHooks(env)).toEqual(hooks.map((h) => [h.id, 0]));
  });
});
