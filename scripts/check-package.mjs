#!/usr/bin/env node
// The package as a user gets it: `npm pack`, the tarball installed with `npm install --global` into
// an empty prefix, and every command run from a folder outside the checkout (.ci/run runs this after
// `npm test`, on the machine's Node and on Node 22). The package is the committed bundle (dist/bundle/,
// `npm run bundle`): it must install with no dependencies and no install script. Exit 1 on the first miss.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const checkout = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(checkout, "package.json"), "utf8"));
const scratch = mkdtempSync(join(tmpdir(), "transync-package-"));
const started = Date.now();

/** What the package must hold for every command to run (the rest is checked by running them). */
const REQUIRED = [
  "package.json",
  "dist/bundle/transync.mjs",
  "dist/bundle/action.mjs",
  "dist/bundle/check-worker.mjs",
  "schemas/transformation.schema.json",
  "schemas/transync.schema.json",
  "schemas/transformation-test.schema.json",
  "schemas/plan.schema.json",
  "examples/ci/github/transync-pr.yml",
  "examples/ci/gitlab/.gitlab-ci.yml",
  // Help and messages name docs/*.md (test/cli/help-links.test.ts checks each one help names).
  "docs/simulator.md",
];

function fail(message) {
  console.error(`check-package: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

function step(name) {
  console.log(`check-package: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Runs `file args` in `cwd` with a clean environment: no token of the machine, no NODE_PATH. */
function run(file, args, cwd, extraEnv = {}) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TRANSYNC_LOG_LEVEL: "warn",
    TRANSYNC_CACHE_DIR: join(scratch, "cache"),
    ...extraEnv,
  };
  try {
    return execFileSync(file, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    fail(`${relative(scratch, file) || file} ${args.join(" ")} exited ${error.status}:\n${error.stdout}${error.stderr}`);
  }
}

function pack() {
  step("npm pack");
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", scratch], { cwd: checkout, encoding: "utf8" }),
  );
  const files = new Set(packed.files.map((f) => f.path));
  const missing = REQUIRED.filter((f) => !files.has(f));
  if (missing.length > 0) fail(`the package lacks ${missing.join(", ")} (package.json "files")`);
  if ([...files].some((f) => f.startsWith("src/") || f.startsWith("test/"))) fail("the package holds sources or tests");
  const scripts = Object.keys(pkg.scripts ?? {}).filter((name) => /^(pre|post)?(install|prepare)$/.test(name));
  if (Object.keys(pkg.dependencies ?? {}).length > 0 || scripts.length > 0)
    fail(`the package must install nothing and run nothing at install (the bundle inlines its dependencies): ${scripts.join(", ")}`);
  return join(scratch, packed.filename);
}

function install(tarball) {
  step("npm install --global into an empty prefix");
  const prefix = join(scratch, "prefix");
  execFileSync("npm", ["install", "--global", "--prefix", prefix, "--no-audit", "--no-fund", "--prefer-offline", tarball], {
    cwd: scratch,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const bin = join(prefix, "bin", "transync");
  if (!existsSync(bin)) fail(`no ${bin} after the install (package.json "bin")`);
  return bin;
}

/** Starts the installed emulator on a free port; resolves with its URL and a stop function. */
function startEmulator(bin, cwd) {
  const child = spawn(bin, ["emulator", "--port", "0"], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TRANSYNC_LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.on("exit", (code) => reject(new Error(`the emulator exited ${code} before listening`)));
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const url = /listening on (\S+)/.exec(out)?.[1];
      if (url)
        resolve({
          url,
          stop: () => new Promise((done) => (child.removeAllListeners("exit"), child.on("exit", done), child.kill("SIGTERM"))),
        });
    });
  });
}

async function main() {
  step(`node ${process.version}`);
  const bin = install(pack());
  const project = join(scratch, "project");
  execFileSync("mkdir", ["-p", project]);
  step(`commands in ${project}`);
  const version = run(bin, ["--version"], project).trim();
  if (version !== pkg.version) fail(`--version printed "${version}", package.json says ${pkg.version}`);
  run(bin, ["init", "--ci", "github"], project);
  run(bin, ["validate"], project);
  run(bin, ["test"], project);
  if (!run(bin, ["completion", "bash"], project).includes("complete -o default -F _transync transync"))
    fail("completion bash printed no completion function");
  const emulator = await startEmulator(bin, project);
  try {
    // init's transync.yaml: environment production, whose plan reads the read token (planTokenEnv).
    const readToken = { SEGMENT_API_TOKEN_PRODUCTION_READ: "local-token" };
    const plan = JSON.parse(run(bin, ["plan", "--format", "json", "--api-url", emulator.url], project, readToken));
    if (plan.summary.create !== 1) fail(`plan against the emulator: expected 1 create, got ${JSON.stringify(plan.summary)}`);
  } finally {
    const code = await emulator.stop();
    if (code !== 0) fail(`the emulator exited ${code} on SIGTERM`);
  }
  step("done");
}

try {
  await main();
} catch (error) {
  if (process.exitCode !== 1) {
    console.error(error);
    process.exitCode = 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
