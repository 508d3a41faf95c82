import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { useBulkWorkspace } from "../helpers/bulk-workspace.js";
import { waitFor } from "../helpers/wait-for.js";

const COUNT = 40;

describe("interrupted apply", () => {
  const ws = useBulkWorkspace(COUNT);
  const { env } = ws;

  it("kill -9 mid-apply, then apply again, converges with no duplicates", async () => {
    const { child } = spawnCli(["apply", "--auto-approve", "--rate", "20"], env(), ws.project.dir);
    await waitFor(() => (ws.emulator.transformations("ws_test").length >= 5 ? true : undefined));
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
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
    const { child, done } = spawnCli(["apply", "--auto-approve", "--rate", "10"], env(), ws.project.dir);
    await waitFor(() => (ws.emulator.transformations("ws_test").length >= 3 ? true : undefined));
    child.kill("SIGINT");
    const { code, stdout } = await done;
    expect(code).toBe(130);
    expect(readdirSync(join(ws.cache, "locks"))).toEqual([]); // the lock was released on the way out
    expect(stdout).toMatch(/Apply: \d+ created, 0 updated, 0 deleted, 0 failed, \d+ skipped\./);
    const again = await runCli(["apply", "--auto-approve", "--rate", "200"], { env: env(), cwd: ws.project.dir });
    expect(again.code, again.stderr).toBe(0);
    ws.expectNoDuplicates();
  });
});
