import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import type { TempProject } from "../helpers/project.js";
import { committedRemote, removeRemote } from "../helpers/git.js";
import { waitFor } from "../helpers/wait-for.js";
import { startReconcile } from "./running-reconcile.js";
import type { RunningEmulator } from "../../src/emulator/index.js";

/** One sample of a metric without labels, or of the labelled sample given. */
function sample(text: string, name: string): number {
  const match = new RegExp(`^${name.replace(/[{}"]/g, (c) => `\\${c}`)} (\\d+)$`, "m").exec(text);
  return match ? Number(match[1]) : 0;
}

describe("reconcile metrics count every HTTP request, in failed cycles too", () => {
  let emulator: RunningEmulator;
  let remote: TempProject;
  let cache: string;

  beforeEach(() => {
    ({ remote, cache } = committedRemote("transync-metrics-"));
  });
  afterEach(async () => {
    await emulator.close();
    removeRemote({ remote, cache });
  });

  /**
   * Runs reconcile (one retry per call, a cycle a second) until `accept` takes a /metrics text read
   * between two cycles (the same before and after the server's count); returns it, or the last seen.
   */
  async function reconcileUntil(
    accept: (metrics: string, serverRequests: number) => boolean,
  ): Promise<{ metrics: string; server: number; ok: boolean }> {
    const env = { SEGMENT_API_TOKEN: TEST_TOKEN, SEGMENT_API_URL: emulator.url, TRANSYNC_CACHE_DIR: cache };
    const running = startReconcile(remote.dir, ["--max-retries", "1"], { env, cwd: cache });
    let last = { metrics: "", server: 0, ok: false };
    try {
      const port = await running.port();
      const read = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      await waitFor(async () => {
        const before = await read();
        const server = emulator.stats().requests;
        last = { metrics: before, server, ok: false };
        if (before !== (await read()) || !accept(before, server)) return undefined;
        return (last = { metrics: before, server, ok: true });
      }).catch(() => undefined);
      return last;
    } finally {
      await running.stop();
    }
  }

  const failures = (text: string) => sample(text, 'transync_cycles_total{result="failure"}');

  it("every request answered 500: calls equal the requests the server received, retries half of them (one retry each)", async () => {
    emulator = await startTestEmulator({ faults: { seed: 5, rate500: 1 } });
    const seen = await reconcileUntil((text, server) => failures(text) >= 3 && sample(text, "transync_api_calls_total") === server);
    expect(seen.ok, `server received ${seen.server} requests; metrics said:\n${seen.metrics}`).toBe(true);
    expect(sample(seen.metrics, "transync_api_retries_total")).toBe(seen.server / 2);
    expect(sample(seen.metrics, 'transync_cycles_total{result="success"}')).toBe(0);
  });

  it("500s on 40% of requests, cycles failing and succeeding: calls equal the requests the server received", async () => {
    emulator = await startTestEmulator({ faults: { seed: 5, rate500: 0.4 } });
    const seen = await reconcileUntil(
      (text, server) =>
        failures(text) >= 2 &&
        sample(text, 'transync_cycles_total{result="success"}') >= 1 &&
        sample(text, "transync_api_calls_total") === server,
    );
    expect(seen.ok, `server received ${seen.server} requests; metrics said:\n${seen.metrics}`).toBe(true);
    expect(sample(seen.metrics, "transync_api_retries_total")).toBeGreaterThanOrEqual(failures(seen.metrics));
  });
});
