import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { RunningEmulator, WorkspaceConfig } from "../../src/emulator/index.js";
import { FakeGitHub } from "../comment/fake-github.js";
import { startTestEmulator, testWorkspace } from "../helpers/emulator.js";
import { git } from "../helpers/git.js";
import { installShim } from "./run-workflow.js";

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
}

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
  };
  return bench;
}
