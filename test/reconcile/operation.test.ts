import { networkInterfaces } from "node:os";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { transyncVersion } from "../../src/version.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { commitAll, committedRemote, removeRemote } from "../helpers/git.js";
import { doc, docs, type TempProject } from "../helpers/project.js";
import { runCli } from "../helpers/run-cli.js";
import { waitFor } from "../helpers/wait-for.js";
import { parsePrometheus, samplesOf } from "./prometheus-text.js";
import { startReconcile as startRunning, type RunningReconcile } from "./running-reconcile.js";

/** reconcile as an operator runs it: what --dry-run and --once say, where /metrics listens, what it exposes. */
let emulator: RunningEmulator;
let remote: TempProject;
let cache: string;
const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  SEGMENT_API_TOKEN: TEST_TOKEN,
  SEGMENT_API_URL: emulator.url,
  TRANSYNC_CACHE_DIR: cache,
  ...extra,
});

beforeEach(async () => {
  emulator = await startTestEmulator();
  ({ remote, cache } = committedRemote("transync-operation-"));
});
afterEach(async () => {
  await emulator.close();
  removeRemote({ remote, cache });
});

/** The JSON log lines of a run (TRANSYNC_LOG_FORMAT=json). */
function logLines(stderr: string): Array<Record<string, unknown>> {
  return stderr
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Starts a long-running reconcile; returns its stderr so far, a stop, and the metrics port once it is logged. */
function startReconcile(extra: string[]): RunningReconcile {
  return startRunning(remote.dir, extra, { env: env({ TRANSYNC_LOG_FORMAT: "json" }), cwd: cache });
}

describe("reconcile --dry-run and --once say what they do", () => {
  it("--dry-run logs each planned action with its kind, name and id, and writes nothing", async () => {
    expect((await runCli(["reconcile", "--repo", remote.dir, "--ref", "main", "--once"], { env: env(), cwd: cache })).code).toBe(0);
    const ids = new Map(emulator.transformations("ws_test").map((t) => [t.name, t.id]));
    remote.write("transformations/a.yaml", docs(doc("A", "src_web", { if: "event = 'A2'" }), doc("C", "src_web")));
    commitAll(remote.dir, "second");
    const run = await runCli(["reconcile", "--repo", remote.dir, "--ref", "main", "--once", "--dry-run", "--prune"], {
      env: env({ TRANSYNC_LOG_FORMAT: "json", TRANSYNC_LOG_LEVEL: "info" }),
      cwd: cache,
    });
    expect(run.code, run.stderr).toBe(0);
    const planned = logLines(run.stderr)
      .filter((l) => l.msg === "dry run: would apply")
      .map(({ kind, name, id }) => ({ kind, name, id }));
    expect(planned).toHaveLength(3);
    expect(planned).toEqual(
      expect.arrayContaining([
        { kind: "create", name: "C", id: undefined },
        { kind: "update", name: "A", id: ids.get("A") },
        { kind: "delete", name: "B", id: ids.get("B") },
      ]),
    );
    expect(
      emulator
        .transformations("ws_test")
        .map((t) => t.name)
        .sort(),
    ).toEqual(["A", "B"]);
  });

  it("--once logs that it stops after the failed cycle, never that it retries", async () => {
    const run = await runCli(["reconcile", "--repo", remote.dir, "--ref", "main", "--once", "--max-retries", "0"], {
      env: env({ SEGMENT_API_URL: "http://127.0.0.1:9", TRANSYNC_LOG_FORMAT: "json" }),
      cwd: cache,
    });
    expect(run.code).toBe(1);
    const failed = logLines(run.stderr).find((l) => l.level === "error" || l.level === 50);
    expect(failed?.msg).toBe("reconcile cycle failed; --once: stopping after this failed cycle (exit 1)");
    expect(run.stderr).not.toMatch(/retrying/);
  });
});

describe("reconcile /metrics", () => {
  it("listens on 127.0.0.1 unless --metrics-host says otherwise", async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    const loopbackOnly = startReconcile([]);
    const port = await loopbackOnly.port();
    expect(logLines(loopbackOnly.stderr()).find((l) => l.port !== undefined)).toMatchObject({ host: "127.0.0.1" });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await expect(fetch(`http://[::1]:${port}/healthz`)).rejects.toThrow();
    if (outside) await expect(fetch(`http://${outside}:${port}/healthz`)).rejects.toThrow();
    expect(await loopbackOnly.stop()).toBe(0);

    const everywhere = startReconcile(["--metrics-host", "0.0.0.0"]);
    const open = await everywhere.port();
    if (outside) expect((await fetch(`http://${outside}:${open}/healthz`)).status).toBe(200);
    expect(await everywhere.stop()).toBe(0);

    const bad = await runCli(["reconcile", "--repo", remote.dir, "--once", "--metrics-port", "0", "--metrics-host", "not a host"], {
      env: env(),
      cwd: cache,
    });
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringMatching(/--metrics-host must be an IP address or a host name/) });
  });

  it("exposes transync_build_info and the cycle duration histogram, parseable as Prometheus text", async () => {
    const startedAt = performance.now();
    const running = startReconcile([]);
    const port = await running.port();
    const scrape = await waitFor(async () => {
      const parsed = parsePrometheus(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text());
      return (samplesOf(parsed, "transync_reconcile_cycle_duration_seconds_count")[0]?.value ?? 0) >= 2 ? parsed : undefined;
    });
    const secondsRunning = (performance.now() - startedAt) / 1000;
    expect(await running.stop()).toBe(0);

    expect(scrape.types.get("transync_build_info")).toBe("gauge");
    expect(samplesOf(scrape, "transync_build_info")).toEqual([
      { name: "transync_build_info", labels: { version: transyncVersion(), node: process.version }, value: 1 },
    ]);

    const name = "transync_reconcile_cycle_duration_seconds";
    expect(scrape.types.get(name)).toBe("histogram");
    expect(scrape.help.get(name)).toMatch(/seconds/);
    const buckets = samplesOf(scrape, `${name}_bucket`);
    const bounds = buckets.map((b) => (b.labels.le === "+Inf" ? Infinity : Number(b.labels.le)));
    expect(bounds.at(-1)).toBe(Infinity);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b)); // ascending
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value); // cumulative
    const count = samplesOf(scrape, `${name}_count`)[0]!.value;
    const sum = samplesOf(scrape, `${name}_sum`)[0]!.value;
    expect(buckets.at(-1)!.value).toBe(count);
    expect(sum).toBeGreaterThan(0);
    // Seconds, not milliseconds: the cycles together took no longer than the run they were part of
    // (in milliseconds the sum would be 1,000 times that); no bound on how long, which is the machine's.
    expect(sum).toBeLessThanOrEqual(secondsRunning);
    expect(samplesOf(scrape, "transync_cycles_total").reduce((n, s) => n + s.value, 0)).toBeGreaterThanOrEqual(count);
  });
});
