import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BENCH_TOKEN, writeScenario } from "../../bench/plan-scenario.js";
import { tokenValue, type EmulatorConfig, type RunningEmulator } from "../../src/emulator/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * The JSON plans of the example project and of the benchmark's mass change, byte for byte as
 * committed in this folder: a refactor of the stages (issue 36, kinds as data) must leave every plan
 * of today unchanged. Regenerate only for an intended change of a plan:
 * `TRANSYNC_WRITE_GOLDEN=1 npx vitest run test/golden-plans`. Nothing is normalised: plans hold no
 * timestamps, ports or paths (examples/ is planned from a commit made at a fixed date, below).
 */
const GOLDEN = import.meta.dirname;
const EXAMPLES = join(import.meta.dirname, "../../examples");
/** The benchmark's generator (bench/plan-scenario.ts, as `npm run bench:plan` runs it with N=10000) at a size worth committing. */
const BENCH_N = 1000;
const isChanged = (i: number): boolean => i % 3 === 0;

/**
 * examples/ committed in a folder of its own at a fixed author, committer and date: the plan names
 * that commit (`origin.commit`) and its digest covers it, so both are the same on every run and
 * compared like every other byte.
 */
function examplesAtFixedCommit(): string {
  const dir = mkdtempSync(join(tmpdir(), "transync-golden-examples-"));
  cpSync(EXAMPLES, dir, { recursive: true });
  const when = "2026-01-01T00:00:00Z";
  const env = { ...process.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when };
  const git = (...args: string[]) =>
    execFileSync(
      "git",
      ["-c", "user.name=transync golden", "-c", "user.email=golden@transync.dev", "-c", "commit.gpgsign=false", ...args],
      {
        cwd: dir,
        env,
        stdio: "ignore",
      },
    );
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", "examples");
  return dir;
}

function compare(name: string, stdout: string): void {
  const path = join(GOLDEN, `${name}.json`);
  const actual = stdout;
  if (process.env.TRANSYNC_WRITE_GOLDEN === "1") writeFileSync(path, actual);
  expect(actual === readFileSync(path, "utf8"), `${name}.json differs from the plan made now`).toBe(true);
}

describe("golden plans: the examples' environments", () => {
  const seed = parse(readFileSync(join(EXAMPLES, "emulator.yaml"), "utf8")) as EmulatorConfig;
  const tokenOf = (slug: string): string => tokenValue(seed.workspaces.find((w) => w.slug === slug)!.tokens[0]!);
  let emulator: RunningEmulator;
  let project: string;
  beforeAll(async () => {
    emulator = await startTestEmulator(seed);
    project = examplesAtFixedCommit();
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(project, { recursive: true, force: true });
  });
  const plan = (...args: string[]) =>
    runCli(["plan", "--format", "json", ...args], {
      cwd: project,
      env: {
        SEGMENT_API_TOKEN_STAGING: tokenOf("acme-staging"),
        SEGMENT_API_TOKEN_PROD: tokenOf("acme-prod"),
        SEGMENT_API_URL: emulator.url,
        TRANSYNC_KEY_EMAIL: "demo-hash-key",
      },
    });

  it.each([
    ["examples-staging", ["--env", "staging", "--prune"]],
    ["examples-prod", ["--env", "prod", "--prune"]],
    ["examples-staging-events", ["--env", "staging", "--volumes", "--events", "events"]],
  ])(
    "%s",
    async (name, args) => {
      const result = await plan(...args);
      expect(result.code, result.stderr).toBe(0);
      compare(name, result.stdout);
    },
    60_000,
  );
});

describe("golden plans: the benchmark's mass change", () => {
  it(`bench-${BENCH_N}: ${BENCH_N} desired vs ${BENCH_N} live, a third changed`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "transync-golden-"));
    writeScenario(dir, BENCH_N, isChanged);
    const seed = JSON.parse(readFileSync(join(dir, "emulator.json"), "utf8")) as EmulatorConfig;
    const emulator = await startTestEmulator(seed);
    try {
      const env = { SEGMENT_API_TOKEN: BENCH_TOKEN, SEGMENT_API_URL: emulator.url };
      const result = await runCli(["plan", "--format", "json"], { cwd: dir, env });
      expect(result.code, result.stderr).toBe(0);
      compare(`bench-${BENCH_N}`, result.stdout);
    } finally {
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
