import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BENCH_TOKEN, hasFql, rewriteAsBlockYaml, writeScenario } from "../../bench/plan-scenario.js";
import { startEmulator, type EmulatorConfig, type RunningEmulator } from "../../src/emulator/index.js";
import { OFF_THREAD } from "../../src/desired/worker-read.js";
import { silentLogger } from "../../src/log.js";
import { runCli } from "../helpers/run-cli.js";

const N = 10_000;
const WORKER_LINE = "documents checked on a worker thread";

/**
 * Issue 40: plan checks a large project's documents on a worker thread while the main thread pages
 * the list. The bench's corpus (bench/plan-scenario.ts: 10,000 documents, a third changed, block
 * YAML) planned both ways gives the same plan, byte for byte, with the same 151 calls.
 */
describe("plan of many documents: checked on a worker thread, the same plan as on the main thread", () => {
  let dir: string;
  let emulator: RunningEmulator;
  const minChars = OFF_THREAD.minChars;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "transync-plan-worker-"));
    writeScenario(dir, N, (i) => i % 3 === 0);
    rewriteAsBlockYaml(join(dir, "transformations"));
    const config = JSON.parse(readFileSync(join(dir, "emulator.json"), "utf8")) as EmulatorConfig;
    emulator = await startEmulator({ host: "127.0.0.1", port: 0, config, logger: silentLogger() });
  });
  afterEach(() => void (OFF_THREAD.minChars = minChars));
  afterAll(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const plan = () =>
    runCli(["plan", "--format", "json"], {
      cwd: dir,
      env: { SEGMENT_API_TOKEN: BENCH_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "debug" },
    });

  it("the bench corpus: the worker's plan and the main thread's are the same bytes, 151 calls each", async () => {
    const onWorker = await plan();
    expect(onWorker.code, onWorker.stderr).toBe(0);
    expect(onWorker.stderr).toContain(WORKER_LINE);

    OFF_THREAD.minChars = Number.POSITIVE_INFINITY;
    const onMain = await plan();
    expect(onMain.code, onMain.stderr).toBe(0);
    expect(onMain.stderr).not.toContain(WORKER_LINE);

    expect(onWorker.stdout).toBe(onMain.stdout);
    const fqlGets = Array.from({ length: N }, (_, i) => i).filter(hasFql).length;
    const parsed = JSON.parse(onWorker.stdout) as { apiCalls: number; summary: { update: number } };
    expect(parsed.apiCalls).toBe(N / 200 + fqlGets + 1);
    expect(parsed.apiCalls).toBe(151);
    expect(parsed.summary.update).toBe(3334);
  });
});

describe("plan of a small project", () => {
  it("starts no worker", async () => {
    const dir = mkdtempSync(join(tmpdir(), "transync-plan-small-"));
    try {
      writeScenario(dir, 20, (i) => i % 3 === 0);
      const config = JSON.parse(readFileSync(join(dir, "emulator.json"), "utf8")) as EmulatorConfig;
      const emulator = await startEmulator({ host: "127.0.0.1", port: 0, config, logger: silentLogger() });
      try {
        const run = await runCli(["plan", "--format", "json"], {
          cwd: dir,
          env: { SEGMENT_API_TOKEN: BENCH_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_LOG_LEVEL: "debug" },
        });
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toContain("read desired state");
        expect(run.stderr).not.toContain(WORKER_LINE);
      } finally {
        await emulator.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
