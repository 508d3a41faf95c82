import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import type { RunningEmulator, WorkspaceConfig } from "../../src/emulator/index.js";
import { FakeGitHub } from "../forge/fake-github.js";
import { startTestEmulator, testWorkspace } from "../helpers/emulator.js";
import { git } from "../helpers/git.js";
import { runAction } from "../../src/action/run-action.js";
import { installShim, type ActionStepRunner, type Runner, type ScriptRun } from "./run-workflow.js";

/** A read-only token (the emulator's `readOnlyTokens`, whose writes are answered 403): what pull-request and drift jobs get. */
export const READ_TOKEN = "read-only-token";

/** A fresh clone on a branch, as a runner makes it, and what every job's environment and expressions start from. */
export interface CiCheckout {
  checkout: string;
  /** This clone's number: files of its own (summary, output, event) are named after it. */
  n: number;
  env: Record<string, string> & { GITHUB_STEP_SUMMARY: string };
  expressions: Record<string, string>;
}

export interface CiBench {
  readonly emulator: RunningEmulator;
  readonly github: FakeGitHub;
  /** The test's folder: the bare `origin`, the developer's clone `dev`, the runners' clones. */
  readonly root: string;
  readonly origin: string;
  readonly dev: string;
  checkoutOn(branch: string): CiCheckout;
  /** The developer commits everything on `branch` and pushes it. */
  commitAndPush(message: string, branch: string): void;
  /** `feature` merged into main (fast-forward) and pushed. */
  merge(): void;
  /** A runner's fresh checkout of `branch`, holding exactly `secrets`, with a pull request's event file. */
  runnerOn(branch: string, secrets: Record<string, string>, expressions?: Record<string, string>): Runner;
  /** The commit `refs/transync/applied/<env>` names in origin ("" when none). */
  appliedRef(env: string): string;
}

/** Every step of the jobs ran, and each exited 0 (its output in the failure message). */
export function expectAllPassed(runs: ScriptRun[]): void {
  expect(runs.length).toBeGreaterThan(0);
  for (const run of runs) expect(run.code, `${run.name}:\n${run.output}`).toBe(0);
}

/** The Action's entry, given the step's inputs as the runner passes them (action.yml's default github-token included). */
export const actionStep: ActionStepRunner = async (name, inputs, env, cwd) => {
  let output = "";
  const stream = { write: (chunk: string) => ((output += chunk), true), isTTY: false };
  const given = Object.fromEntries(Object.entries(inputs).map(([input, value]) => [`INPUT_${input.toUpperCase()}`, value]));
  const code = await runAction({ stdout: stream, stderr: stream, env: { INPUT_GITHUB_TOKEN: "ghs_test", ...env, ...given }, cwd });
  return { name, code, output };
};

/**
 * Where the CI workflows run for real: the transync shim on PATH (once per file), and for each test an
 * emulator whose workspace also takes READ_TOKEN (or the `workspaces` given, each with its own tokens),
 * a fake GitHub, a bare `origin` on main and a developer's clone of it.
 */
export function useCiBench(prefix: string, workspaces?: () => WorkspaceConfig[]): CiBench {
  let bin = "";
  let shimDir = "";
  let emulator: RunningEmulator;
  let github: FakeGitHub;
  let root = "";
  let clones = 0;
  beforeAll(async () => {
    shimDir = mkdtempSync(join(tmpdir(), `${prefix}-shim-`));
    bin = await installShim(shimDir);
  });
  afterAll(() => rmSync(shimDir, { recursive: true, force: true }));
  beforeEach(async () => {
    emulator = await startTestEmulator({ workspaces: workspaces?.() ?? [{ ...testWorkspace(), readOnlyTokens: [READ_TOKEN] }] });
    github = new FakeGitHub();
    await github.start();
    root = mkdtempSync(join(tmpdir(), `${prefix}-`));
    git(root, "init", "-q", "--bare", "--initial-branch=main", bench.origin);
    git(root, "clone", "-q", bench.origin, bench.dev);
    git(bench.dev, "checkout", "-q", "-B", "main");
  });
  afterEach(async () => {
    await emulator.close();
    await github.stop();
    rmSync(root, { recursive: true, force: true });
  });
  const bench: CiBench = {
    get emulator() {
      return emulator;
    },
    get github() {
      return github;
    },
    get root() {
      return root;
    },
    get origin() {
      return join(root, "origin.git");
    },
    get dev() {
      return join(root, "dev");
    },
    checkoutOn(branch) {
      const n = (clones += 1);
      const checkout = join(root, `checkout-${n}`);
      git(root, "clone", "-q", "--branch", branch, bench.origin, checkout);
      const summary = join(root, `summary-${n}.md`);
      writeFileSync(summary, "");
      const env = {
        PATH: `${bin}:${process.env.PATH ?? ""}`,
        HOME: root,
        SEGMENT_API_URL: emulator.url,
        TRANSYNC_CACHE_DIR: join(root, "cache"),
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_REPOSITORY: github.slug,
        GITHUB_API_URL: github.url,
      };
      const expressions = { "runner.temp": root, "github.base_ref": "main", "github.event.number": "7" };
      return { checkout, n, env, expressions };
    },
    commitAndPush(message, branch) {
      git(bench.dev, "checkout", "-q", "-B", branch);
      git(bench.dev, "add", "-A");
      git(bench.dev, "commit", "-q", "-m", message);
      git(bench.dev, "push", "-q", "origin", branch);
    },
    merge() {
      git(bench.dev, "checkout", "-q", "main");
      git(bench.dev, "merge", "-q", "--ff-only", "feature");
      git(bench.dev, "push", "-q", "origin", "main");
    },
    runnerOn(branch, secrets, expressions = {}) {
      const { checkout, n, env, expressions: base } = bench.checkoutOn(branch);
      const event = join(root, `event-${n}.json`);
      writeFileSync(event, JSON.stringify({ pull_request: { number: 7 } }));
      const values = {
        ...Object.fromEntries(Object.entries(secrets).map(([name, value]) => [`secrets.${name}`, value])),
        ...base,
        ...expressions,
      };
      return { checkout, env: { ...env, GITHUB_OUTPUT: join(root, `output-${n}`), GITHUB_EVENT_PATH: event }, expressions: values };
    },
    appliedRef(env) {
      return git(bench.origin, "rev-parse", "--verify", "-q", `refs/transync/applied/${env}`);
    },
  };
  return bench;
}
