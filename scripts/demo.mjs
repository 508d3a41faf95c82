#!/usr/bin/env node
// The main job on the embedded emulator: start `transync emulator` seeded from examples/emulator.yaml
// (two workspaces, staging and prod, each with its own token), then validate, plan, apply and plan again
// over examples/ in both environments (one change over a limit of the guards refused, then accepted by
// name), and show the refusal of a token that reaches the wrong workspace.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "dist", "bundle", "transync.mjs");
const examples = join(root, "examples");
if (!existsSync(bin)) {
  console.error("transync is not bundled: run `npm run bundle` first.");
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
const tokens = { SEGMENT_API_TOKEN_STAGING: "demo-token-staging", SEGMENT_API_TOKEN_PROD: "demo-token-prod" };
const env = {
  ...process.env,
  ...tokens,
  SEGMENT_API_URL: url,
  TRANSYNC_ALLOW_API_HOSTS: "127.0.0.1:4010",
  TRANSYNC_LOG_LEVEL: "warn",
};
// A token of the shell must not reach the emulator in place of the demo's own; nor a hash key of the
// shell: the demo runs as a pull-request job does, and `transync test` needs none (docs/simulator.md).
delete env.SEGMENT_API_TOKEN;
for (const name of Object.keys(env)) if (name.startsWith("TRANSYNC_KEY_")) delete env[name];
// apply sends the email's hash key (examples/transformations/identity.yaml); `test` runs without it.
const hashKey = { TRANSYNC_KEY_EMAIL: "demo-hash-key" };

let failed = false;
try {
  step("transync validate --env staging", ["validate", "--env", "staging"], [0]);
  step("transync test --env staging (the example test cases, offline)", ["test", "--env", "staging"], [0]);
  // The pull-request comment's Markdown: each change with the events per day it touches (the
  // emulator's volumes of the last 7 days; estimates from the sample events in examples/events/).
  step(
    "transync plan --env prod --events events --format markdown (the pull-request comment, with events per day)",
    ["plan", "--env", "prod", "--prune", "--events", "events", "--format", "markdown"],
    [0],
  );
  // The guards of examples/transync.yaml: "Drop debug events" newly drops more of staging's web events
  // than they allow (or, apply having no sample events, a share it cannot know), so apply refuses it
  // before any write; the operator accepts it by name, and apply prints its plan, then writes.
  const accept = ["--accept-blast-radius", "Drop debug events"];
  step(
    "transync apply --env staging --prune --auto-approve (refused: a change over a limit of guards: in transync.yaml)",
    ["apply", "--env", "staging", "--prune", "--auto-approve"],
    [1],
    {},
    "(exit 1, as it should: the change over a limit is named, and nothing was written)",
  );
  step(
    `transync apply --env staging --prune --auto-approve --accept-blast-radius "Drop debug events" (its plan, then the writes)`,
    ["apply", "--env", "staging", "--prune", "--auto-approve", ...accept],
    [0],
    hashKey,
  );
  // Prod has no Debug events: the same rule drops exactly 0 there (match(event, …) is an exact figure), so nothing is over a limit.
  step(
    "transync apply --env prod --prune --auto-approve (its plan, then the writes)",
    ["apply", "--env", "prod", "--prune", "--auto-approve"],
    [0],
    hashKey,
  );
  for (const name of ["staging", "prod"]) {
    step(`transync plan --env ${name} --prune (again: converged)`, ["plan", "--env", name, "--prune", "--detailed-exitcode"], [0], hashKey);
  }
  step(
    "SEGMENT_API_TOKEN_PROD=<staging's token> transync plan --env prod (refused: the token reaches the wrong workspace)",
    ["plan", "--env", "prod", "--prune"],
    [1],
    { SEGMENT_API_TOKEN_PROD: tokens.SEGMENT_API_TOKEN_STAGING },
  );
} catch (error) {
  failed = true;
  console.error(String(error.message ?? error));
} finally {
  emulator.kill("SIGTERM");
  await once(emulator, "exit");
}
process.exit(failed ? 1 : 0);

function step(title, args, okCodes, extraEnv = {}, refusal = "(exit 1, as it should: nothing was read or written)") {
  console.log(`\n$ ${title}`);
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: examples, env: { ...env, ...extraEnv }, stdio: "inherit" });
  if (!okCodes.includes(run.status)) throw new Error(`demo step failed: ${title} exited ${run.status}`);
  if (run.status === 1) console.log(refusal);
}

function readyUrl(child) {
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(buffer);
      if (match && buffer.endsWith("\n")) {
        console.log(`emulator: ${match[1]} (workspaces acme-staging and acme-prod, seeded from examples/emulator.yaml)`);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`the emulator exited (${code}) before it was ready`)));
  });
}
