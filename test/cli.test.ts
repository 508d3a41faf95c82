import { describe, expect, it } from "vitest";
import { runCli } from "./helpers/run-cli.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../src/cli.js";
import { transyncVersion } from "../src/version.js";

describe("cli", () => {
  it("prints the version from package.json", async () => {
    const run = await runCli(["--version"]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(transyncVersion());
  });

  it("rejects an unknown command with exit 1 and no stack trace", async () => {
    const run = await runCli(["frobnicate"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/unknown command 'frobnicate'/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("log format", () => {
  async function planLogs(stderrIsTTY: boolean, env: NodeJS.ProcessEnv): Promise<string> {
    let stderr = "";
    // Nothing listens on port 9: a retried network error is logged, then the command fails.
    await main(["node", "transync", "plan", "--dir", ".", "--api-url", "http://127.0.0.1:9", "--max-retries", "1"], {
      stdout: { write: () => true, isTTY: false },
      stderr: { write: (s: string) => ((stderr += s), true), isTTY: stderrIsTTY },
      env: { SEGMENT_API_TOKEN: "secret-token-123", TRANSYNC_LOG_LEVEL: "info", ...env },
      cwd: mkdtempSync(join(tmpdir(), "transync-log-")),
    });
    return stderr;
  }

  it("writes JSON lines when stderr is not a terminal", async () => {
    const logs = await planLogs(false, {});
    const first = logs.split("\n").find((line) => line.startsWith("{"));
    expect(JSON.parse(first!)).toMatchObject({ level: 40, msg: expect.stringMatching(/waiting before retrying/) });
  });

  it("writes readable lines on a terminal, coloured unless NO_COLOR, JSON again with TRANSYNC_LOG_FORMAT=json", async () => {
    const pretty = await planLogs(true, {});
    expect(pretty).toMatch(/WARN.*API call failed for now; waiting before retrying/);
    expect(pretty).not.toMatch(/^\{/m);
    expect(pretty).toContain("\u001b[");
    expect(await planLogs(true, { NO_COLOR: "1" })).not.toContain("\u001b[");
    expect((await planLogs(true, { TRANSYNC_LOG_FORMAT: "json" })).split("\n")[0]).toMatch(/^\{/);
    expect(pretty + (await planLogs(false, {}))).not.toContain("secret-token-123");
  });
});
