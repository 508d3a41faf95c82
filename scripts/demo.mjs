#!/usr/bin/env node
// The main job on the embedded emulator: start `transync emulator` seeded from examples/emulator.yaml,
// then validate, plan, apply and plan again over examples/ — what a user sees against a real workspace.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "dist", "src", "bin.js");
const examples = join(root, "examples");
if (!existsSync(bin)) {
  console.error("transync is not built: run `npm ci` (it builds in `prepare`) or `npm run build` first.");
  process.exit(1);
}

const emulator = spawn(process.execPath, [bin, "emulator", "--port", "0", "--config", join(examples, "emulator.yaml")], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, TRANSYNC_LOG_LEVEL: "warn" },
});
const url = await readyUrl(emulator);
// SEGMENT_API_URL comes from outside the repository, so it wins over staging's apiUrl in transync.yaml.
// That apiUrl (127.0.0.1:4010, for `transync emulator` started by hand) is not a Segment host: a URL
// from the project file is used only when allowed from outside, as TRANSYNC_ALLOW_API_HOSTS does here.
const env = {
  ...process.env,
  SEGMENT_API_TOKEN: "demo-token",
  SEGMENT_API_URL: url,
  TRANSYNC_ALLOW_API_HOSTS: "127.0.0.1:4010",
  TRANSYNC_LOG_LEVEL: "warn",
};

let failed = false;
try {
  step("transync validate --env staging", ["validate", "--env", "staging"], [0]);
  step("transync test --env staging (the example test cases, offline)", ["test", "--env", "staging"], [0]);
  step("transync plan --env staging --prune", ["plan", "--env", "staging", "--prune", "--detailed-exitcode"], [2]);
  step("transync apply --env staging --prune --auto-approve", ["apply", "--env", "staging", "--prune", "--auto-approve"], [0]);
  step("transync plan --env staging --prune (again: converged)", ["plan", "--env", "staging", "--prune", "--detailed-exitcode"], [0]);
} catch (error) {
  failed = true;
  console.error(String(error.message ?? error));
} finally {
  emulator.kill("SIGTERM");
  await once(emulator, "exit");
}
process.exit(failed ? 1 : 0);

function step(title, args, okCodes) {
  console.log(`\n$ ${title}`);
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: examples, env, stdio: "inherit" });
  if (!okCodes.includes(run.status)) throw new Error(`demo step failed: ${title} exited ${run.status}`);
}

function readyUrl(child) {
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(buffer);
      if (match && buffer.endsWith("\n")) {
        console.log(`emulator: ${match[1]} (workspace ws_demo, seeded from examples/emulator.yaml)`);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`the emulator exited (${code}) before it was ready`)));
  });
}
