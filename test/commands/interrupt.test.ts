import { afterEach, describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { useBulkWorkspace } from "../helpers/bulk-workspace.js";
import { ScriptedApi } from "../helpers/scripted-api.js";

const COUNT = 40;

/**
 * A relay in front of the emulator; `nthCreate` resolves the moment the n-th create is answered (an
 * event), so a signal sent then lands mid-apply however slowly a loaded machine runs either process.
 */
async function relayCounting(url: string, n: number): Promise<{ relay: ScriptedApi; nthCreate: Promise<void> }> {
  let creates = 0;
  let reached: () => void = () => undefined;
  const nthCreate = new Promise<void>((resolve) => (reached = resolve));
  const relay: ScriptedApi = new ScriptedApi(url).route("POST", "/transformations", async (req) => {
    const reply = await relay.forward(req);
    if (++creates === n) reached();
    return reply;
  });
  await relay.start();
  return { relay, nthCreate };
}

describe("interrupted apply", () => {
  const ws = useBulkWorkspace(COUNT);
  const { env } = ws;
  let relay: ScriptedApi | undefined;
  afterEach(async () => {
    await relay?.close();
    relay = undefined;
  });

  it("kill -9 mid-apply, then apply again, converges with no duplicates", async () => {
    const counting = await relayCounting(ws.emulator.url, 5);
    relay = counting.relay;
    const { child, done } = spawnCli(["apply", "--auto-approve", "--rate", "20"], { ...env(), SEGMENT_API_URL: relay.url }, ws.project.dir);
    void counting.nthCreate.then(() => child.kill("SIGKILL"));
    await done;
    const partial = ws.emulator.transformations("ws_test").length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(COUNT);
    // The killed process still "holds" the lock; its process is gone, so the next apply takes it over.
    expect(readdirSync(join(ws.cache, "locks")).filter((f) => f.endsWith(".lock"))).toEqual(["ws_test.lock"]);

    const again = await runCli(["apply", "--auto-approve", "--rate", "200"], { env: env(), cwd: ws.project.dir });
    expect(again.code, again.stderr).toBe(0);
    ws.expectNoDuplicates();
  });

  it("Ctrl-C (SIGINT): finishes in-flight calls, reports, exits 130; apply again converges", async () => {
    const counting = await relayCounting(ws.emulator.url, 3);
    relay = counting.relay;
    const { child, done } = spawnCli(["apply", "--auto-approve", "--rate", "10"], { ...env(), SEGMENT_API_URL: relay.url }, ws.project.dir);
    void counting.nthCreate.then(() => child.kill("SIGINT"));
    const { code, stdout } = await done;
    expect(code).toBe(130);
    expect(readdirSync(join(ws.cache, "locks"))).toEqual([]); // the lock was released on the way out
    expect(stdout).toMatch(/Apply: \d+ created, 0 updated, 0 deleted, 0 failed, \d+ skipped\./);
    const again = await runCli(["apply", "--auto-approve", "--rate", "200"], { env: env(), cwd: ws.project.dir });
    expect(again.code, again.stderr).toBe(0);
    ws.expectNoDuplicates();
  });
});
