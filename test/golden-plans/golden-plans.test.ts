import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
 * `TRANSYNC_WRITE_GOLDEN=1 npx vitest run test/golden-plans`.
 */
const GOLDEN = import.meta.dirname;
const EXAMPLES = join(import.meta.dirname, "../../examples");
/** The benchmark's generator (bench/plan-scenario.ts, as `npm run bench:plan` runs it with N=10000) at a size worth committing. */
const BENCH_N = 1000;
const isChanged = (i: number): boolean => i % 3 === 0;

/**
 * The plan names the commit it was made from (`origin.commit`): the one part of it that moves with
 * every commit, replaced in the text; every other byte is compared as printed.
 */
function normalised(stdout: string): string {
  const commit = (JSON.parse(stdout) as { origin?: { commit?: string } }).origin?.commit;
  return commit === undefined ? stdout : stdout.replace(`"commit": ${JSON.stringify(commit)}`, `"commit": "<commit>"`);
}

function compare(name: string, stdout: string): void {
  const path = join(GOLDEN, `${name}.json`);
  const actual = normalised(stdout);
  if (process.env.TRANSYNC_WRITE_GOLDEN === "1") writeFileSync(path, actual);
  expect(actual === readFileSync(path, "utf8"), `${name}.json differs from the plan made now`).toBe(true);
}

describe("golden plans: the examples' environments", () => {
  const seed = parse(readFileSync(join(EXAMPLES, "emulator.yaml"), "utf8")) as EmulatorConfig;
  const tokenOf = (slug: string): string => tokenValue(seed.workspaces.find((w) => w.slug === slug)!.tokens[0]!);
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator(seed);
  });
  afterAll(async () => {
    await emulator.close();
  });
  const plan = (...args: string[]) =>
    runCli(["plan", "--format", "json", ...args], {
      cwd: EXAMPLES,
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
