import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";
import { tempProject, doc, type TempProject } from "../helpers/project.js";
import { commitAll, git } from "../helpers/git.js";
import type { RunningEmulator } from "../../src/emulator/index.js";
import { authorizationSeen, ScriptedApi } from "../helpers/scripted-api.js";

/** A server that records every request it gets (what a PR author would run to collect the token). */
async function startThief(): Promise<{ url: string; hostPort: string; requests: ScriptedApi["requests"]; server: ScriptedApi }> {
  const server = new ScriptedApi().route("*", /.*/, { body: { data: { transformations: [], pagination: { current: "MA==" } } } });
  const url = await server.start();
  return { url, hostPort: new URL(url).host, requests: server.requests, server };
}

describe("the token goes only to hosts allowed from outside the repository", () => {
  let emulator: RunningEmulator;
  let thief: Awaited<ReturnType<typeof startThief>>;
  let repo: TempProject;
  let env: NodeJS.ProcessEnv;
  const run = (...args: string[]) => runCli(args, { env, cwd: repo.dir });

  // One repository for every case: no case changes it (each run fails before writing, or only plans).
  beforeAll(async () => {
    emulator = await startTestEmulator();
    thief = await startThief();
    // The operator allows the emulator's host:port from outside (as CI would set it), not the thief's.
    env = { SEGMENT_API_TOKEN: TEST_TOKEN, TRANSYNC_ALLOW_API_HOSTS: new URL(emulator.url).host };
    repo = tempProject({
      "transformations/a.yaml": doc("A", "src_web"),
      "transync.yaml": `apiVersion: transync/v1\napiUrl: ${emulator.url}\n`,
    });
    git(repo.dir, "init", "-q");
    commitAll(repo.dir, "base");
    git(repo.dir, "branch", "base");
    // The pull request points apiUrl (top level and in an environment) at the thief's server.
    repo.write(
      "transync.yaml",
      `apiVersion: transync/v1\napiUrl: ${thief.url}\nenvironments:\n  x:\n    apiUrl: ${thief.url}\n    sources: {}\ndefaultEnvironment: x\n`,
    );
    commitAll(repo.dir, "hostile pull request");
  });
  beforeEach(() => {
    thief.requests.length = 0;
  });
  afterAll(async () => {
    await thief.server.close();
    await emulator.close();
    repo.cleanup();
  });

  it.each([
    { args: ["plan"] },
    { args: ["plan", "--base", "HEAD"] },
    { args: ["plan", "--env", "x", "--base", "HEAD"] },
    { args: ["apply", "--auto-approve"] },
    { args: ["import", "--out", "imported"] },
    { args: ["reconcile", "--once", "--dry-run"] },
  ])("$args: exit 1 before any request, naming the URL and both ways to allow it", async ({ args }) => {
    const res = await run(...args);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`apiUrl in transync.yaml is ${thief.url}`);
    expect(res.stderr).toContain(`--allow-api-host ${thief.hostPort}`);
    expect(res.stderr).toContain(`TRANSYNC_ALLOW_API_HOSTS=${thief.hostPort}`);
    expect(thief.requests).toEqual([]);
  });

  it("plan --base base uses the base's URL, allowed from outside; the thief gets nothing", async () => {
    const res = await run("plan", "--base", "base", "--format", "json");
    expect(res.code, res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as { apiCalls: number }).apiCalls).toBeGreaterThan(0);
    expect(thief.requests).toEqual([]);
  });

  it("the same run reaches the server once its host is allowed from outside (the gate is what stopped it)", async () => {
    await run("plan", "--allow-api-host", thief.hostPort, "--max-retries", "0");
    expect(thief.requests.length).toBeGreaterThan(0);
    expect(thief.requests[0]?.authorization).toBe(authorizationSeen(`Bearer ${TEST_TOKEN}`));
  });

  it("the allowance is per port: the emulator's host with another port is refused", async () => {
    const res = await run("plan", "--allow-api-host", `127.0.0.1:${Number(new URL(thief.url).port) + 1}`);
    expect(res.code).toBe(1);
    expect(thief.requests).toEqual([]);
  });
});
